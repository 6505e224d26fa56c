/**
 * The review statuses of each kind of application, in workflow order, with their labels
 * (docs/DESK.md). The server checks against these lists; the staff area shows the labels.
 */

export const SPARTAN_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'in_review', label: 'In review' },
  { value: 'shortlisted', label: 'Shortlisted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'accepted', label: 'Accepted' },
] as const;

export const INVESTOR_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'declined', label: 'Declined' },
] as const;

export type ReviewKind = 'spartan' | 'investor';

export const REVIEW_STATUSES: Record<
  ReviewKind,
  ReadonlyArray<{ value: string; label: string }>
> = { spartan: SPARTAN_STATUSES, investor: INVESTOR_STATUSES };

/** Where a staff member's first open moves a new application (none for investors). */
export const FIRST_OPEN_STATUS: Record<ReviewKind, string | null> = {
  spartan: 'in_review',
  investor: null,
};

export function statusLabel(kind: ReviewKind, value: unknown): string {
  return (
    REVIEW_STATUSES[kind].find((s) => s.value === value)?.label ??
    (typeof value === 'string' ? value : value == null ? '—' : JSON.stringify(value))
  );
}

/** Longest note staff may write. */
export const MAX_NOTE_LENGTH = 4000;
