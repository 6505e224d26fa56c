/**
 * The server login call (SPEC section 7, `POST /api/security-login/`) and the
 * errors of SPEC section 8: the server's message when it sent one, the
 * response data otherwise, and "Login failed" when there was no answer.
 */
import { STORAGE_KEYS } from '../../content/constants.ts';
import { resolveApiBase } from '../runtime/api-base.ts';
import { httpClient, warmHttpClient } from '../internal/http.ts';
import { serverMessage } from '../internal/form/errors.ts';

export const LOGIN_PATH = '/api/security-login/';
export const LOGIN_FAILED = 'Login failed';

import type { AuthUser, LoginCredentials, LoginResult } from './types.ts';

export type { AuthUser, LoginCredentials, LoginResult };

/** The error a failed login rejects with (a string when the server explained itself). */
export function loginError(error: unknown): unknown {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data === undefined || data === null || data === '') return LOGIN_FAILED;
  return serverMessage(data) ?? data;
}

export async function serverLogin(
  apiBase: string,
  credentials: LoginCredentials,
): Promise<LoginResult> {
  let data: unknown;
  try {
    const client = await httpClient(apiBase);
    data = (await client.post(LOGIN_PATH, credentials)).data;
  } catch (error) {
    throw loginError(error);
  }
  const body = (data ?? {}) as { access?: unknown; user?: AuthUser };
  if (typeof body.access !== 'string' || !body.access) throw LOGIN_FAILED;
  return { access: body.access, user: body.user ?? null };
}

/** The standalone widget's login: the server call, then the token kept for this tab. */
export async function widgetLogin(
  apiBase: string | undefined,
  credentials: LoginCredentials,
): Promise<LoginResult> {
  const result = await serverLogin(resolveApiBase(apiBase), credentials);
  sessionStorage.setItem(STORAGE_KEYS.authToken, result.access);
  return result;
}

export { validateLogin } from '../../schemas/login.ts';

/** Starts loading the HTTP client (on first interaction, before the submit). */
export const warm = (apiBase: string | undefined) => warmHttpClient(resolveApiBase(apiBase));
