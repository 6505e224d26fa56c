/**
 * What the application list says about itself: its status line (loading, or how many match this
 * view), a failed load with "Try again", and the empty view's message.
 */
import { REVIEW_STATUSES } from '../../../content/review.ts';
import type { ListFilters, ListState } from '../data/applications.ts';
import type { Kind } from '../kinds.ts';
import { countText } from './ApplicationTable.tsx';

type Counted = Pick<ListState, 'total' | 'capped'>;

export function ListStatus({
  kind,
  filters,
  list,
  stale,
  onRetry,
}: {
  kind: Kind;
  filters: ListFilters;
  list: Counted & Pick<ListState, 'loading' | 'error' | 'fieldErrors'>;
  /** The list still holds the last view's answer: its count is not this view's. */
  stale: boolean;
  onRetry: () => void;
}) {
  const count = countText(list.total, list.capped);
  const statusLabel =
    REVIEW_STATUSES[kind].find((s) => s.value === filters.status)?.label ?? 'All statuses';
  return (
    <>
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
              <button type="button" className="button button--outline" onClick={onRetry}>
                Try again
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** Why no row shows: past the last page, no match for the search, or nothing in this view. */
export function EmptyList({
  filters,
  total,
  capped,
  pages,
}: Counted & { filters: ListFilters; pages: number }) {
  const count = countText(total, capped);
  return (
    <p className="staff-empty">
      {total > 0 && filters.page > pages
        ? `This view has ${count} application${total === 1 ? '' : 's'}: page ${filters.page} is past its last.`
        : filters.q
          ? 'No application matches this search.'
          : filters.status === 'all'
            ? 'No applications yet.'
            : 'No applications in this view.'}
    </p>
  );
}
