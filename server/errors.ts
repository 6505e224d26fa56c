/**
 * The errors the API answers with, named with their status (fastify's
 * `FST_ERR_*` style). Every error body is `{"detail": "…"}`, plus `errors`
 * (`{field: message}`) for a rejected form. Nothing else leaves the server.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../schemas/errors.ts';

export class ApiError extends Error {
  /** What went wrong, for code and tests (`SPARTAN_ERR_NOT_FOUND`); not sent to the client. */
  readonly code: string;
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    detail: string,
    errors?: FieldErrors,
    headers?: Record<string, string>,
    code = `SPARTAN_ERR_HTTP_${statusCode}`,
  ) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

export const ERR_INVALID_FORM = (errors: FieldErrors) =>
  new ApiError(
    400,
    'Please correct the highlighted fields',
    errors,
    undefined,
    'SPARTAN_ERR_INVALID_FORM',
  );
export const ERR_BAD_REQUEST = (detail = 'Malformed request') =>
  new ApiError(400, detail, undefined, undefined, 'SPARTAN_ERR_BAD_REQUEST');
export const ERR_INVALID_CREDENTIALS = () =>
  new ApiError(401, 'Invalid credentials', undefined, undefined, 'SPARTAN_ERR_INVALID_CREDENTIALS');
export const ERR_NOT_AUTHENTICATED = () =>
  new ApiError(
    401,
    'Authentication credentials were not provided or are invalid',
    undefined,
    { 'WWW-Authenticate': 'Bearer' },
    'SPARTAN_ERR_NOT_AUTHENTICATED',
  );
/** An error with a fixed detail and its own code. */
const named = (statusCode: number, detail: string, code: string) =>
  new ApiError(statusCode, detail, undefined, undefined, code);

export const ERR_INVALID_CODE = () => named(401, 'Invalid code', 'SPARTAN_ERR_INVALID_CODE');
/** A later login step whose challenge is unknown, used up or past its time. */
export const ERR_LOGIN_EXPIRED = () =>
  named(401, 'This login has expired: start again', 'SPARTAN_ERR_LOGIN_EXPIRED');
export const ERR_FORBIDDEN_ROLE = () =>
  named(403, 'Your role does not allow this', 'SPARTAN_ERR_FORBIDDEN_ROLE');
export const ERR_FORBIDDEN_ORIGIN = () =>
  new ApiError(
    403,
    'This call is not available from other sites',
    undefined,
    undefined,
    'SPARTAN_ERR_FORBIDDEN_ORIGIN',
  );
export const ERR_NOT_FOUND = () =>
  new ApiError(404, 'Not found', undefined, undefined, 'SPARTAN_ERR_NOT_FOUND');
export const ERR_SETUP_LINK = () =>
  named(404, 'This setup link is not valid or has expired', 'SPARTAN_ERR_SETUP_LINK');
/** A change the current state refuses (a taken username, the last admin). */
export const ERR_CONFLICT = (detail: string) => named(409, detail, 'SPARTAN_ERR_CONFLICT');
export const ERR_TOO_LARGE = (detail = 'Request body is too large') =>
  new ApiError(413, detail, undefined, undefined, 'SPARTAN_ERR_TOO_LARGE');
export const ERR_UNSUPPORTED_MEDIA_TYPE = (expected: string) =>
  new ApiError(
    415,
    `Unsupported content type: send ${expected}`,
    undefined,
    undefined,
    'SPARTAN_ERR_UNSUPPORTED_MEDIA_TYPE',
  );
export const ERR_RATE_LIMITED = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    `Too many requests: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
    'SPARTAN_ERR_RATE_LIMITED',
  );
export const ERR_UNAVAILABLE = () =>
  new ApiError(503, 'Service unavailable', undefined, undefined, 'SPARTAN_ERR_UNAVAILABLE');
export const ERR_INTERNAL = 'Internal server error';

/** PostgreSQL error classes that mean "no working connection", not "this query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(?:08|57P0[1-3]|3D000|53300)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|Client has encountered a connection error/i;

/**
 * Whether an error (or one it wraps, as the query layer does) says the database cannot be
 * reached right now: the request is answered 503 with Retry-After, not 500.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = cause;
  }
  return false;
}

/** How long a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What a log line may say about an error: its name and code. A message or a stack can carry a
 * query's parameters (applicants' data) or a file's bytes.
 */
export function errorLabel(error: unknown): { name?: string; code?: string } {
  const { name } = (error ?? {}) as { name?: unknown };
  let code: unknown;
  // The first code along the causes (the query layer wraps the driver's error).
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string') {
      code = e.code;
      break;
    }
    e = e.cause as typeof e;
  }
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * Errors Fastify raises before routing (a URL it cannot decode, FST_ERR_BAD_URL), answered in
 * the API's shape.
 */
export function frameworkErrors(
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: 'Malformed URL' });
    return;
  }
  void reply.code(500).send({ detail: ERR_INTERNAL });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (malformed HTTP, headers over
 * the limit, a client too slow), written straight on the socket in the API's shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let detail = 'Malformed HTTP request';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'The request took too long to arrive';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'Request headers are too large';
  }
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
