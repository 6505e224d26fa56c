/**
 * One page of a list: each application's checkbox (the selection the bulk bar acts on), name
 * (opening it), email, the kind's columns, whom it is assigned to and when it came; an admin also
 * gets each row's Delete. The row holding the focus is the current one (keyboard triage).
 */
import type { RefObject } from 'react';
import { fieldOf, type Application, type ListFilters } from '../data/applications.ts';
import { KINDS, fieldText, type Kind } from '../kinds.ts';
import { AppLink } from '../links.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { detailHref } from '../urls.ts';
import { SelectAllHeader, SelectCell, assigneeText } from '../team/ListTriage.tsx';

/** The page's selection, as the table shows and changes it (useSelection). */
export interface TableSelection {
  selected: ReadonlySet<string>;
  all: boolean;
  some: boolean;
  toggle: (id: string) => void;
  toggleAll: () => void;
}

/** "1,000+" when the server stopped counting. */
export const countText = (total: number, capped: boolean) =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;

export function ApplicationTable({
  kind,
  filters,
  rows,
  pages,
  capped,
  isAdmin,
  tableRef,
  selection,
  onDelete,
}: {
  kind: Kind;
  filters: ListFilters;
  rows: readonly Application[];
  pages: number;
  capped: boolean;
  isAdmin: boolean;
  tableRef: RefObject<HTMLDivElement | null>;
  selection: TableSelection;
  onDelete: (item: Application) => void;
}) {
  const info = KINDS[kind];
  return (
    <TableScroll label={`${info.title} table`} wrapRef={tableRef}>
      <table className="staff-table">
        <caption className="spartan-visually-hidden">
          {info.title}, page {filters.page} of {countText(pages, capped)},{' '}
          {filters.sort === 'oldest' ? 'oldest' : 'newest'} first
        </caption>
        <thead>
          <tr>
            <SelectAllHeader
              all={selection.all}
              some={selection.some}
              onToggle={selection.toggleAll}
            />
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            {info.columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">Assigned to</th>
            <th scope="col">Submitted</th>
            {isAdmin && (
              <th scope="col">
                <span className="spartan-visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => {
            const name = fieldText('fullname', item.fullname);
            return (
              <tr
                key={item.id}
                className={
                  selection.selected.has(item.id) ? 'staff-table__row--selected' : undefined
                }
              >
                <SelectCell
                  name={name}
                  checked={selection.selected.has(item.id)}
                  onToggle={() => selection.toggle(item.id)}
                />
                <th scope="row">
                  <AppLink href={detailHref(kind, item.id, filters)} ownFocus>
                    {name}
                  </AppLink>
                </th>
                <td className="staff-table__email">{fieldText('email', item.email)}</td>
                {info.columns.map((c) => (
                  <td key={c.key}>
                    {c.key === 'status' ? (
                      <span className={`staff-badge staff-badge--${item.status}`}>
                        {fieldText(c.key, item.status)}
                      </span>
                    ) : (
                      fieldText(c.key, fieldOf(item, c.key))
                    )}
                  </td>
                ))}
                <td>{assigneeText(item.assignee)}</td>
                <td>{fieldText('created_at', item.created_at)}</td>
                {isAdmin && (
                  <td>
                    <button
                      type="button"
                      className="button button--outline staff-button--small"
                      onClick={() => onDelete(item)}
                    >
                      Delete{' '}
                      <span className="spartan-visually-hidden">the application of {name}</span>
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
