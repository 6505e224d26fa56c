/**
 * One page of a list: each application's name (opening it), email, the kind's columns and when
 * it came; an admin also gets each row's Delete.
 */
import type { RefObject } from 'react';
import { fieldOf, type Application, type ListFilters } from '../data/applications.ts';
import { KINDS, fieldText, type Kind } from '../kinds.ts';
import { AppLink } from '../links.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { detailHref } from '../urls.ts';

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
  onDelete,
}: {
  kind: Kind;
  filters: ListFilters;
  rows: readonly Application[];
  pages: number;
  capped: boolean;
  isAdmin: boolean;
  tableRef: RefObject<HTMLDivElement | null>;
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
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            {info.columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
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
              <tr key={item.id}>
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
