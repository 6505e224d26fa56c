/**
 * What the desk for a team adds to a list: the "Assigned to" filter and column, a checkbox per
 * row with "select all on this page", the bar of actions for the selection, and the keyboard
 * walk through the rows (shortcuts.ts).
 */
import type { ReactNode, RefObject } from 'react';
import { AssigneeOptions } from './AssigneeSelect.tsx';
import { useSelection } from './useSelection.ts';
import { useShortcuts } from './shortcuts.ts';

const ROW_LINKS = 'tbody th a';

/** The "Assigned to" filter of the list's filters form (its field is `assignee`). */
export function AssigneeFilter({
  id,
  value,
  invalid,
  refusal,
}: {
  id: string;
  value: string;
  invalid: object;
  refusal: ReactNode;
}) {
  return (
    <div className="staff-filter">
      <label htmlFor={id}>Assigned to</label>
      <select id={id} name="assignee" className="staff-input" defaultValue={value} {...invalid}>
        <AssigneeOptions
          leading={[
            { value: '', label: 'Anyone or nobody' },
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Nobody' },
          ]}
          current={value}
        />
      </select>
      {refusal}
    </div>
  );
}

/** The assignee as a list cell shows it. */
export function assigneeText(value: unknown): string {
  if (value && typeof value === 'object' && 'username' in value) {
    const a = value as { username: string; name?: string };
    return a.name || a.username;
  }
  return '—';
}

/**
 * The page's selection, and the list's single-key shortcuts: j and k move the focus from row to
 * row (to each row's link), o opens the row in focus, x selects it.
 */
export function useListTriage(ids: readonly string[], tableRef: RefObject<HTMLElement | null>) {
  const selection = useSelection(ids);
  const links = () => [...(tableRef.current?.querySelectorAll<HTMLElement>(ROW_LINKS) ?? [])];
  const focusedRow = () => {
    const all = links();
    const row = document.activeElement?.closest('tr');
    return { all, at: all.findIndex((a) => a.closest('tr') === row) };
  };
  const move = (step: number) => {
    const { all, at } = focusedRow();
    const next = all[at < 0 ? 0 : Math.min(all.length - 1, Math.max(0, at + step))];
    next?.focus();
    next?.scrollIntoView({ block: 'nearest' });
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    o: () => {
      const { all, at } = focusedRow();
      all[at]?.click();
    },
    x: () => {
      const { all, at } = focusedRow();
      const row = all[at]?.closest('tr');
      row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
    },
  });
  return selection;
}

/** A row's checkbox, named by its applicant. */
export function SelectCell({
  name,
  checked,
  onToggle,
}: {
  name: string;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <td className="staff-table__select">
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={`Select ${name}`} />
    </td>
  );
}

/** The header's "select all on this page". */
export function SelectAllHeader({
  all,
  some,
  onToggle,
}: {
  all: boolean;
  some: boolean;
  onToggle: () => void;
}) {
  return (
    <th scope="col" className="staff-table__select">
      <input
        type="checkbox"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = some;
        }}
        onChange={onToggle}
        aria-label="Select all on this page"
      />
    </th>
  );
}
