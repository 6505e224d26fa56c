import '../../widgets/text-input.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { JOB_ROLE_GROUPS, JOB_ROLES } from '../../content/forms.ts';
import { REVIEW_STATUSES } from '../../content/review.ts';
import { documentTitle, navigate } from '../navigation.ts';
import { authState } from '../auth/store.ts';
import {
  PAGE_SIZE,
  announce,
  fetchLatest,
  fetchOrigins,
  fetchList,
  removeApplication,
  sameFilters,
  staffState,
  type Application,
  type ListFilters,
  type Asker,
  type PartnerOrigins,
} from './data/applications.ts';
import { EXPORTS, exportView } from './data/files.ts';
import { DeleteDialog } from './ConfirmDialog.tsx';
import { DeskTools } from './DeskTools.tsx';
import { KINDS, SITE_SOURCE, fieldText, type Kind } from './kinds.ts';
import { TableScroll } from './TableScroll.tsx';
import { useFocusAfterRemoval } from './useFocusAfterRemoval.ts';
import { AppLink } from './links.tsx';
import { detailHref, listHref } from './urls.ts';
import './desk.css';

export { detailHref, listHref };

export interface ApplicationListProps {
  kind: Kind;
  filters: ListFilters;
}

/** "1,000+" when the server stopped counting. */
export const countText = (total: number, capped: boolean) =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;

/** How often the list asks whether an application arrived (and whenever the tab comes back). */
const LIVE_POLL_MS = 10_000;

/** Goes to another view of the list, keeping focus where the person is (their control). */
const go = (href: string) => navigate(href, false, true);

/**
 * A partner's origin as typed: an address copied whole (a path, a trailing slash) is cut to its
 * origin, which is what applications record; anything else goes as typed, for the server to judge.
 */
function typedOrigin(typed: string): string {
  const text = typed.trim();
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not an address: as typed.
  }
  return text;
}

/**
 * One kind's applications: the New ones by default, searchable, filtered by status, job role,
 * source and dates, newest or oldest first, paged by cursor; each openable, and deletable by an
 * admin; the view exported as CSV or as a zip of resumes.
 */
export function ApplicationList({ kind, filters }: ApplicationListProps) {
  const info = KINDS[kind];
  const snap = useSnapshot(staffState[kind]);
  const auth = useSnapshot(authState);
  const list = snap.list;
  const uid = useId();
  const [query, setQuery] = useState(filters.q);
  // The box follows the URL when it changes (back, Clear search), not the other way round.
  const [urlQuery, setUrlQuery] = useState(filters.q);
  if (urlQuery !== filters.q) {
    setUrlQuery(filters.q);
    setQuery(filters.q);
  }
  const [toDelete, setToDelete] = useState<Application | null>(null);
  const [exporting, setExporting] = useState<{ busy: string; error: string | null }>({
    busy: '',
    error: null,
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(filters);
  // Delete and erase are for admins: shown once the session's role is known to be admin (after a
  // reload, when the session's first read answers), never to a reviewer in the meantime.
  const isAdmin = auth.user?.role === 'admin';

  // The title names the list (an opened application named its applicant).
  useEffect(() => {
    document.title = documentTitle(`${info.title} · Staff Area`);
  }, [info.title]);
  useEffect(() => {
    if (!staffState.focusList) return;
    staffState.focusList = false;
    titleRef.current?.focus();
  }, []);
  // A deleted row is gone: focus goes to the name of the row that took its place, else of the one
  // before, else to the list's heading.
  const focusAfterDelete = useFocusAfterRemoval(
    list.data,
    tableRef,
    'tbody th a',
    () => titleRef.current,
  );
  useEffect(() => {
    void fetchList(kind, filters);
    // The filters are compared by value (a new object comes with each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, key]);

  // The Source filter's partners: every origin applications came from, not only this page's.
  // `complete`: whether the server listed every partner (it lists a few hundred at most).
  const [{ origins, complete: allOrigins }, setPartnerOrigins] = useState<PartnerOrigins>({
    origins: [],
    complete: true,
  });
  const loadOrigins = (by: Asker = 'user') =>
    fetchOrigins(kind, by).then(
      setPartnerOrigins,
      () => undefined, // Unavailable: the filter offers the origins this page shows.
    );

  // Live list: a cheap poll for the newest application (304 while nothing arrived). On the
  // first page, newest first, new ones appear in place and are announced politely; elsewhere a
  // notice offers the newest.
  const [arrived, setArrived] = useState(false);
  const latest = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    const inPlace =
      filters.page === 1 && !filters.after && !filters.before && filters.sort === 'newest';
    const poll = async () => {
      if (document.hidden) return;
      let now: string | null;
      try {
        now = await fetchLatest(kind);
      } catch {
        return; // A failed poll says nothing; the next one tries again.
      }
      if (stopped || now === latest.current) return;
      const first = latest.current === undefined;
      latest.current = now;
      // A new application may come from a new partner: the Source filter offers it.
      void loadOrigins('background');
      if (first) return;
      if (!inPlace) {
        setArrived(true);
        announce('New applications arrived');
        return;
      }
      const shown = new Set(staffState[kind].list.data.map((a) => a.id));
      await fetchList(kind, filters, 'background');
      const fresh = staffState[kind].list.data.filter((a) => !shown.has(a.id)).length;
      if (!stopped && fresh > 0) {
        announce(`${fresh} new application${fresh === 1 ? '' : 's'} at the top of the list`);
      }
    };
    const onVisible = () => void poll();
    void poll();
    const timer = setInterval(onVisible, LIVE_POLL_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, key]);

  // The partner origins, offered as filters beside "our site" (with this page's and the chosen
  // one's, should the server's list be late or unavailable).
  const partners = [
    ...new Set(
      [filters.source, ...origins, ...list.data.map((a) => a.origin)].filter(
        (o): o is string => typeof o === 'string' && o !== '' && o !== 'site',
      ),
    ),
  ].sort();
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const at = (changes: Partial<ListFilters>) => listHref(kind, { ...filters, ...changes });
  const filtered = (changes: Partial<ListFilters>) =>
    listHref(kind, { ...filters, ...changes, page: 1 });

  // The list as it is asked for now (the store keeps the newest request's filters), not as it
  // was when a delete or an erase began: the staff member may have paged or searched meanwhile,
  // and an answer for older filters is dropped as stale, leaving the list on "Loading…".
  const refetch = () => void fetchList(kind, staffState[kind].list.filters);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const index = list.data.findIndex((a) => a.id === toDelete.id);
    if (await removeApplication(kind, toDelete.id)) {
      setToDelete(null);
      focusAfterDelete.removing(toDelete.id, index);
      // The page may now be short: fetch it again so it fills up from the next.
      refetch();
    }
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go(filtered({ q: query.trim(), after: '', before: '' }));
  };

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const field = form.get(name);
      return typeof field === 'string' ? field : '';
    };
    go(
      filtered({
        status: value('status'),
        role: value('role'),
        // A partner typed in beside a cut list wins over the list's choice.
        source: typedOrigin(value('source_other')) || value('source'),
        from: value('from'),
        to: value('to'),
        sort: value('sort') === 'oldest' ? 'oldest' : 'newest',
      }),
    );
  };

  const onExport = async (format: keyof typeof EXPORTS) => {
    setExporting({ busy: format, error: null });
    try {
      await exportView(kind, format, filters);
      setExporting({ busy: '', error: null });
    } catch (error) {
      setExporting({ busy: '', error: (error as Error).message });
    }
  };

  const count = countText(list.total, list.capped);
  // Until this view's answer comes, what the list holds belongs to the last view: its count with
  // this view's words would be announced as this view's.
  const stale = !sameFilters(list.filters, filters);
  const fieldErrors = stale ? {} : list.fieldErrors;
  /** A filter field's links to its refusal, if the server refused its value. */
  const invalid = (field: keyof ListFilters) =>
    fieldErrors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${uid}-${field}-error` }
      : {};
  const refusal = (field: keyof ListFilters) => {
    const message = fieldErrors[field];
    return message ? <FilterError id={`${uid}-${field}-error`} message={message} /> : null;
  };
  const knownStatus = REVIEW_STATUSES[kind].some((s) => s.value === filters.status);
  const statusLabel =
    REVIEW_STATUSES[kind].find((s) => s.value === filters.status)?.label ?? 'All statuses';

  return (
    <section aria-labelledby={`${uid}-title`} className="staff-section">
      <h2 id={`${uid}-title`} ref={titleRef} tabIndex={-1} className="staff-section__title">
        {info.title}
      </h2>
      <form role="search" className="staff-search" onSubmit={onSearch}>
        <label htmlFor={`${uid}-q`}>Search by name or email</label>
        <p id={`${uid}-q-hint`} className="staff-hint">
          One or two letters match the start of a name or email, three or more match anywhere; an
          email address matches emails that start with it.
        </p>
        <div className="staff-search__row">
          <input
            id={`${uid}-q`}
            ref={searchRef}
            type="search"
            className="staff-input"
            value={query}
            maxLength={100}
            aria-describedby={[`${uid}-q-hint`, fieldErrors.q ? `${uid}-q-error` : '']
              .filter(Boolean)
              .join(' ')}
            aria-invalid={fieldErrors.q ? true : undefined}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <button type="submit" className="button button--dark">
            Search
          </button>
          {filters.q && (
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                go(filtered({ q: '' }));
                // The button goes with the search: focus goes back to the box.
                searchRef.current?.focus();
              }}
            >
              Clear search
            </button>
          )}
        </div>
        {refusal('q')}
      </form>

      <form key={key} className="staff-filters" aria-label="Filters" onSubmit={onFilter}>
        <div className="staff-filter">
          <label htmlFor={`${uid}-status`}>Status</label>
          <select
            id={`${uid}-status`}
            name="status"
            className="staff-input"
            defaultValue={filters.status}
            {...invalid('status')}
          >
            {REVIEW_STATUSES[kind].map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
            <option value="all">All statuses</option>
            {/* A status from the address that is none of these stays shown, not "New". */}
            {!knownStatus && filters.status !== 'all' && (
              <option value={filters.status}>Unknown status “{filters.status}”</option>
            )}
          </select>
          {refusal('status')}
        </div>
        {kind === 'spartan' && (
          <div className="staff-filter">
            <label htmlFor={`${uid}-role`}>Job role</label>
            <select
              id={`${uid}-role`}
              name="role"
              className="staff-input"
              defaultValue={filters.role}
              {...invalid('role')}
            >
              <option value="">All job roles</option>
              {filters.role !== '' && !(JOB_ROLES as readonly string[]).includes(filters.role) && (
                <option value={filters.role}>Unknown job role “{filters.role}”</option>
              )}
              {JOB_ROLE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.roles.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {refusal('role')}
          </div>
        )}
        <div className="staff-filter">
          <label htmlFor={`${uid}-source`}>Source</label>
          <select
            id={`${uid}-source`}
            name="source"
            className="staff-input"
            defaultValue={filters.source}
            {...invalid('source')}
          >
            <option value="">All sources</option>
            <option value="site">{SITE_SOURCE}</option>
            {partners.map((origin) => (
              <option key={origin} value={origin}>
                {origin}
              </option>
            ))}
          </select>
          {refusal('source')}
        </div>
        {!allOrigins && (
          <div className="staff-filter staff-filter--wide">
            <label htmlFor={`${uid}-source-other`}>Another partner</label>
            <p id={`${uid}-source-other-hint`} className="staff-hint">
              Source lists the first {origins.length} partners only. For another, type its address,
              such as https://partner.example: it replaces the choice in Source.
            </p>
            <input
              id={`${uid}-source-other`}
              name="source_other"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              className="staff-input"
              aria-describedby={`${uid}-source-other-hint`}
            />
          </div>
        )}
        <div className="staff-filter">
          <label htmlFor={`${uid}-from`}>Submitted from</label>
          <input
            id={`${uid}-from`}
            name="from"
            type="date"
            className="staff-input"
            defaultValue={filters.from}
            {...invalid('from')}
          />
          {refusal('from')}
        </div>
        <div className="staff-filter">
          <label htmlFor={`${uid}-to`}>Submitted until</label>
          <input
            id={`${uid}-to`}
            name="to"
            type="date"
            className="staff-input"
            defaultValue={filters.to}
            {...invalid('to')}
          />
          {refusal('to')}
        </div>
        <div className="staff-filter">
          <label htmlFor={`${uid}-sort`}>Order</label>
          <select
            id={`${uid}-sort`}
            name="sort"
            className="staff-input"
            defaultValue={filters.sort}
            {...invalid('sort')}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
          {refusal('sort')}
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--dark">
            Apply filters
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => go(listHref(kind, { q: filters.q }))}
          >
            Reset filters
          </button>
        </div>
      </form>

      <p className="staff-status" role="status">
        {list.loading || stale
          ? 'Loading applications…'
          : list.error
            ? ''
            : `${count} ${list.total === 1 && !list.capped ? 'application' : 'applications'}${
                filters.status === 'all' ? '' : ` (${statusLabel})`
              }${filters.q ? ` matching “${filters.q}”` : ''}.`}
      </p>
      {list.error && !stale && (
        <p className="staff-error" role="alert">
          {list.error}
          {/* Not for filters the server refused: the same call would be refused again. */}
          {Object.keys(list.fieldErrors).length === 0 && (
            <>
              {' '}
              <button type="button" className="button button--outline" onClick={refetch}>
                Try again
              </button>
            </>
          )}
        </p>
      )}

      {arrived && (
        <p className="staff-live">
          New applications arrived.{' '}
          <AppLink href={listHref(kind, { ...filters, page: 1, sort: 'newest' })} ownFocus>
            Show the newest
          </AppLink>
        </p>
      )}

      <div className="staff-exports">
        {(Object.keys(EXPORTS) as Array<keyof typeof EXPORTS>)
          .filter((format) => format === 'csv' || info.resume)
          .map((format) => (
            <button
              key={format}
              type="button"
              className="button button--outline staff-button--small"
              // A view the server refused cannot be exported either: its filters come first.
              disabled={exporting.busy !== '' || Object.keys(fieldErrors).length > 0}
              onClick={() => void onExport(format)}
            >
              {exporting.busy === format ? 'Preparing…' : `Export ${EXPORTS[format].label}`}
              <span className="spartan-visually-hidden"> of this view</span>
            </button>
          ))}
        <span className="staff-status" role="status">
          {exporting.busy ? 'Preparing the export…' : ''}
        </span>
        {exporting.error && (
          <p className="staff-error" role="alert">
            {exporting.error}
          </p>
        )}
      </div>

      {list.data.length > 0 ? (
        <TableScroll label={`${info.title} table`} wrapRef={tableRef}>
          <table className="staff-table">
            <caption className="spartan-visually-hidden">
              {info.title}, page {filters.page} of {countText(pages, list.capped)},{' '}
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
              {list.data.map((item) => {
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
                          <span className={`staff-badge staff-badge--${String(item.status)}`}>
                            {fieldText(c.key, item[c.key])}
                          </span>
                        ) : (
                          fieldText(c.key, item[c.key])
                        )}
                      </td>
                    ))}
                    <td>{fieldText('created_at', item.created_at)}</td>
                    {isAdmin && (
                      <td>
                        <button
                          type="button"
                          className="button button--outline staff-button--small"
                          onClick={() => setToDelete(item)}
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
      ) : (
        !list.loading &&
        !list.error && (
          <p className="staff-empty">
            {list.total > 0 && filters.page > pages
              ? `This view has ${count} application${list.total === 1 ? '' : 's'}: page ${filters.page} is past its last.`
              : filters.q
                ? 'No application matches this search.'
                : filters.status === 'all'
                  ? 'No applications yet.'
                  : 'No applications in this view.'}
          </p>
        )
      )}

      {(list.prevCursor || list.nextCursor || filters.page > 1) && (
        <nav aria-label={`${info.title} pages`} className="staff-pager">
          {list.prevCursor || filters.page > 1 ? (
            <PagerLink
              href={
                list.prevCursor
                  ? at({ page: Math.max(1, filters.page - 1), before: list.prevCursor, after: '' })
                  : at({ page: 1 })
              }
              onNavigate={() => tableRef.current?.focus()}
            >
              Previous <span className="spartan-visually-hidden">page</span>
            </PagerLink>
          ) : (
            <span />
          )}
          <span>
            Page {filters.page} of{' '}
            {/* A capped total undercounts the pages; an exact one does not. */}
            {list.capped ? countText(Math.max(pages, filters.page), true) : pages}
          </span>
          {list.nextCursor ? (
            <PagerLink
              href={at({ page: filters.page + 1, after: list.nextCursor, before: '' })}
              onNavigate={() => tableRef.current?.focus()}
            >
              Next <span className="spartan-visually-hidden">page</span>
            </PagerLink>
          ) : (
            <span />
          )}
        </nav>
      )}

      <DeskTools isAdmin={isAdmin} onErased={refetch} />

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

/** A pager link: the next page loads in place and focus goes to the results. */
function PagerLink({
  href,
  onNavigate,
  children,
}: {
  href: string;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <AppLink
      className="button button--outline"
      href={href}
      ownFocus
      onNavigate={() => requestAnimationFrame(onNavigate)}
    >
      {children}
    </AppLink>
  );
}

/** A filter's refusal by the server, under its field (the field points to it). */
function FilterError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="staff-field-error">
      <span className="spartan-visually-hidden">Error:</span> {message}
    </p>
  );
}
