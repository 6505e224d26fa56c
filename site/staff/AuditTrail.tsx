/**
 * The audit trail (`/staff?section=audit`, admins only): newest first, filtered by event (or a
 * group such as every login event), actor, target, address and dates; the filters live in the
 * query string, so back, refresh and links keep them.
 */
import { useId, useRef, useState } from 'react';
import { AUDIT_EVENT_GROUPS } from '../../schemas/audit-events.ts';
import { navigate } from '../navigation.ts';
import { Panel, sectionHref, when } from './admin-ui.tsx';
import {
  AUDIT_FILTERS as FILTERS,
  AUDIT_PAGE_SIZE as PAGE_SIZE,
  fetchAudit,
  type AuditFilters as Filters,
} from './data/audit.ts';
import { useResource } from './data/resource.ts';
import { TableScroll } from './TableScroll.tsx';
import { AppLink } from './links.tsx';

/** The Event filter's choices: every event the server records, each group also as a whole. */
const GROUPS = AUDIT_EVENT_GROUPS.map(({ label, prefix, events }) => ({
  label,
  choices: prefix ? [prefix, ...events] : [...events],
}));

const eventLabel = (event: string) => (event.endsWith('.') ? `Every ${event}* event` : event);

function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join(', ');
}

export function AuditTrail({ filters }: { filters: Filters & { page: number } }) {
  const tableWrap = useRef<HTMLDivElement>(null);
  const uid = useId();
  const [draft, setDraft] = useState<Filters>(filters);
  const key = JSON.stringify(filters);
  const entries = useResource(() => fetchAudit(filters), key);
  const href = (values: Filters, page = 1) =>
    sectionHref('audit', { ...values, page: page > 1 ? String(page) : '' });
  const filtered = FILTERS.some((k) => filters[k]);
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const input = (
    name: Exclude<(typeof FILTERS)[number], 'event'>,
    label: string,
    type = 'text',
  ) => (
    <div className="staff-filter">
      <label htmlFor={`${uid}-${name}`}>{label}</label>
      <input
        id={`${uid}-${name}`}
        type={type}
        className="staff-input"
        value={draft[name]}
        autoComplete="off"
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      />
    </div>
  );
  return (
    <Panel title="Entries">
      <form
        className="staff-audit-filters"
        aria-label="Filter the audit trail"
        onSubmit={(event) => {
          event.preventDefault();
          // The same filters again: look again (new entries may have come).
          const target = href(draft);
          if (target === `${location.pathname}${location.search}`) void entries.reload();
          else navigate(target);
        }}
      >
        <div className="staff-filter">
          <label htmlFor={`${uid}-event`}>Event</label>
          <select
            id={`${uid}-event`}
            className="staff-input"
            value={draft.event}
            onChange={(event) => setDraft({ ...draft, event: event.currentTarget.value })}
          >
            <option value="">Every event</option>
            {GROUPS.map(({ label, choices }) => (
              <optgroup key={label} label={label}>
                {choices.map((name) => (
                  <option key={name} value={name}>
                    {eventLabel(name)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {input('actor', 'Staff member (username)')}
        {input('target', 'Target id')}
        {input('ip', 'Address (IP)')}
        {input('from', 'From', 'date')}
        {input('to', 'To', 'date')}
        <div className="button-row staff-audit-filters__actions">
          <button type="submit" className="button button--dark">
            Filter
          </button>
          {filtered && (
            <AppLink className="button button--outline" href={sectionHref('audit')}>
              Clear filters
            </AppLink>
          )}
        </div>
      </form>

      <p className="staff-status" role="status">
        {entries.loading
          ? 'Loading the audit trail…'
          : entries.data
            ? `${total} ${total === 1 ? 'entry' : 'entries'}${filtered ? ' matching the filters' : ''}.`
            : ''}
      </p>
      {entries.error && (
        <p className="staff-error" role="alert">
          {entries.error}
        </p>
      )}
      {entries.data && entries.data.data.length > 0 && (
        <TableScroll label="Audit trail table" wrapRef={tableWrap}>
          <table className="staff-table staff-table--compact">
            <caption className="spartan-visually-hidden">
              Audit trail, page {filters.page} of {pages}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Staff member</th>
                <th scope="col">Target</th>
                <th scope="col">Address</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.data.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row" className="staff-audit__time">
                    {when(entry.at)}
                  </th>
                  <td>
                    <code>{entry.event}</code>
                  </td>
                  <td>{entry.actor ?? '—'}</td>
                  <td className="staff-audit__target">
                    {entry.target_id ? `${entry.target_type ?? ''} ${entry.target_id}` : '—'}
                  </td>
                  <td>{entry.ip ?? '—'}</td>
                  <td>{detailText(entry.detail) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {entries.data && entries.data.data.length === 0 && (
        <p className="staff-empty">No entry matches these filters.</p>
      )}
      {pages > 1 && (
        <nav aria-label="Audit trail pages" className="staff-pager">
          {filters.page > 1 ? (
            <AppLink className="button button--outline" href={href(filters, filters.page - 1)}>
              Previous <span className="spartan-visually-hidden">page</span>
            </AppLink>
          ) : (
            <span />
          )}
          <span>
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? (
            <AppLink className="button button--outline" href={href(filters, filters.page + 1)}>
              Next <span className="spartan-visually-hidden">page</span>
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Panel>
  );
}
