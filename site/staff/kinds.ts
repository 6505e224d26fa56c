/**
 * The two kinds of application the staff area handles: their API paths
 * (schemas/api-paths.ts), their failure messages (docs/PRODUCT.md, "Failure
 * messages") and the fields shown.
 */
import { ACCREDITATION_OPTIONS } from '../../content/forms.ts';
import { REVIEW_STATUSES } from '../../content/review.ts';
import { APPLICATION_PATHS as PATHS, pathWithId } from '../../schemas/api-paths.ts';
import type { ApplicationField } from './data/applications.ts';

export type Kind = 'spartan' | 'investor';

export interface KindInfo {
  /** Heading of the list. */
  title: string;
  /** The list's name in staff URLs (`/staff?list=…`). */
  segment: string;
  list: string;
  detail: (id: string) => string;
  remove: (id: string) => string;
  resume?: (id: string) => string;
  failed: { list: string; detail: string; remove: string };
  /** Fields shown in the list after name and email. */
  columns: Array<{ key: ApplicationField; label: string }>;
  /** Every field of the detail view, in order. */
  fields: Array<{ key: ApplicationField; label: string }>;
}

export const KINDS: Record<Kind, KindInfo> = {
  spartan: {
    title: 'Spartan applications',
    segment: 'applications',
    list: PATHS.spartan.list,
    detail: (id) => pathWithId(PATHS.spartan.detail, id),
    remove: (id) => pathWithId(PATHS.spartan.delete, id),
    resume: (id) => pathWithId(PATHS.spartan.resume, id),
    failed: {
      list: 'Get Spartan Applications failed',
      detail: 'Get Spartan Application by ID failed',
      remove: 'Delete Spartan Application failed',
    },
    columns: [
      { key: 'job_title', label: 'Job role' },
      { key: 'status', label: 'Status' },
      { key: 'origin', label: 'Source' },
    ],
    fields: [
      { key: 'id', label: 'Application ID' },
      { key: 'created_at', label: 'Submitted' },
      { key: 'job_title', label: 'Job role' },
      { key: 'fullname', label: 'Full Name' },
      { key: 'date_of_birth', label: 'Date of Birth' },
      { key: 'location', label: 'Location' },
      { key: 'gender', label: 'Gender' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone Number' },
      { key: 'origin', label: 'Source' },
    ],
  },
  investor: {
    title: 'Investor applications',
    segment: 'investors',
    list: PATHS.investor.list,
    detail: (id) => pathWithId(PATHS.investor.detail, id),
    remove: (id) => pathWithId(PATHS.investor.delete, id),
    failed: {
      list: 'Get Investor Applications failed',
      detail: 'Get Investor Application by ID failed',
      remove: 'Delete Investor Application failed',
    },
    columns: [
      { key: 'accreditation', label: 'Accreditation' },
      { key: 'status', label: 'Status' },
      { key: 'origin', label: 'Source' },
    ],
    fields: [
      { key: 'id', label: 'Investor ID' },
      { key: 'created_at', label: 'Submitted' },
      { key: 'fullname', label: 'Full Name' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone Number' },
      { key: 'location', label: 'Location' },
      { key: 'accreditation', label: 'Accreditation' },
      { key: 'investment_range', label: 'Intended investment' },
      { key: 'message', label: 'Message' },
      { key: 'origin', label: 'Source' },
    ],
  },
};

/** How a source reads: our own site, or the partner page's origin. */
export const SITE_SOURCE = 'Our site';

const STATUS_LABELS = new Map(
  [...REVIEW_STATUSES.spartan, ...REVIEW_STATUSES.investor].map((s) => [s.value, s.label]),
);

/** A stored field as text: dates readable, accreditation in the words of docs/PRODUCT.md, "Content". */
export function fieldText(key: string, value: unknown): string {
  if (key === 'status' && typeof value === 'string') return STATUS_LABELS.get(value) ?? value;
  if (key === 'origin') return typeof value === 'string' && value ? value : SITE_SOURCE;
  if (value === null || value === undefined || value === '') return '—';
  if ((key === 'created_at' || key === 'at') && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime())
      ? value
      : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  }
  if (key === 'accreditation') {
    const label = ACCREDITATION_OPTIONS.find((o) => o.value === value)?.label;
    if (label) return label;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
