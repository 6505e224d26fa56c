/**
 * Session lifetime (docs/PRODUCT.md, "Sign-in and the session"): a refresh keeps the session, closing the
 * tab ends it. On unload the token is removed from session storage unless a
 * beforeunload fired within the previous 100 ms. A page unloads only once its
 * successor's response has arrived, so a refresh from a server slower than 100 ms
 * would end the session: the removed token is parked beside it instead, and the
 * next page of this tab takes it back if its navigation started by the time the
 * previous page unloaded (within the same 100 ms), that is, if it is the page that
 * replaced it, not a tab restored later. Each browser session has an
 * id (`browserSessionId`, session storage) and writes a heartbeat every
 * 2000 ms to local storage under `spartanAuth_<id>`; other sessions'
 * heartbeats older than 10000 ms are deleted; its own key goes on cleanup.
 */
import {
  HEARTBEAT_MS,
  HEARTBEAT_STALE_MS,
  REFRESH_WINDOW_MS,
  STORAGE_KEYS,
} from '../../content/constants.ts';

export interface SessionLifetimeDeps {
  session: Storage;
  local: Storage;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now: () => number;
  newId: () => string;
}

function defaultDeps(): SessionLifetimeDeps {
  return {
    session: sessionStorage,
    local: localStorage,
    target: window,
    now: () => Date.now(),
    newId: () =>
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`,
  };
}

/** Where an unloading page leaves the token it removed, for the page that replaces it. */
export const PARKED_KEY = `${STORAGE_KEYS.authToken}Parked`;

/**
 * Takes back the token the previous page of this tab parked when it unloaded, if this page's
 * navigation (`navigationStart`, epoch ms: `performance.timeOrigin`) had started by then: this
 * page replaced it (a refresh or a link), it is not a tab restored later. The parked copy goes
 * either way.
 */
export function adoptParkedToken(session: Storage, navigationStart: number): void {
  const parked = session.getItem(PARKED_KEY);
  if (parked === null) return;
  session.removeItem(PARKED_KEY);
  try {
    const { token, at } = JSON.parse(parked) as { token?: unknown; at?: unknown };
    if (
      typeof token === 'string' &&
      typeof at === 'number' &&
      navigationStart <= at + REFRESH_WINDOW_MS
    ) {
      session.setItem(STORAGE_KEYS.authToken, token);
    }
  } catch {
    // Not ours or damaged: dropped.
  }
}

/** This tab's session id, created on first use and kept across refreshes. */
export function browserSessionId(deps: Pick<SessionLifetimeDeps, 'session' | 'newId'>): string {
  let id = deps.session.getItem(STORAGE_KEYS.browserSessionId);
  if (!id) {
    id = deps.newId();
    deps.session.setItem(STORAGE_KEYS.browserSessionId, id);
  }
  return id;
}

/** Deletes other sessions' heartbeats older than the stale limit. */
export function sweepStaleHeartbeats(local: Storage, ownKey: string, now: number): void {
  const keys: string[] = [];
  for (let i = 0; i < local.length; i += 1) {
    const key = local.key(i);
    if (key && key.startsWith(STORAGE_KEYS.heartbeatPrefix) && key !== ownKey) keys.push(key);
  }
  for (const key of keys) {
    const beat = Number(local.getItem(key));
    if (!Number.isFinite(beat) || now - beat > HEARTBEAT_STALE_MS) local.removeItem(key);
  }
}

/** Starts the lifetime rules; returns the cleanup. */
export function startSessionLifetime(deps: SessionLifetimeDeps = defaultDeps()): () => void {
  const { session, local, target, now } = deps;
  const id = browserSessionId(deps);
  const ownKey = `${STORAGE_KEYS.heartbeatPrefix}${id}`;
  let lastBeforeUnload = Number.NEGATIVE_INFINITY;

  const beat = () => {
    try {
      local.setItem(ownKey, String(now()));
      sweepStaleHeartbeats(local, ownKey, now());
    } catch {
      // Storage full or blocked: the session still works, it just is not tracked.
    }
  };
  const onBeforeUnload = () => {
    lastBeforeUnload = now();
  };
  const onUnload = () => {
    if (now() - lastBeforeUnload <= REFRESH_WINDOW_MS) return;
    const token = session.getItem(STORAGE_KEYS.authToken);
    session.removeItem(STORAGE_KEYS.authToken);
    if (token) session.setItem(PARKED_KEY, JSON.stringify({ token, at: now() }));
  };

  beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  target.addEventListener('beforeunload', onBeforeUnload);
  target.addEventListener('unload', onUnload);
  return () => {
    clearInterval(timer);
    target.removeEventListener('beforeunload', onBeforeUnload);
    target.removeEventListener('unload', onUnload);
    local.removeItem(ownKey);
  };
}

let stop: (() => void) | null = null;

/** Starts the lifetime once per page (idempotent); the auth pages call it. */
export function ensureSessionLifetime(): void {
  if (stop || typeof window === 'undefined') return;
  try {
    stop = startSessionLifetime();
  } catch {
    stop = null;
  }
}

/** Stops it and removes this session's heartbeat (tests, and pages that leave for good). */
export function stopSessionLifetime(): void {
  stop?.();
  stop = null;
}
