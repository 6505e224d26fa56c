/**
 * What the desk for a team adds to a list: the "Assigned to" filter and column, a checkbox per
 * row with "select all on this page", the bar of actions for the selection, and the keyboard
 * walk through the rows (shortcuts.ts).
 */
import { useState, type ReactNode, type RefObject } from 'react';
import { AssigneeOptions } from './AssigneeSelect.tsx';
import { useSelection } from './useSelection.ts';
import { useShortcuts } from './shortcuts.ts';

const ROW_LINKS = 'tbody th a';

/**
 * The "Assigned to" filter of the list's filters form (its field is `assignee`). It is
 * controlled, unlike the form's other fields: its staff members come after it shows, and a choice
 * from the address (a username) must stay chosen when they replace its placeholder option.
 */
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
  const [chosen, setChosen] = useState(value);
  return (
    <div className="staff-filter">
      <label htmlFor={id}>Assigned to</label>
      <select
        id={id}
        name="assignee"
        className="staff-input"
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
        {...invalid}
      >
        <AssigneeOptions
          leading={[
            { value: '', label: 'Anyone' },
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Nobody' },
          ]}
          current={chosen}
        />
      </select>
      {refusal}
    </div>
  );
}

/**
 * The assignee as a list cell shows it: the name, else the username; a dash for nobody. (It takes
 * any value: the detail passes what its store holds.)
 */
export function assigneeText(value: unknown): string {
  if (value && typeof value === 'object' && 'username' in value) {
    const a = value as { username: string; name?: string };
    return a.name || a.username;
  }
  return '—';
}

/**
 * The page's selection, and the list's single-key shortcuts: j and k (and the arrow keys, once
 * focus is in a row) move the focus from row to row, to each row's link, which opens with o or
 * Enter; x selects the row in focus. Focus is the current row: the browser shows it, and a
 * screen reader says it, with no state of its own to keep in step.
 */
export function useListTriage(ids: readonly string[], tableRef: RefObject<HTMLElement | null>) {
  const selection = useSelection(ids);
  const links = () => [...(tableRef.current?.querySelectorAll<HTMLElement>(ROW_LINKS) ?? [])];
  /** The rows' links, and which one's row holds the focus (-1: none). */
  const focusedRow = () => {
    const all = links();
    const active = document.activeElement;
    const row = active && tableRef.current?.contains(active) ? active.closest('tr') : null;
    return { all, at: row ? all.findIndex((a) => a.closest('tr') === row) : -1 };
  };
  const move = (step: number, onlyFromRow: boolean) => {
    const { all, at } = focusedRow();
    if (all.length === 0 || (onlyFromRow && at < 0)) return false;
    const next = all[at < 0 ? 0 : Math.min(all.length - 1, Math.max(0, at + step))];
    next?.focus(); // Which scrolls it into view.
  };
  const inFocusedRow = (act: (link: HTMLElement) => void) => {
    const { all, at } = focusedRow();
    const link = all[at];
    if (!link) return false;
    act(link);
  };
  useShortcuts({
    j: () => move(1, false),
    k: () => move(-1, false),
    ArrowDown: () => move(1, true),
    ArrowUp: () => move(-1, true),
    o: () => inFocusedRow((link) => link.click()),
    x: () =>
      inFocusedRow((link) =>
        link.closest('tr')?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click(),
      ),
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
