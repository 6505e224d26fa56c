/** Session lifetime and storage keys of staff authentication (docs/PRODUCT.md, "Sign-in and the session"). */
export const HEARTBEAT_MS = 2000;
export const HEARTBEAT_STALE_MS = 10_000;
export const REFRESH_WINDOW_MS = 100;
export const STORAGE_KEYS = {
  authToken: 'authToken',
  browserSessionId: 'browserSessionId',
  heartbeatPrefix: 'spartanAuth_',
} as const;
