/**
 * A list's filters: status, job role (Spartan applications), source (our site or a partner,
 * typed in when the server's list of partners is cut), assignee, submission dates and order. Its fields
 * start from the address; Apply goes to the filtered view, Reset to the default one. A value the
 * server refused shows its message under its field.
 */
import { useId, type FormEvent } from 'react';
import { JOB_ROLES } from '../../../content/forms.ts';
import { JobRoleOptions } from '../../../widgets/apply-form/JobRoleOptions.tsx';
import { REVIEW_STATUSES } from '../../../content/review.ts';
import type { ListFilters } from '../data/applications.ts';
import { SITE_SOURCE, type Kind } from '../kinds.ts';
import { AssigneeFilter } from '../team/ListTriage.tsx';

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

/** The filters a submitted form chose. */
type Chosen = Pick<ListFilters, 'status' | 'role' | 'source' | 'assignee' | 'from' | 'to' | 'sort'>;

export function FilterForm({
  kind,
  filters,
  partners,
  cutAt,
  fieldErrors,
  onApply,
  onReset,
}: {
  kind: Kind;
  filters: ListFilters;
  /** The partner origins Source offers. */
  partners: readonly string[];
  /** How many partners the server listed, when it listed only some of them. */
  cutAt: number | null;
  fieldErrors: Partial<Record<keyof ListFilters, string>>;
  onApply: (chosen: Chosen) => void;
  onReset: () => void;
}) {
  const uid = useId();
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
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const field = form.get(name);
      return typeof field === 'string' ? field : '';
    };
    onApply({
      status: value('status'),
      role: value('role'),
      // A partner typed in beside a cut list wins over the list's choice.
      source: typedOrigin(value('source_other')) || value('source'),
      assignee: value('assignee'),
      from: value('from'),
      to: value('to'),
      sort: value('sort') === 'oldest' ? 'oldest' : 'newest',
    });
  };
  return (
    <form className="staff-filters" aria-label="Filters" onSubmit={onFilter}>
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
            <JobRoleOptions />
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
      {cutAt !== null && (
        <div className="staff-filter staff-filter--wide">
          <label htmlFor={`${uid}-source-other`}>Another partner</label>
          <p id={`${uid}-source-other-hint`} className="staff-hint">
            Source lists the first {cutAt} partners only. For another, type its address, such as
            https://partner.example: it replaces the choice in Source.
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
      <AssigneeFilter
        id={`${uid}-assignee`}
        value={filters.assignee}
        invalid={invalid('assignee')}
        refusal={refusal('assignee')}
      />
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
        <button type="button" className="button button--outline" onClick={onReset}>
          Reset filters
        </button>
      </div>
    </form>
  );
}

/** A filter's refusal by the server, under its field (the field points to it). */
export function FilterError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="staff-field-error">
      <span className="spartan-visually-hidden">Error:</span> {message}
    </p>
  );
}
