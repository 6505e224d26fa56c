/**
 * Applications, the staff area's shared resource: a valtio store per kind (its list, the open
 * application, that one's notes and history) that the list and detail screens read, and the
 * calls that fill it (docs/PRODUCT.md, "Sign-in and the session": pending sets loading and
 * clears the error; fetching replaces the list; a successful delete removes the item whose
 * returned id matches; a failure stores the server's message or the fallback of "Failure
 * messages"). Like every module of data/, it calls through staffCall (a 401 ends the session).
 */
import { proxy } from 'valtio/vanilla';
import { BACKGROUND_HEADER, deskRoot, STAFF_PATHS } from '../../../schemas/api-paths.ts';
import type {
  ApplicationPage,
  ApplicationView,
  InvestorApplicationView,
  SpartanApplicationDetail,
  InvestorApplicationDetail,
  SpartanApplicationView,
} from '../../../schemas/applications.ts';
import type { NoteView, StatusChangeView } from '../../../schemas/desk.ts';
import { CallError, staffCall } from '../../auth/calls.ts';
import { KINDS, type Kind } from '../kinds.ts';
import { dropAllDrafts, dropDraft } from '../applications/note-drafts.ts';
import type { Duplicate } from '../../../schemas/team-desk.ts';

export const PAGE_SIZE = 10;

/** An application of either kind, as the list and the detail receive it (schemas/applications.ts). */
export type Application = ApplicationView;

/** The name of a field of either kind (what the kinds' columns and detail fields list). */
export type ApplicationField = keyof SpartanApplicationView | keyof InvestorApplicationView;

/** A field of an application by name: undefined where its kind has no such field. */
export const fieldOf = (item: Readonly<Application>, key: ApplicationField): unknown => {
  const fields: Readonly<Partial<Record<ApplicationField, unknown>>> = item;
  return fields[key];
};

/** What a list shows: the search, the filters, the order and where in the list (all in the URL). */
export interface ListFilters {
  q: string;
  /** `site`, a partner origin, or empty for every source. */
  source: string;
  /** A status of the kind, or `all`. */
  status: string;
  /** A job role (Spartan applications), or empty. */
  role: string;
  /** Dates YYYY-MM-DD, or empty. */
  from: string;
  to: string;
  sort: 'newest' | 'oldest';
  /** `me`, `none`, a staff member's username, or empty for anyone's. */
  assignee: string;
  page: number;
  /** Keyset cursors from the server: the page after `after`, or before `before`. */
  after: string;
  before: string;
}

export const DEFAULT_FILTERS: ListFilters = {
  q: '',
  source: '',
  status: 'new',
  role: '',
  from: '',
  to: '',
  sort: 'newest',
  assignee: '',
  page: 1,
  after: '',
  before: '',
};

export interface ListState {
  data: Application[];
  total: number;
  /** More than `total` matches (the server counts up to a cap). */
  capped: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  filters: ListFilters;
  loading: boolean;
  error: string | null;
  /** A filter the server refused, by its field, with what to do. */
  fieldErrors: Partial<Record<keyof ListFilters, string>>;
}

export interface DetailState {
  data: Application | null;
  loading: boolean;
  error: string | null;
  /** The open application was deleted meanwhile (a colleague, the retention sweep). */
  deleted: boolean;
  /** The applicant's other applications, of either kind (same email or phone). */
  duplicates: Duplicate[];
}

export type Note = NoteView;
export type StatusChange = StatusChangeView;

export interface ActivityState {
  id: string | null;
  notes: Note[];
  history: StatusChange[];
  error: string | null;
}

export interface KindState {
  list: ListState;
  detail: DetailState;
  activity: ActivityState;
  /** The last delete's failure, shown beside the list or detail. */
  deleteError: string | null;
  deleting: boolean;
}

/** A list showing no rows: before the first answer, and after a view failed to load. */
const noRows = () => ({
  data: [] as Application[],
  total: 0,
  capped: false,
  nextCursor: null,
  prevCursor: null,
});

const emptyKind = (): KindState => ({
  list: {
    ...noRows(),
    filters: { ...DEFAULT_FILTERS },
    loading: false,
    error: null,
    fieldErrors: {},
  },
  detail: { data: null, loading: false, error: null, deleted: false, duplicates: [] },
  activity: { id: null, notes: [], history: [], error: null },
  deleteError: null,
  deleting: false,
});

export const staffState = proxy<
  Record<Kind, KindState> & {
    /** Said by the staff area's polite live region. */
    announcement: string;
    /** The next list shown takes focus on its heading (after a delete or Back from a detail). */
    focusList: boolean;
  }
>({
  spartan: emptyKind(),
  investor: emptyKind(),
  announcement: '',
  focusList: false,
});

/** Says `message` through the staff area's polite live region (the same words twice are said twice). */
export function announce(message: string): void {
  staffState.announcement = '';
  queueMicrotask(() => {
    staffState.announcement = message;
  });
}

/**
 * Clears every list and detail, and the notes being written (after logout: nothing of the last
 * session stays in memory or in the tab).
 */
export function resetStaffState(): void {
  dropAllDrafts();
  staffState.spartan = emptyKind();
  staffState.investor = emptyKind();
  staffState.announcement = '';
  staffState.focusList = false;
}

/** The list call's query for these filters. */
export function listParams(filters: ListFilters, paged = true): Record<string, string | number> {
  const f = filters;
  const params: Record<string, string | number> = {};
  if (f.q) params.q = f.q;
  if (f.source) params.origin = f.source;
  if (f.status) params.status = f.status;
  if (f.role) params.job_title = f.role;
  if (f.from) params.from = f.from;
  if (f.to) params.to = f.to;
  if (f.sort !== 'newest') params.sort = f.sort;
  if (f.assignee) params.assignee = f.assignee;
  if (paged) {
    params.page = f.page;
    params.page_size = PAGE_SIZE;
    if (f.after) params.cursor = f.after;
    else if (f.before) params.before = f.before;
  }
  return params;
}

/**
 * The list call's parameters by the filter that sets each, and what a refused one says to the
 * staff (the server's messages name parameters, not the fields they see).
 */
const FILTER_ERRORS: Record<string, [keyof ListFilters, (serverMessage: string) => string]> = {
  q: ['q', (m) => m.replace(/^q\b/, 'The search')],
  origin: ['source', () => 'Choose a source from the list'],
  status: ['status', () => 'Choose a status from the list'],
  job_title: ['role', () => 'Choose a job role from the list'],
  from: ['from', () => 'Enter a real date'],
  to: [
    'to',
    (m) =>
      /before/.test(m) ? 'This date must not be before “Submitted from”' : 'Enter a real date',
  ],
  sort: ['sort', () => 'Choose an order from the list'],
  assignee: ['assignee', () => 'Choose a staff member from the list'],
};

function filterErrors(errors: Record<string, string>): ListState['fieldErrors'] {
  const fields: ListState['fieldErrors'] = {};
  for (const [param, message] of Object.entries(errors)) {
    const known = FILTER_ERRORS[param];
    if (known) fields[known[0]] = known[1](message);
  }
  return fields;
}

export const sameFilters = (a: ListFilters, b: ListFilters) =>
  (Object.keys(a) as Array<keyof ListFilters>).every((key) => a[key] === b[key]);

/**
 * Who a read is for: `user` when someone asked for it, `background` when the page makes it by
 * itself (the live list's refresh). A background read is marked so that neither the server nor
 * the session warning counts it as activity: a list left open must still reach its idle end.
 * (Not to be confused with the partner origins an application came from.)
 */
export type Asker = 'user' | 'background';

/** A read, marked as the page's own when `by` is `background`. */
export const read = <T>(
  url: string,
  by: Asker,
  options: { params?: Record<string, unknown>; fallback?: string } = {},
): Promise<T> =>
  staffCall<T>('get', url, {
    ...options,
    headers: by === 'background' ? { [BACKGROUND_HEADER]: '1' } : {},
  });

/** Whether a call failed because what it named no longer exists (404). */
export const isGone = (error: unknown): boolean =>
  error instanceof CallError && error.status === 404;

/** The message of a failed call (its fallback given at the call). */
export const messageOf = (error: unknown): string => (error as Error).message;

export async function fetchList(
  kind: Kind,
  filters: ListFilters,
  by: Asker = 'user',
): Promise<void> {
  const state = staffState[kind].list;
  // The live list's refresh (background) keeps the list and its count in view until its answer
  // comes, and a failed one says nothing: the count's live region would otherwise say "Loading
  // applications…" and then the same count again each time an application arrived anywhere.
  const quiet = by === 'background';
  if (!quiet) {
    state.loading = true;
    state.error = null;
    state.fieldErrors = {};
  }
  state.filters = { ...filters };
  // A slower earlier request must not overwrite a newer one.
  const current = () => sameFilters(state.filters, filters);
  try {
    const body = await read<Partial<ApplicationPage>>(KINDS[kind].list, by, { params: listParams(filters), fallback: KINDS[kind].failed.list });
    if (!current()) return;
    state.data = Array.isArray(body.data) ? body.data : [];
    state.total = typeof body.total === 'number' ? body.total : state.data.length;
    state.capped = body.total_capped === true;
    state.nextCursor = body.next_cursor ?? null;
    state.prevCursor = body.prev_cursor ?? null;
  } catch (error) {
    if (!current() || quiet) return;
    state.error = messageOf(error);
    state.fieldErrors = filterErrors(error instanceof CallError ? error.fieldErrors : {});
    // The rows of the view asked for before are not this view's: none show under the message
    // (with their Delete buttons, they passed for this search's results).
    Object.assign(state, noRows());
  } finally {
    if (current() && !quiet) state.loading = false;
  }
}

/** The application each kind's detail view asked for last: an earlier one's answer is dropped. */
const detailWanted: Partial<Record<Kind, string>> = {};

export async function fetchDetail(kind: Kind, id: string): Promise<void> {
  const state = staffState[kind].detail;
  detailWanted[kind] = id;
  const current = () => detailWanted[kind] === id;
  state.loading = true;
  state.error = null;
  state.data = null;
  state.deleted = false;
  state.duplicates = [];
  try {
    const body = await staffCall<Partial<SpartanApplicationDetail | InvestorApplicationDetail>>(
      'get',
      KINDS[kind].detail(id),
      { fallback: KINDS[kind].failed.detail },
    );
    if (current()) {
      state.data = body.data ?? null;
      state.duplicates = Array.isArray(body.duplicates) ? body.duplicates : [];
    }
  } catch (error) {
    if (current()) state.error = messageOf(error);
  } finally {
    if (current()) state.loading = false;
  }
}

/** What a delete says when the application was already gone. */
export const ALREADY_DELETED = 'This application had already been deleted';

/** Takes an application that no longer exists out of the list and the detail. */
function forget(kind: Kind, removed: string): void {
  const state = staffState[kind];
  state.list.data = state.list.data.filter((item) => item.id !== removed);
  state.list.total = Math.max(0, state.list.total - 1);
  state.list.capped = state.list.capped && state.list.total > 0;
  if (state.detail.data?.id === removed) state.detail.data = null;
  dropDraft(kind, removed);
}

/**
 * Whether a call about the open application failed because it no longer exists (404: a
 * colleague, or the retention sweep, deleted it): then it is forgotten, and the detail says so.
 */
export function deletedMeanwhile(kind: Kind, id: string, error: unknown): boolean {
  const detail = staffState[kind].detail;
  // Only once it has been shown: one that never loaded says why itself.
  if (detail.data?.id !== id || !isGone(error)) return false;
  forget(kind, id);
  detail.deleted = true;
  return true;
}

/**
 * Deletes one application, and says so: true once it is gone, also when it no longer existed (a
 * colleague, or the retention sweep, deleted it first: the outcome asked for, said as such);
 * false on failure (its message in `deleteError`).
 */
export async function removeApplication(kind: Kind, id: string): Promise<boolean> {
  const state = staffState[kind];
  state.deleting = true;
  state.deleteError = null;
  try {
    const body = await staffCall<{ id?: unknown }>('delete', KINDS[kind].remove(id), {
      fallback: KINDS[kind].failed.remove,
    });
    forget(kind, typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : id);
    announce('Application deleted');
    return true;
  } catch (error) {
    if (isGone(error)) {
      forget(kind, id);
      announce(ALREADY_DELETED);
      return true;
    }
    state.deleteError = messageOf(error);
    return false;
  } finally {
    state.deleting = false;
  }
}

/**
 * Shows the status a desk call answered on the open application, if it is `id` (the answer
 * carries the status as text: the server checked it against the kind's statuses).
 */
export function showStatus(kind: Kind, id: string, status: string): void {
  const detail = staffState[kind].detail.data;
  if (detail?.id === id) Object.assign(detail, { status });
}

/** The newest application's cursor (a poll: the browser revalidates it with its ETag). */
export async function fetchLatest(kind: Kind): Promise<string | null> {
  const body = await read<{ latest?: string | null }>(`${deskRoot(kind)}/latest/`, 'background');
  return body.latest ?? null;
}

/** The Source filter's partners: at most the server's limit, and whether that is all of them. */
export interface PartnerOrigins {
  origins: readonly string[];
  complete: boolean;
}

/** The partner origins applications of this kind came from (the Source filter's options). */
export async function fetchOrigins(kind: Kind, by: Asker = 'user'): Promise<PartnerOrigins> {
  const body = await read<{ origins?: string[]; complete?: boolean }>(
    `${deskRoot(kind)}/origins/`,
    by,
  );
  return { origins: body.origins ?? [], complete: body.complete !== false };
}

/** Erases every application with this email: the counts deleted, or the failure's message. */
export async function eraseApplicant(
  email: string,
): Promise<{ spartan: number; investor: number } | string> {
  try {
    return await staffCall('post', STAFF_PATHS.erase, {
      data: { email },
      fallback: 'Erasing failed',
    });
  } catch (error) {
    return messageOf(error);
  }
}
