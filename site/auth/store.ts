/**
 * Authentication state (docs/PRODUCT.md, "Sign-in and the session") in valtio: user, token,
 * isAuthenticated, loading, error and the auth-method flag, with every
 * transition listed there. The token lives in this tab's session
 * storage under `authToken`.
 *
 * The transitions are plain functions of the state (pure store tests drive
 * them on a fresh object); `login` and `logout` run them on the shared store.
 */
import { proxy } from 'valtio/vanilla';
import { STORAGE_KEYS } from '../../content/constants.ts';
import { httpClient, resolveApiBase } from '../../widgets/shared.ts';
import {
  LOGIN_FAILED,
  isLoginStep,
  serverLogin,
  type AuthUser,
  type LoginCredentials,
  type LoginOutcome,
  type LoginRequest,
  type LoginResult,
} from '../../widgets/login/login-api.ts';
import { localLogin } from './local-auth.ts';
import { adoptParkedToken } from './session.ts';
import { LOCAL_AUTH_ENABLED } from './local-flag.ts';

export type { AuthUser, LoginCredentials };

export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  /** The failed login's error: a string when there is a message, else the server's data. */
  error: unknown;
  /** true: the server variant (default); false: the front-end-only variant (offline demo builds only). */
  useApiAuth: boolean;
}

/** This tab's session storage, or null where there is none or it is refused (privacy settings). */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storedToken(): string | null {
  const store = sessionStore();
  if (!store) return null;
  if (typeof performance !== 'undefined') adoptParkedToken(store, performance.timeOrigin);
  return store.getItem(STORAGE_KEYS.authToken);
}

/** The state a page starts with: authenticated if a token exists in session storage. */
export function initialAuthState(): AuthState {
  const token = storedToken();
  return {
    user: null,
    token,
    isAuthenticated: token !== null,
    loading: false,
    error: null,
    useApiAuth: true,
  };
}

// Transitions.

export function loginPending(state: AuthState): void {
  state.loading = true;
  state.error = null;
}

export function loginFulfilled(state: AuthState, result: LoginResult): void {
  state.loading = false;
  state.user = result.user ?? null;
  state.token = result.access;
  state.isAuthenticated = true;
  sessionStore()?.setItem(STORAGE_KEYS.authToken, result.access);
}

export function loginRejected(state: AuthState, error: unknown): void {
  state.loading = false;
  state.error = error;
  state.isAuthenticated = false;
}

export function loggedOut(state: AuthState): void {
  sessionStore()?.removeItem(STORAGE_KEYS.authToken);
  state.user = null;
  state.token = null;
  state.isAuthenticated = false;
}

export function clearErrors(state: AuthState): void {
  state.error = null;
}

export function toggleAuthMethod(state: AuthState): void {
  setAuthMethod(state, !state.useApiAuth);
}

/** Chooses the server (true) or front-end-only (false) variant; the latter only where compiled in. */
export function setAuthMethod(state: AuthState, useApiAuth: boolean): void {
  state.useApiAuth = LOCAL_AUTH_ENABLED ? useApiAuth : true;
  state.error = null;
}

export function syncFromSession(state: AuthState): void {
  const token = storedToken();
  if (token) {
    state.token = token;
    state.isAuthenticated = true;
  } else {
    state.token = null;
    state.user = null;
    state.isAuthenticated = false;
  }
}

/** The shared store of the site. */
export const authState = proxy<AuthState>(initialAuthState());

/**
 * Logs in with the chosen variant, one step per call (the password, then a code, a two-factor
 * set-up or a new password when the server asks); resolves with the result or the next step,
 * or rejects with the stored error (the login form shows it).
 */
export async function login(
  request: LoginRequest,
  state: AuthState = authState,
  apiBase?: string,
): Promise<LoginOutcome> {
  loginPending(state);
  try {
    // Compiled in only when the build asks for it (see local-auth.ts); dead code otherwise.
    const result =
      LOCAL_AUTH_ENABLED && !state.useApiAuth && !('path' in request)
        ? await localLogin(request)
        : await serverLogin(resolveApiBase(apiBase), request, httpClient);
    if (isLoginStep(result)) {
      state.loading = false;
      return result;
    }
    loginFulfilled(state, result);
    return result;
  } catch (error) {
    const stored = error === undefined || error instanceof Error ? LOGIN_FAILED : error;
    loginRejected(state, stored);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the store keeps as its error: the message, or the server's data (AuthState.error)
    throw stored;
  }
}

/** The current session's token, or null. */
export function sessionToken(state: AuthState = authState): string | null {
  return state.token ?? storedToken();
}

/** The bearer header of a token: by default, the current session's. */
export function authHeader(token: string | null = sessionToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}
