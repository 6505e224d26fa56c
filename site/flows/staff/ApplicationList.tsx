import '#text-input-events';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { PAGE_SIZE, fetchList, removeApplication, staffState, type Application } from './api.ts';
import { DeleteDialog } from './ConfirmDialog.tsx';
import { KINDS, SITE_SOURCE, fieldText, type Kind } from './kinds.ts';
import { AppLink, STAFF_PATH } from './links.tsx';

export interface ApplicationListProps {
  kind: Kind;
  page: number;
  q: string;
  /** The source filter: `site`, a partner origin, or empty for all. */
  source: string;
}

/**
 * Staff views live in the query string of /staff (one page the server always
 * has): `list` (investors), `id`, `page`, `q`, `source`, so back, refresh and links keep them.
 */
function staffHref(kind: Kind, entries: Record<string, string>): string {
  const params = new URLSearchParams();
  if (kind !== 'spartan') params.set('list', KINDS[kind].segment);
  for (const [key, value] of Object.entries(entries)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${STAFF_PATH}?${query}` : STAFF_PATH;
}

export const listHref = (kind: Kind, page: number, q: string, source = ''): string =>
  staffHref(kind, { page: page > 1 ? String(page) : '', q, source });

export const detailHref = (kind: Kind, id: string): string => staffHref(kind, { id });

/** One kind's applications: newest first, searchable, paginated, each openable and deletable. */
export function ApplicationList({ kind, page, q, source }: ApplicationListProps) {
  const info = KINDS[kind];
  const snap = useSnapshot(staffState[kind]);
  const list = snap.list;
  const uid = useId();
  const [query, setQuery] = useState(q);
  const [toDelete, setToDelete] = useState<Application | null>(null);
  const [notice, setNotice] = useState('');
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void fetchList(kind, page, q, source);
  }, [kind, page, q, source]);
  // The partner origins this page shows, offered as filters beside "our site".
  const partners = [
    ...new Set(
      [source, ...list.data.map((a) => a.origin)].filter(
        (o): o is string => typeof o === 'string' && o !== '' && o !== 'site',
      ),
    ),
  ];

  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const confirmDelete = async () => {
    if (!toDelete) return;
    const name = fieldText('fullname', toDelete.fullname);
    if (await removeApplication(kind, toDelete.id)) {
      setToDelete(null);
      setNotice(`Deleted the application of ${name}.`);
      // Its row and Delete button are gone: focus goes to the list's heading.
      titleRef.current?.focus();
      // The page may now be short: fetch it again so it fills up from the next.
      void fetchList(kind, page, q, source);
    }
  };

  return (
    <section aria-labelledby={`${uid}-title`} className="staff-section">
      <h2 id={`${uid}-title`} ref={titleRef} tabIndex={-1} className="staff-section__title">
        {info.title}
      </h2>
      <form
        role="search"
        className="staff-search"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(listHref(kind, 1, query.trim(), source));
        }}
      >
        <label htmlFor={`${uid}-q`}>Search by name or email</label>
        <div className="staff-search__row">
          <input
            id={`${uid}-q`}
            type="search"
            className="staff-input"
            value={query}
            maxLength={100}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <button type="submit" className="button button--dark">
            Search
          </button>
          {q && (
            <button
              type="button"
              className="button button--outline"
              onClick={() => navigate(listHref(kind, 1, '', source))}
            >
              Clear search
            </button>
          )}
        </div>
      </form>
      <div className="staff-filter">
        <label htmlFor={`${uid}-source`}>Source</label>
        <select
          id={`${uid}-source`}
          className="staff-input"
          value={source}
          onChange={(event) => navigate(listHref(kind, 1, q, event.currentTarget.value))}
        >
          <option value="">All sources</option>
          <option value="site">{SITE_SOURCE}</option>
          {partners.map((origin) => (
            <option key={origin} value={origin}>
              {origin}
            </option>
          ))}
        </select>
      </div>

      <p className="staff-status" role="status">
        {list.loading
          ? 'Loading applications…'
          : list.error
            ? ''
            : `${list.total} ${list.total === 1 ? 'application' : 'applications'}${q ? ` matching “${q}”` : ''}. ${notice}`}
      </p>
      {list.error && (
        <p className="staff-error" role="alert">
          {list.error}
        </p>
      )}

      {list.data.length > 0 ? (
        <div
          className="staff-table-wrap"
          role="region"
          aria-label={`${info.title} table`}
          // Focusable so keyboard users can scroll the table on narrow screens.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="staff-table">
            <caption className="spartan-visually-hidden">
              {info.title}, page {list.page} of {pages}, newest first
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
                <th scope="col">
                  <span className="spartan-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((item) => {
                const name = fieldText('fullname', item.fullname);
                return (
                  <tr key={item.id}>
                    <th scope="row">
                      <AppLink href={detailHref(kind, item.id)}>{name}</AppLink>
                    </th>
                    <td className="staff-table__email">{fieldText('email', item.email)}</td>
                    {info.columns.map((c) => (
                      <td key={c.key}>{fieldText(c.key, item[c.key])}</td>
                    ))}
                    <td>{fieldText('created_at', item.created_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--outline staff-button--small"
                        onClick={() => setToDelete(item as Application)}
                      >
                        Delete{' '}
                        <span className="spartan-visually-hidden">the application of {name}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        !list.loading &&
        !list.error && (
          <p className="staff-empty">
            {q ? 'No application matches this search.' : 'No applications yet.'}
          </p>
        )
      )}

      {pages > 1 && (
        <nav aria-label={`${info.title} pages`} className="staff-pager">
          {list.page > 1 ? (
            <AppLink
              className="button button--outline"
              href={listHref(kind, list.page - 1, q, source)}
            >
              Previous <span className="spartan-visually-hidden">page</span>
            </AppLink>
          ) : (
            <span />
          )}
          <span>
            Page {list.page} of {pages}
          </span>
          {list.page < pages ? (
            <AppLink
              className="button button--outline"
              href={listHref(kind, list.page + 1, q, source)}
            >
              Next <span className="spartan-visually-hidden">page</span>
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      )}

      {toDelete && (
        <DeleteDialog
          kind={kind}
          item={toDelete}
          onConfirm={() => void confirmDelete()}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
