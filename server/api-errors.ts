/**
 * The errors the API answers with, named with their status (fastify's `FST_ERR_*` style). Every
 * error body is `{"detail": "…", "code": "SPARTAN_ERR_…"}`, plus `errors` (`{field: message}`)
 * for a rejected form. Nothing else leaves the server. The `detail` texts are a public contract;
 * the codes are what a client or a test should match on (docs/SERVER.md, Error codes).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../schemas/errors.ts';
import { LOGIN_EXPIRED } from '../schemas/login.ts';

/** Every code an error body carries, by name: `CODES.NOT_FOUND` is `SPARTAN_ERR_NOT_FOUND`. */
export const CODES = {
  INVALID_FORM: 'SPARTAN_ERR_INVALID_FORM',
  BAD_REQUEST: 'SPARTAN_ERR_BAD_REQUEST',
  BAD_URL: 'SPARTAN_ERR_BAD_URL',
  MALFORMED_HTTP: 'SPARTAN_ERR_MALFORMED_HTTP',
  INVALID_CREDENTIALS: 'SPARTAN_ERR_INVALID_CREDENTIALS',
  NOT_AUTHENTICATED: 'SPARTAN_ERR_NOT_AUTHENTICATED',
  INVALID_CODE: 'SPARTAN_ERR_INVALID_CODE',
  LOGIN_EXPIRED: 'SPARTAN_ERR_LOGIN_EXPIRED',
  FORBIDDEN_ROLE: 'SPARTAN_ERR_FORBIDDEN_ROLE',
  FORBIDDEN_ORIGIN: 'SPARTAN_ERR_FORBIDDEN_ORIGIN',
  NOT_FOUND: 'SPARTAN_ERR_NOT_FOUND',
  METHOD_NOT_ALLOWED: 'SPARTAN_ERR_METHOD_NOT_ALLOWED',
  SETUP_LINK: 'SPARTAN_ERR_SETUP_LINK',
  REQUEST_TIMEOUT: 'SPARTAN_ERR_REQUEST_TIMEOUT',
  CONFLICT: 'SPARTAN_ERR_CONFLICT',
  TOO_LARGE: 'SPARTAN_ERR_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'SPARTAN_ERR_UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'SPARTAN_ERR_RATE_LIMITED',
  HEADERS_TOO_LARGE: 'SPARTAN_ERR_HEADERS_TOO_LARGE',
  INTERNAL: 'SPARTAN_ERR_INTERNAL',
  UNAVAILABLE: 'SPARTAN_ERR_UNAVAILABLE',
  BUSY: 'SPARTAN_ERR_BUSY',
  RESTARTING: 'SPARTAN_ERR_RESTARTING',
} as const;

/** A named code (`SPARTAN_ERR_NOT_FOUND`, …). */
export type ErrorCode = (typeof CODES)[keyof typeof CODES];
/**
 * What `code` may hold: a named code, or, for a refusal with no name of its own (a plugin's
 * status none of ours has), `SPARTAN_ERR_HTTP_<status>`.
 */
export type ApiErrorCode = ErrorCode | `SPARTAN_ERR_HTTP_${number}`;

/** The code of a refusal that did not name one: the status's usual meaning, if it has one. */
const CODE_OF_STATUS: ReadonlyMap<number, ErrorCode> = new Map([
  [400, CODES.BAD_REQUEST],
  [404, CODES.NOT_FOUND],
  [408, CODES.REQUEST_TIMEOUT],
  [413, CODES.TOO_LARGE],
  [415, CODES.UNSUPPORTED_MEDIA_TYPE],
  [431, CODES.HEADERS_TOO_LARGE],
  [500, CODES.INTERNAL],
  [503, CODES.UNAVAILABLE],
]);

function codeOfStatus(statusCode: number): ApiErrorCode {
  return CODE_OF_STATUS.get(statusCode) ?? `SPARTAN_ERR_HTTP_${statusCode}`;
}

export class ApiError extends Error {
  /** What went wrong (`SPARTAN_ERR_NOT_FOUND`), sent beside `detail`. */
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    detail: string,
    errors?: FieldErrors,
    headers?: Record<string, string>,
    code: ApiErrorCode = codeOfStatus(statusCode),
  ) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

/** An error body: the text, its code and, for a rejected form, the message of each field. */
export interface ErrorBody {
  detail: string;
  code: ApiErrorCode;
  errors?: FieldErrors;
}

export function errorBody(error: ApiError): ErrorBody {
  const body: ErrorBody = { detail: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  return body;
}

/** Answers with `error`: its status, its headers (Retry-After, WWW-Authenticate) and its body. */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) void reply.headers(error.headers);
  return reply.code(error.statusCode).send(errorBody(error));
}

/** An error with a fixed detail and its own code. */
const named = (
  statusCode: number,
  detail: string,
  code: ErrorCode,
  headers?: Record<string, string>,
) => new ApiError(statusCode, detail, undefined, headers, code);

export const ERR_INVALID_FORM = (errors: FieldErrors) =>
  new ApiError(400, 'Please correct the highlighted fields', errors, undefined, CODES.INVALID_FORM);
export const ERR_BAD_REQUEST = (detail = 'Malformed request') =>
  named(400, detail, CODES.BAD_REQUEST);
/** A URL Fastify cannot decode (FST_ERR_BAD_URL). */
export const ERR_BAD_URL = () => named(400, 'Malformed URL', CODES.BAD_URL);
/** Bytes Node's HTTP parser cannot read as a request. */
export const ERR_MALFORMED_HTTP = () => named(400, 'Malformed HTTP request', CODES.MALFORMED_HTTP);
export const ERR_INVALID_CREDENTIALS = () =>
  named(401, 'Invalid credentials', CODES.INVALID_CREDENTIALS);
export const ERR_NOT_AUTHENTICATED = () =>
  named(
    401,
    'Authentication credentials were not provided or are invalid',
    CODES.NOT_AUTHENTICATED,
    { 'WWW-Authenticate': 'Bearer' },
  );
export const ERR_INVALID_CODE = () => named(401, 'Invalid code', CODES.INVALID_CODE);
/** A later login step whose challenge is unknown, used up or past its time. */
export const ERR_LOGIN_EXPIRED = () => named(401, LOGIN_EXPIRED, CODES.LOGIN_EXPIRED);
export const ERR_FORBIDDEN_ROLE = () =>
  named(403, 'Your role does not allow this', CODES.FORBIDDEN_ROLE);
export const ERR_FORBIDDEN_ORIGIN = () =>
  named(403, 'This call is not available from other sites', CODES.FORBIDDEN_ORIGIN);
export const ERR_NOT_FOUND = () => named(404, 'Not found', CODES.NOT_FOUND);
/** An API path that exists, called with a method it does not take; `allowed` are those it does. */
export const ERR_METHOD_NOT_ALLOWED = (allowed: readonly string[]) =>
  named(405, `Method not allowed: use ${allowed.join(' or ')}`, CODES.METHOD_NOT_ALLOWED, {
    Allow: allowed.join(', '),
  });
export const ERR_SETUP_LINK = () =>
  named(404, 'This setup link is not valid or has expired', CODES.SETUP_LINK);
/** A link that would confirm a new address for new-application mail, unknown or used up. */
export const ERR_ADDRESS_LINK = () =>
  named(404, 'This confirmation link is not valid or has expired', CODES.NOT_FOUND);
/** A right password on an account whose second factor an admin reset: its setup link sets one up. */
export const ERR_MFA_SETUP_LINK = () =>
  named(
    403,
    'Your second factor was reset: open the setup link an admin gave you, or ask for a new one',
    CODES.SETUP_LINK,
  );
/** A request whose headers or body did not arrive within the limits (Node's timeouts). */
export const ERR_REQUEST_TIMEOUT = () =>
  named(408, 'The request took too long to arrive', CODES.REQUEST_TIMEOUT);
/** A change the current state refuses (a taken username, the last admin). */
export const ERR_CONFLICT = (detail: string) => named(409, detail, CODES.CONFLICT);
export const ERR_TOO_LARGE = (detail = 'Request body is too large') =>
  named(413, detail, CODES.TOO_LARGE);
/** A body of a type the call does not take; `expected` names the one it does. */
export const ERR_UNSUPPORTED_MEDIA_TYPE = (expected?: string) =>
  named(
    415,
    expected === undefined
      ? 'Unsupported content type'
      : `Unsupported content type: send ${expected}`,
    CODES.UNSUPPORTED_MEDIA_TYPE,
  );
/** A wait in words a visitor reads at a glance: seconds under two minutes, else whole minutes. */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
export const ERR_RATE_LIMITED = (retryAfterSeconds: number) =>
  named(
    429,
    `Too many requests: try again in ${waitInWords(retryAfterSeconds)}`,
    CODES.RATE_LIMITED,
    { 'Retry-After': String(retryAfterSeconds) },
  );
/** Request headers over the server's limit (Node's HPE_HEADER_OVERFLOW). */
export const ERR_HEADERS_TOO_LARGE = () =>
  named(431, 'Request headers are too large', CODES.HEADERS_TOO_LARGE);
/** Any other fault: the answer says no more (the log has its name and code). */
export const ERR_INTERNAL = () => named(500, 'Internal server error', CODES.INTERNAL);
/**
 * What the API needs (the database, the file store) cannot be reached right now, with when to
 * ask again.
 */
export const ERR_UNAVAILABLE = (detail = 'Service unavailable') =>
  named(503, detail, CODES.UNAVAILABLE, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
/** The health check's answer when the database does not reply. */
export const ERR_DATABASE_UNAVAILABLE = () => ERR_UNAVAILABLE('Database unavailable');
/** The password-hashing gate is full (server/security/hash-pool.ts). */
export const ERR_BUSY = () =>
  named(503, 'Busy: try again in a moment', CODES.BUSY, { 'Retry-After': '1' });
/** A request arriving while the server shuts down. */
export const ERR_RESTARTING = (retryAfterSeconds: number) =>
  named(503, 'The server is restarting: try again in a moment', CODES.RESTARTING, {
    'Retry-After': String(retryAfterSeconds),
  });

/**
 * Fastify's (and @fastify/multipart's) own refusals that reach the error handler, by their code,
 * in the API's words: `message` is theirs, kept where it is the whole story.
 */
const FRAMEWORK_ERRORS: ReadonlyMap<string, (message: string) => ApiError> = new Map([
  ['FST_ERR_BAD_URL', () => ERR_BAD_URL()],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', () => ERR_UNSUPPORTED_MEDIA_TYPE()],
  ['FST_ERR_CTP_BODY_TOO_LARGE', () => ERR_TOO_LARGE()],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', ERR_BAD_REQUEST],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', ERR_BAD_REQUEST],
  ['FST_ERR_CTP_INVALID_JSON_BODY', ERR_BAD_REQUEST],
  ['FST_ERR_VALIDATION', ERR_BAD_REQUEST],
  // A 406 of @fastify/multipart: answered 400, as any other unreadable body.
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', ERR_BAD_REQUEST],
]);

/** What the error handler is given: ours, Fastify's, a plugin's, or any other thrown thing. */
export interface FastifyLikeError {
  statusCode?: number | undefined;
  code?: string | undefined;
  message?: string | undefined;
  errors?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * Any error as the API's answer: ours as they are; Fastify's by their code; another with a 4xx
 * status by that status (its message as the detail), with no status as a 500. A 5xx is still
 * to be put in the API's own words by the caller (server/app.ts), which logs it.
 */
export function publicError(error: FastifyLikeError): ApiError {
  if (error instanceof ApiError) return error;
  const message = error.message ?? 'Bad request';
  const framework = error.code === undefined ? undefined : FRAMEWORK_ERRORS.get(error.code);
  if (framework) return framework(message);
  let status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 406) status = 400;
  return new ApiError(status, message, error.errors);
}

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
const DATABASE_RETRY_AFTER_SECONDS = 5;

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
  void sendError(reply, error.code === 'FST_ERR_BAD_URL' ? ERR_BAD_URL() : ERR_INTERNAL());
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (malformed HTTP, headers over
 * the limit, a client too slow), written straight on the socket in the API's shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ERR_REQUEST_TIMEOUT()
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? ERR_HEADERS_TOO_LARGE()
        : ERR_MALFORMED_HTTP();
  const status = error.statusCode;
  const body = JSON.stringify(errorBody(error));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Whether an error, or one it wraps, comes from the database (PostgreSQL's or PGlite's). */
export function fromDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { severity, params, message, cause } = e as Record<string, unknown>;
    if (severity !== undefined || params !== undefined) return true;
    if (typeof message === 'string' && message.startsWith('Failed query')) return true;
    e = cause;
  }
  return false;
}

/**
 * An error as a log line may show it: its name and code (errorLabel), and the first line of its
 * message unless the error comes from the database. The query layer's messages end with the
 * query's parameters (`Failed query: … params: …`, a search term, an applicant's data), and
 * PostgreSQL's can quote a value; their SQLSTATE code says what went wrong.
 */
export function loggedError(error: unknown): { name?: string; code?: string; message?: string } {
  const label = errorLabel(error);
  const { message } = (error ?? {}) as { message?: unknown };
  if (typeof message !== 'string' || !message || fromDatabase(error)) return label;
  return { ...label, message: (message.split('\n')[0] ?? '').slice(0, 200) };
}
