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

/** Each field's label, in the list and the detail view alike (the ID's is the kind's own). */
const LABELS = {
  created_at: 'Submitted',
  job_title: 'Job role',
  fullname: 'Full Name',
  date_of_birth: 'Date of Birth',
  location: 'Location',
  gender: 'Gender',
  email: 'Email',
  phone: 'Phone Number',
  accreditation: 'Accreditation',
  investment_range: 'Intended investment',
  message: 'Message',
  status: 'Status',
  origin: 'Source',
} satisfies Partial<Record<ApplicationField, string>>;

type Labelled = keyof typeof LABELS;
const labelled = (keys: Labelled[]) => keys.map((key) => ({ key, label: LABELS[key] }));

/**
 * A kind's entry. What follows from its name: its title, API paths and failure messages ("Get
 * Spartan Applications failed", "Get Spartan Application by ID failed", "Delete Spartan
 * Application failed"; likewise for Investor).
 */
function kindInfo(
  kind: Kind,
  name: 'Spartan' | 'Investor',
  own: { segment: string; idLabel: string; columns: Labelled[]; fields: Labelled[] },
): KindInfo {
  const paths = PATHS[kind];
  return {
    title: `${name} applications`,
    segment: own.segment,
    list: paths.list,
    detail: (id) => pathWithId(paths.detail, id),
    remove: (id) => pathWithId(paths.delete, id),
    ...('resume' in paths ? { resume: (id: string) => pathWithId(paths.resume, id) } : {}),
    failed: {
      list: `Get ${name} Applications failed`,
      detail: `Get ${name} Application by ID failed`,
      remove: `Delete ${name} Application failed`,
    },
    columns: labelled(own.columns),
    fields: [{ key: 'id', label: own.idLabel }, ...labelled(own.fields)],
  };
}

export const KINDS: Record<Kind, KindInfo> = {
  spartan: kindInfo('spartan', 'Spartan', {
    segment: 'applications',
    idLabel: 'Application ID',
    columns: ['job_title', 'status', 'origin'],
    fields: [
      'created_at',
      'job_title',
      'fullname',
      'date_of_birth',
      'location',
      'gender',
      'email',
      'phone',
      'origin',
    ],
  }),
  investor: kindInfo('investor', 'Investor', {
    segment: 'investors',
    idLabel: 'Investor ID',
    columns: ['accreditation', 'status', 'origin'],
    fields: [
      'created_at',
      'fullname',
      'email',
      'phone',
      'location',
      'accreditation',
      'investment_range',
      'message',
      'origin',
    ],
  }),
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
