/**
 * Session lifetime (docs/PRODUCT.md, "Sign-in and the session"): a refresh keeps the session, closing the
 * tab ends it. On unload the token is removed from session storage unless a
 * beforeunload fired within the previous 100 ms. Each browser session has an
 * id (`browserSessionId`, session storage) and writes a heartbeat every
 * 2000 ms to local storage under `spartanAuth_<id>`; other sessions'
 * heartbeats older than 10000 ms are deleted; its own key goes on cleanup.
 */
import {
  HEARTBEAT_MS,
  HEARTBEAT_STALE_MS,
  REFRESH_WINDOW_MS,
  STORAGE_KEYS,
} from '../../../content/constants.ts';

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
    if (now() - lastBeforeUnload > REFRESH_WINDOW_MS) session.removeItem(STORAGE_KEYS.authToken);
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
