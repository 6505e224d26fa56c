/**
 * The staff calls (bearer token), as a valtio store per kind of application
 * (SPEC section 4: pending sets loading and clears the error; fetching
 * replaces the list; a successful delete removes the item whose returned id
 * matches; a failure stores the server's message or the section 8 fallback).
 * A 401 ends the session and sends the visitor to the login.
 */
import { proxy } from 'valtio/vanilla';
import { describeFailure, httpClient, resolveApiBase } from '../../../widgets/shared.ts';
import { expireSession } from '../auth/expire.ts';
import { authHeader } from '../auth/store.ts';
import { KINDS, type Kind } from './kinds.ts';

export const PAGE_SIZE = 10;

export type Application = Record<string, unknown> & { id: string };

export interface ListState {
  data: Application[];
  total: number;
  page: number;
  q: string;
  source: string;
  loading: boolean;
  error: string | null;
}

export interface DetailState {
  data: Application | null;
  loading: boolean;
  error: string | null;
}

export interface KindState {
  list: ListState;
  detail: DetailState;
  /** The last delete's failure, shown beside the list or detail. */
  deleteError: string | null;
  deleting: boolean;
}

const emptyKind = (): KindState => ({
  list: { data: [], total: 0, page: 1, q: '', source: '', loading: false, error: null },
  detail: { data: null, loading: false, error: null },
  deleteError: null,
  deleting: false,
});

export const staffState = proxy<Record<Kind, KindState>>({
  spartan: emptyKind(),
  investor: emptyKind(),
});

/** Clears every list and detail (after logout: nothing of the last session stays in memory). */
export function resetStaffState(): void {
  staffState.spartan = emptyKind();
  staffState.investor = emptyKind();
}

async function call<T>(
  method: 'get' | 'delete',
  url: string,
  params?: Record<string, unknown>,
): Promise<T> {
  const client = await httpClient(resolveApiBase(undefined));
  const response = await client.request<T>({ method, url, params, headers: authHeader() });
  return response.data;
}

/** The message to show for a failed call; a 401 also ends the session. */
function failure(error: unknown, fallback: string): string {
  const info = describeFailure(error, fallback);
  if (info.status === 401) expireSession();
  return info.message;
}

export async function fetchList(kind: Kind, page: number, q: string, source = ''): Promise<void> {
  const state = staffState[kind].list;
  state.loading = true;
  state.error = null;
  state.page = page;
  state.q = q;
  state.source = source;
  // A slower earlier request must not overwrite a newer one.
  const current = () => state.page === page && state.q === q && state.source === source;
  try {
    const body = await call<{ data?: Application[]; total?: number; page?: number }>(
      'get',
      KINDS[kind].list,
      { page, page_size: PAGE_SIZE, ...(q ? { q } : {}), ...(source ? { origin: source } : {}) },
    );
    if (!current()) return;
    state.data = Array.isArray(body.data) ? body.data : [];
    state.total = typeof body.total === 'number' ? body.total : state.data.length;
  } catch (error) {
    if (current()) state.error = failure(error, KINDS[kind].failed.list);
  } finally {
    if (current()) state.loading = false;
  }
}

export async function fetchDetail(kind: Kind, id: string): Promise<void> {
  const state = staffState[kind].detail;
  state.loading = true;
  state.error = null;
  state.data = null;
  try {
    const body = await call<{ data?: Application }>('get', KINDS[kind].detail(id));
    state.data = body.data ?? null;
  } catch (error) {
    state.error = failure(error, KINDS[kind].failed.detail);
  } finally {
    state.loading = false;
  }
}

/** Deletes one application; true when the server confirmed it (and it left the list). */
export async function removeApplication(kind: Kind, id: string): Promise<boolean> {
  const state = staffState[kind];
  state.deleting = true;
  state.deleteError = null;
  try {
    const body = await call<{ id?: unknown }>('delete', KINDS[kind].remove(id));
    const removed = body.id === undefined || body.id === null ? id : String(body.id);
    state.list.data = state.list.data.filter((item) => item.id !== removed);
    state.list.total = Math.max(0, state.list.total - 1);
    if (state.detail.data?.id === removed) state.detail.data = null;
    return true;
  } catch (error) {
    state.deleteError = failure(error, KINDS[kind].failed.remove);
    return false;
  } finally {
    state.deleting = false;
  }
}

export const DOWNLOAD_FAILED = 'Download Resume failed';

/** Fetches the resume with the bearer token and saves it through an object URL. */
export async function downloadResume(kind: Kind, id: string, filename: string): Promise<void> {
  const path = KINDS[kind].resume?.(id);
  if (!path) return;
  let blob: Blob;
  try {
    const client = await httpClient(resolveApiBase(undefined));
    const response = await client.get<Blob>(path, {
      responseType: 'blob',
      headers: { ...authHeader(), Accept: '*/*' },
    });
    blob = response.data;
  } catch (error) {
    throw new Error(failure(error, DOWNLOAD_FAILED));
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Logs out on the server (the token stops working), whatever it answers. */
export async function serverLogout(): Promise<void> {
  try {
    const client = await httpClient(resolveApiBase(undefined));
    // An empty JSON body: without one, axios would label it a form post the API does not take.
    await client.post('/api/security-logout/', {}, { headers: authHeader() });
  } catch {
    // Offline or already expired: the local logout below still ends the session here.
  }
}
