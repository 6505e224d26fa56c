/**
 * Staff views live in the query string of /staff (one page the server always has), so back,
 * refresh and a shared link keep them: `list` (investors), `id`, and the list's search, filters,
 * order and place (`q`, `source`, `status`, `role`, `from`, `to`, `sort`, `assignee`, `page`, `after`,
 * `before`). Defaults are left out: the New view, newest first, page 1. An application opened
 * from a list keeps that list's in its address too: its Back goes there, after a reload as well.
 */
import { DEFAULT_FILTERS, type ListFilters } from './data/applications.ts';
import { KINDS, type Kind } from './kinds.ts';
import { STAFF_PATH } from './links.tsx';

export interface StaffView extends ListFilters {
  kind: Kind;
  id: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^\d{1,15}_[0-9a-f-]{36}$/;

/** The query of a staff URL (a path with its query, or a whole URL). */
export function staffParams(url: string): URLSearchParams {
  return new URL(url, 'http://staff.local').searchParams;
}

/** Reads the staff view from a URL. */
export function parseStaffUrl(url: string): StaffView {
  const params = staffParams(url);
  const text = (key: string, max: number) => (params.get(key) ?? '').slice(0, max);
  const match = (key: string, pattern: RegExp) => {
    const value = params.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  return {
    kind: params.get('list') === KINDS.investor.segment ? 'investor' : 'spartan',
    id: params.get('id') || null,
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
    q: text('q', 100),
    source: text('source', 255),
    status: text('status', 20) || DEFAULT_FILTERS.status,
    role: text('role', 100),
    from: match('from', DAY),
    to: match('to', DAY),
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
    assignee: text('assignee', 150),
    after: match('after', CURSOR),
    before: match('before', CURSOR),
  };
}

function staffHref(kind: Kind, entries: Record<string, string>): string {
  const params = new URLSearchParams();
  if (kind !== 'spartan') params.set('list', KINDS[kind].segment);
  for (const [key, value] of Object.entries(entries)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${STAFF_PATH}?${query}` : STAFF_PATH;
}

/** A list's filters as URL entries, defaults left out (page 1 unless a page and cursor given). */
function listEntries(filters: Partial<ListFilters>): Record<string, string> {
  const f = { ...DEFAULT_FILTERS, ...filters };
  return {
    q: f.q,
    status: f.status === DEFAULT_FILTERS.status ? '' : f.status,
    role: f.role,
    source: f.source,
    from: f.from,
    to: f.to,
    sort: f.sort === 'newest' ? '' : f.sort,
    assignee: f.assignee,
    page: f.page > 1 ? String(f.page) : '',
    after: f.page > 1 ? f.after : '',
    before: f.page > 1 ? f.before : '',
  };
}

/** The list with these filters. */
export const listHref = (kind: Kind, filters: Partial<ListFilters> = {}): string =>
  staffHref(kind, listEntries(filters));

/** One application, opened from the list with these filters (the list its Back goes to). */
export const detailHref = (kind: Kind, id: string, from: Partial<ListFilters> = {}): string =>
  staffHref(kind, { id, ...listEntries(from) });
