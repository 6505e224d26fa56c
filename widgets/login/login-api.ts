/**
 * The server login call (`POST /api/security-login/`, docs/STAFF-API.md) and its
 * errors (docs/PRODUCT.md, "Failure messages"): the server's message when it sent one, the
 * response data otherwise, and "Login failed" when there was no answer.
 */
import { STORAGE_KEYS } from '../../content/constants.ts';
import { resolveApiBase } from '../runtime/api-base.ts';
import { httpClient, warmHttpClient } from '../internal/http.ts';
import { serverMessage } from '../internal/form/errors.ts';
import {
  ACCOUNT_PATHS,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
} from '../../schemas/api-paths.ts';

export { LOGIN_PATH };
export const LOGIN_FAILED = 'Login failed';

import type {
  AuthUser,
  LoginContinuation,
  LoginCredentials,
  LoginOutcome,
  LoginRequest,
  LoginResult,
  LoginStep,
} from './types.ts';

export type { AuthUser, LoginCredentials, LoginOutcome, LoginRequest, LoginResult, LoginStep };

/** The paths of the login's later steps (docs/STAFF-API.md). */
export const STEP_PATHS: Record<LoginStep['kind'], string> = {
  mfa: LOGIN_MFA_PATH,
  setup: LOGIN_MFA_SETUP_PATH,
  password: LOGIN_PASSWORD_PATH,
};

export { LOGIN_EXPIRED } from '../../schemas/login.ts';

export const isLoginStep = (outcome: LoginOutcome): outcome is LoginStep => 'challenge' in outcome;

/** The error a failed login rejects with (a string when the server explained itself). */
export function loginError(error: unknown): unknown {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data === undefined || data === null || data === '') return LOGIN_FAILED;
  const message = serverMessage(data);
  if (message === undefined) return data;
  // A refused field (a new password the policy turns down) says why; the summary does not.
  const fields = (data as { errors?: Record<string, unknown> }).errors;
  const reason = fields && Object.values(fields).find((m) => typeof m === 'string' && m);
  return typeof reason === 'string' ? reason : message;
}

interface LoginAnswer {
  access?: unknown;
  user?: AuthUser;
  challenge?: unknown;
  mfa_required?: boolean;
  mfa_setup_required?: boolean;
  password_change_required?: boolean;
  secret?: string;
  qr_svg?: string;
  recovery_codes?: string[];
}

/**
 * One call of the login: the password (first step) or a later step; its result or next step.
 * `clientFor` gives the HTTP client: the widget passes its own, the site the one of
 * widgets/shared.ts (the same function; the site takes it from its public door).
 */
export async function serverLogin(
  apiBase: string,
  request: LoginRequest,
  clientFor: typeof httpClient,
): Promise<LoginOutcome> {
  let data: unknown;
  try {
    const client = await clientFor(apiBase);
    data =
      'path' in request
        ? (await client.post(request.path, request.body)).data
        : (await client.post(LOGIN_PATH, request)).data;
  } catch (error) {
    throw loginError(error);
  }
  const body = (data ?? {}) as LoginAnswer;
  if (typeof body.challenge === 'string' && body.challenge) {
    const kind = body.mfa_setup_required
      ? 'setup'
      : body.password_change_required
        ? 'password'
        : body.mfa_required
          ? 'mfa'
          : null;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the login rejects with its message (LoginForm shows it; docs/PRODUCT.md, "Failure messages")
    if (!kind) throw LOGIN_FAILED;
    return { kind, challenge: body.challenge, secret: body.secret, qrSvg: body.qr_svg };
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the login rejects with its message (LoginForm shows it; docs/PRODUCT.md, "Failure messages")
  if (typeof body.access !== 'string' || !body.access) throw LOGIN_FAILED;
  return {
    access: body.access,
    user: body.user ?? null,
    ...(body.recovery_codes ? { recoveryCodes: body.recovery_codes } : {}),
  };
}

/** The call that answers `step` with the user's input (a code, or a new password). */
export function continuation(step: LoginStep, input: string): LoginContinuation {
  return step.kind === 'password'
    ? { path: STEP_PATHS.password, body: { challenge: step.challenge, new_password: input } }
    : { path: STEP_PATHS[step.kind], body: { challenge: step.challenge, code: input } };
}

/** The standalone widget's login: the server call, then the token kept for this tab. */
export async function widgetLogin(
  apiBase: string | undefined,
  request: LoginRequest,
): Promise<LoginOutcome> {
  const result = await serverLogin(resolveApiBase(apiBase), request, httpClient);
  if (!isLoginStep(result)) sessionStorage.setItem(STORAGE_KEYS.authToken, result.access);
  return result;
}

/**
 * The user of the session this tab keeps (a reload finds it there), or null: none kept, or the
 * server says it has ended (then it is forgotten). An unanswered check forgets nothing.
 */
export async function sessionUser(apiBase: string | undefined): Promise<AuthUser | null> {
  const token = sessionStorage.getItem(STORAGE_KEYS.authToken);
  if (!token) return null;
  try {
    const client = await httpClient(resolveApiBase(apiBase));
    const { data } = await client.get<{ user?: AuthUser }>(ACCOUNT_PATHS.session, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return data.user ?? null;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 401) {
      sessionStorage.removeItem(STORAGE_KEYS.authToken);
    }
    return null;
  }
}

/**
 * The logout call: the session of `headers`' bearer token ends on the server (the token stops
 * working), whatever it answers; offline or already ended, the token expires on its own. The
 * widget and the site's staff area both log out through it; `clientFor` as for serverLogin.
 */
export async function endServerSession(
  apiBase: string,
  headers: Record<string, string>,
  clientFor: typeof httpClient,
): Promise<void> {
  try {
    const client = await clientFor(apiBase);
    // An empty JSON body: without one, axios would label it a form post the API does not take.
    await client.post(LOGOUT_PATH, {}, { headers });
  } catch {
    // Nothing to do: the caller forgets the token in any case.
  }
}

/** Ends the tab's session on the server (revoking its token), and forgets it here in any case. */
export async function widgetLogout(apiBase: string | undefined): Promise<void> {
  const token = sessionStorage.getItem(STORAGE_KEYS.authToken);
  sessionStorage.removeItem(STORAGE_KEYS.authToken);
  if (!token) return;
  await endServerSession(resolveApiBase(apiBase), { Authorization: `Bearer ${token}` }, httpClient);
}

export { validateLogin } from '../../schemas/login.ts';

/** Starts loading the HTTP client (on first interaction, before the submit). */
export const warm = (apiBase: string | undefined) => warmHttpClient(resolveApiBase(apiBase));
