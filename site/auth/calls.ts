/**
 * The account, session and staff-management calls of the staff area (docs/STAFF-API.md), with
 * the session's bearer token. A 401 ends the session here too (the login says so); a refused
 * call rejects with a `CallError` carrying the server's message, field errors and error code.
 */
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { refusedWith } from './expire.ts';
import { authHeader, sessionToken } from './store.ts';
import {
  resolveApiBase,
  describeFailure,
  type FailureInfo,
  httpClient,
} from '../../widgets/shared.ts';

export class CallError extends Error {
  readonly fieldErrors: Record<string, string>;
  readonly status: number | undefined;
  /** The server's `SPARTAN_ERR_*` code, when it sent one. */
  readonly code: string | undefined;
  constructor(info: FailureInfo) {
    super(info.message);
    this.fieldErrors = info.fieldErrors;
    this.status = info.status;
    this.code = info.code;
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One request with the session's bearer token, answered whole. A 401 ends the session here
 * whichever request meets it (a list, a download, the live list's background checks: these once
 * failed quietly every 10 s on a token revoked elsewhere, while the page went on showing the
 * list), unless the session had already ended here (refusedWith); the caller still gets the
 * error, as axios threw it.
 */
export async function withSession<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  // The session the call is made for, read before the wait for the HTTP code: a logout meanwhile
  // must not leave it to go out with no token.
  const token = sessionToken();
  const client = await httpClient(resolveApiBase(undefined));
  try {
    return await client.request<T>({
      ...config,
      headers: { ...authHeader(token), ...config.headers },
    });
  } catch (error) {
    if (describeFailure(error, '').status === 401) refusedWith(token);
    throw error;
  }
}

/** One staff call; resolves with the whole response (the session watch reads its Date). */
export async function staffRequest<T>(
  method: Method,
  url: string,
  options: {
    data?: object;
    params?: Record<string, unknown>;
    fallback?: string;
    headers?: Record<string, string>;
    /** `blob` for a file (an export, a resume). */
    responseType?: 'blob';
  } = {},
): Promise<AxiosResponse<T>> {
  try {
    return await withSession<T>({
      method,
      url,
      params: options.params,
      // POSTs carry a JSON body, even an empty one (the API takes no form posts).
      data: method === 'get' || method === 'delete' ? undefined : (options.data ?? {}),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.responseType ? { responseType: options.responseType } : {}),
    });
  } catch (error) {
    throw new CallError(
      describeFailure(error, options.fallback ?? 'Something went wrong: try again'),
    );
  }
}

/** The body of one staff call. */
export const staffCall = async <T>(
  method: Method,
  url: string,
  options?: Parameters<typeof staffRequest>[2],
): Promise<T> => (await staffRequest<T>(method, url, options)).data;
