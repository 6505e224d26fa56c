/**
 * Warns two minutes before the session ends and offers to extend it (WCAG 2.2.1); when the time
 * is up, or the server says the session is gone, the login says "Your session ended".
 *
 * The session ends at the earliest of its token's end, its idle end (30 minutes after the last
 * staff call) and its absolute end (docs/STAFF-API.md). The server's times are read once from
 * `GET /api/security-session/` (which is not activity) and moved to this browser's clock by the
 * answer's Date; every later staff call moves the idle end, as the server does.
 */
import type { AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../staff/ConfirmDialog.tsx';
import { expireSession, refusedWith } from './expire.ts';
import { authHeader, authState, loginFulfilled, sessionToken } from './store.ts';
import { ACCOUNT_PATHS, BACKGROUND_HEADER } from '../../schemas/api-paths.ts';
import { resolveApiBase, httpClient } from '../../widgets/shared.ts';

export const WARN_BEFORE_MS = 2 * 60 * 1000;
/** The server records a session's activity at most this often: its idle end may be this early. */
const ACTIVITY_SLACK_MS = 30 * 1000;
/**
 * Calls the server does not count as activity (it answers them without touching the session):
 * the session status itself, and every call the page makes by itself (BACKGROUND_HEADER: the
 * staff list's poll for new applications and its refresh when some arrive). Counting those here
 * would keep an open list alive for ever, and never warn before the idle end.
 */
const passive = (config: InternalAxiosRequestConfig) =>
  (config.method === 'get' && config.url === ACCOUNT_PATHS.session) ||
  config.headers?.[BACKGROUND_HEADER] === '1';

interface SessionTimes {
  expires_at: string;
  idle_expires_at: string;
  last_seen_at?: string;
  absolute_expires_at: string;
}

/** Where the session's ends are, on this browser's clock (ms since the epoch). */
interface Clock {
  tokenEnd: number;
  absoluteEnd: number;
  idleMs: number;
  lastActivity: number;
}

let clock: Clock | null = null;
const listeners = new Set<() => void>();
const watched = new WeakSet<AxiosInstance>();

function sync(response: AxiosResponse<{ session?: SessionTimes }>): void {
  const session = response.data?.session;
  if (!session) return;
  const serverNow = Date.parse(String(response.headers?.date ?? ''));
  const offset = Number.isFinite(serverNow) ? Date.now() - serverNow : 0;
  const at = (iso: string | undefined) => (iso ? Date.parse(iso) + offset : NaN);
  const idleEnd = at(session.idle_expires_at);
  const lastSeen = at(session.last_seen_at) || Date.now();
  const absoluteEnd = at(session.absolute_expires_at);
  const idleMs = idleEnd < absoluteEnd ? idleEnd - lastSeen : (clock?.idleMs ?? idleEnd - lastSeen);
  clock = {
    tokenEnd: at(session.expires_at),
    absoluteEnd,
    idleMs,
    lastActivity: Math.max(lastSeen, clock?.lastActivity ?? 0),
  };
}

/** When the session ends, as far as this page knows (Infinity before the first answer). */
function sessionEnd(): number {
  if (!clock) return Infinity;
  const idleEnd = clock.lastActivity - ACTIVITY_SLACK_MS + clock.idleMs;
  const end = Math.min(clock.tokenEnd, clock.absoluteEnd, idleEnd);
  return Number.isFinite(end) ? end : Infinity;
}

const client = () => httpClient(resolveApiBase(undefined));

/** Counts every successful staff call (with a token) as activity, as the server does. */
function watchActivity(instance: AxiosInstance): void {
  if (watched.has(instance) || !instance.interceptors) return;
  watched.add(instance);
  instance.interceptors.response.use((response) => {
    const config = response.config;
    const bearer = Boolean(config.headers?.Authorization);
    if (bearer && clock && !passive(config)) {
      clock.lastActivity = Date.now();
      for (const listener of listeners) listener();
    }
    return response;
  });
}

/** The session as the server answered: alive, ended (the login then says so), or no answer. */
type Reading = 'alive' | 'ended' | 'unanswered';

/** The first read's retries after no answer: this long first, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;

/** Reads the session from the server: its times, and who is logged in (after a reload). */
async function readSession(): Promise<Reading> {
  const token = sessionToken();
  try {
    const instance = await client();
    watchActivity(instance);
    const response = await instance.get<{ session?: SessionTimes; user?: typeof authState.user }>(
      ACCOUNT_PATHS.session,
      { headers: authHeader(token) },
    );
    if (!response) return 'alive';
    sync(response);
    if (response.data?.user && !authState.user) authState.user = response.data.user;
    return 'alive';
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 401) {
      refusedWith(token);
      return 'ended';
    }
    return 'unanswered'; // offline, or the server busy or down
  }
}

/** A fresh token for the same session; the idle clock starts again. */
async function extendSession(): Promise<void> {
  const instance = await client();
  const response = await instance.post<{
    access: string;
    user: typeof authState.user;
    session: SessionTimes;
  }>(ACCOUNT_PATHS.extend, {}, { headers: authHeader() });
  loginFulfilled(authState, { access: response.data.access, user: response.data.user });
  clock = null;
  sync(response);
}

const timeOfDay = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

export function SessionWatch() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const schedule = () => {
      clearTimeout(timer);
      if (!live) return;
      const end = sessionEnd();
      const now = Date.now();
      if (end === Infinity) return setEndsAt(null);
      if (now >= end) {
        // The time is up here. The server is asked once, for activity this page did not see (a
        // session extended in another tab moves the end on); else, or when the server cannot be
        // reached, the session ends here now, as the warning said it would. (Asked again and
        // again, a session inside the server's slack, or a server that is down, drew hundreds of
        // calls a second.)
        setEndsAt(null);
        void readSession().then((reading) => {
          if (!live || reading === 'ended') return;
          if (sessionEnd() > Date.now()) schedule();
          else expireSession();
        });
        return;
      }
      setEndsAt(now >= end - WARN_BEFORE_MS ? end : null);
      const next = now >= end - WARN_BEFORE_MS ? end : end - WARN_BEFORE_MS;
      // Timers are capped (and clocks sleep): look again at least every minute.
      timer = setTimeout(schedule, Math.min(next - now, 60_000));
    };
    listeners.add(schedule);
    // The first read tells the session's times and, after a reload, who is logged in (the role
    // that shows the admin's controls): without an answer it is tried again, less and less often.
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    const first = () =>
      void readSession().then((reading) => {
        if (!live) return;
        if (reading === 'unanswered' && (!clock || !authState.user)) {
          retry = setTimeout(first, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        } else schedule();
      });
    first();
    return () => {
      live = false;
      clearTimeout(timer);
      clearTimeout(retry);
      listeners.delete(schedule);
      clock = null;
    };
  }, []);

  if (endsAt === null || dismissed === endsAt) return null;
  return (
    <ConfirmDialog
      title="Your session is about to end"
      message={`For the safety of applicants' data, you will be logged out at ${timeOfDay(endsAt)}, in less than two minutes. Stay logged in to keep working.`}
      confirmLabel="Stay logged in"
      busyLabel="Extending..."
      cancelLabel="Not now"
      tone="primary"
      initialFocus="confirm"
      busy={busy}
      error={error}
      onCancel={() => setDismissed(endsAt)}
      onConfirm={() => {
        setBusy(true);
        setError(null);
        extendSession()
          .then(() => {
            for (const listener of listeners) listener();
          })
          .catch((failure: unknown) => {
            if ((failure as { response?: { status?: number } }).response?.status === 401) {
              expireSession();
            } else setError('The session could not be extended: try again');
          })
          .finally(() => setBusy(false));
      }}
    />
  );
}
