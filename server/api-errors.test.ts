import { errorCodes } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as errors from './api-errors.ts';
import { ApiError, CODES, errorBody, publicError } from './api-errors.ts';

describe('API errors', () => {
  it('each kind carries its own SPARTAN_ERR_* code, named after it', () => {
    const made = [
      errors.ERR_INVALID_FORM({ email: 'Enter a valid email address' }),
      errors.ERR_BAD_REQUEST(),
      errors.ERR_BAD_URL(),
      errors.ERR_MALFORMED_HTTP(),
      errors.ERR_INVALID_CREDENTIALS(),
      errors.ERR_NOT_AUTHENTICATED(),
      errors.ERR_INVALID_CODE(),
      errors.ERR_LOGIN_EXPIRED(),
      errors.ERR_FORBIDDEN_ROLE(),
      errors.ERR_FORBIDDEN_ORIGIN(),
      errors.ERR_NOT_FOUND(),
      errors.ERR_METHOD_NOT_ALLOWED(['GET', 'HEAD']),
      errors.ERR_SETUP_LINK(),
      errors.ERR_REQUEST_TIMEOUT(),
      errors.ERR_CONFLICT('Taken'),
      errors.ERR_TOO_LARGE(),
      errors.ERR_UNSUPPORTED_MEDIA_TYPE('application/json'),
      errors.ERR_RATE_LIMITED(3),
      errors.ERR_HEADERS_TOO_LARGE(),
      errors.ERR_INTERNAL(),
      errors.ERR_UNAVAILABLE(),
      errors.ERR_DATABASE_UNAVAILABLE(),
      errors.ERR_BUSY(),
      errors.ERR_RESTARTING(5),
    ];
    expect(made.map((e) => e.code)).toEqual([
      'SPARTAN_ERR_INVALID_FORM',
      'SPARTAN_ERR_BAD_REQUEST',
      'SPARTAN_ERR_BAD_URL',
      'SPARTAN_ERR_MALFORMED_HTTP',
      'SPARTAN_ERR_INVALID_CREDENTIALS',
      'SPARTAN_ERR_NOT_AUTHENTICATED',
      'SPARTAN_ERR_INVALID_CODE',
      'SPARTAN_ERR_LOGIN_EXPIRED',
      'SPARTAN_ERR_FORBIDDEN_ROLE',
      'SPARTAN_ERR_FORBIDDEN_ORIGIN',
      'SPARTAN_ERR_NOT_FOUND',
      'SPARTAN_ERR_METHOD_NOT_ALLOWED',
      'SPARTAN_ERR_SETUP_LINK',
      'SPARTAN_ERR_REQUEST_TIMEOUT',
      'SPARTAN_ERR_CONFLICT',
      'SPARTAN_ERR_TOO_LARGE',
      'SPARTAN_ERR_UNSUPPORTED_MEDIA_TYPE',
      'SPARTAN_ERR_RATE_LIMITED',
      'SPARTAN_ERR_HEADERS_TOO_LARGE',
      'SPARTAN_ERR_INTERNAL',
      'SPARTAN_ERR_UNAVAILABLE',
      'SPARTAN_ERR_UNAVAILABLE',
      'SPARTAN_ERR_BUSY',
      'SPARTAN_ERR_RESTARTING',
    ]);
    expect(made.map((e) => e.statusCode)).toEqual([
      400, 400, 400, 400, 401, 401, 401, 401, 403, 403, 404, 405, 404, 408, 409, 413, 415, 429, 431,
      500, 503, 503, 503, 503,
    ]);
    // Every named code is made by one of them, and none is a typo of CODES.
    expect(new Set(made.map((e) => e.code))).toEqual(new Set(Object.values(CODES)));
  });

  it('each code is named SPARTAN_ERR_ and its key, once', () => {
    for (const [name, code] of Object.entries(CODES)) expect(code).toBe(`SPARTAN_ERR_${name}`);
  });

  it('the details are the documented ones', () => {
    expect(errors.ERR_UNSUPPORTED_MEDIA_TYPE().message).toBe('Unsupported content type');
    expect(errors.ERR_UNSUPPORTED_MEDIA_TYPE('multipart/form-data').message).toBe(
      'Unsupported content type: send multipart/form-data',
    );
    expect(errors.ERR_INTERNAL().message).toBe('Internal server error');
    expect(errors.ERR_UNAVAILABLE().message).toBe('Service unavailable');
    expect(errors.ERR_DATABASE_UNAVAILABLE().message).toBe('Database unavailable');
    expect(errors.ERR_RESTARTING(5)).toMatchObject({
      message: 'The server is restarting: try again in a moment',
      headers: { 'Retry-After': '5' },
    });
    // A wait read at a glance: seconds under two minutes, then whole minutes (rounded up).
    expect(errors.ERR_RATE_LIMITED(1).message).toBe('Too many requests: try again in 1 second');
    expect(errors.ERR_RATE_LIMITED(119).message).toBe(
      'Too many requests: try again in 119 seconds',
    );
    expect(errors.ERR_RATE_LIMITED(593)).toMatchObject({
      message: 'Too many requests: try again in 10 minutes',
      headers: { 'Retry-After': '593' },
    });
  });

  it('an error made without a code is named by its status', () => {
    expect(new ApiError(409, 'Taken').code).toBe('SPARTAN_ERR_HTTP_409');
    expect(new ApiError(404, 'Gone').code).toBe(CODES.NOT_FOUND);
  });

  it('the body carries the detail and the code, and the field errors of a rejected form', () => {
    expect(errorBody(errors.ERR_NOT_FOUND())).toEqual({
      detail: 'Not found',
      code: 'SPARTAN_ERR_NOT_FOUND',
    });
    expect(errorBody(errors.ERR_INVALID_FORM({ email: 'Enter a valid email address' }))).toEqual({
      detail: 'Please correct the highlighted fields',
      code: 'SPARTAN_ERR_INVALID_FORM',
      errors: { email: 'Enter a valid email address' },
    });
  });
});

describe("Fastify's errors as the API's", () => {
  it.each([
    [new errorCodes.FST_ERR_BAD_URL('%zz'), 400, CODES.BAD_URL, 'Malformed URL'],
    [
      new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/plain'),
      415,
      CODES.UNSUPPORTED_MEDIA_TYPE,
      'Unsupported content type',
    ],
    [
      new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(),
      413,
      CODES.TOO_LARGE,
      'Request body is too large',
    ],
    [
      new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(),
      400,
      CODES.BAD_REQUEST,
      'Request body size did not match Content-Length',
    ],
    [
      new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(),
      400,
      CODES.BAD_REQUEST,
      "Body cannot be empty when content-type is set to 'application/json'",
    ],
    [
      Object.assign(new Error('the request is not multipart'), {
        code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
        statusCode: 406,
      }),
      400,
      CODES.BAD_REQUEST,
      'the request is not multipart',
    ],
  ])('given %s, then %i %s', (error, status, code, detail) => {
    expect(publicError(error)).toMatchObject({ statusCode: status, code, message: detail });
  });

  it('given a refusal with a status and no code of ours, then that status, named by it', () => {
    const gone = Object.assign(new Error('No such thing'), { statusCode: 404 });
    expect(publicError(gone)).toMatchObject({ statusCode: 404, code: CODES.NOT_FOUND });
    const odd = Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
    expect(publicError(odd)).toMatchObject({ statusCode: 416, code: 'SPARTAN_ERR_HTTP_416' });
    const other = Object.assign(new Error('nope'), { statusCode: 406 });
    expect(publicError(other)).toMatchObject({ statusCode: 400, code: CODES.BAD_REQUEST });
  });

  it('given an error without a status, then a 500; ours, as thrown', () => {
    expect(publicError(new Error('boom'))).toMatchObject({
      statusCode: 500,
      code: CODES.INTERNAL,
    });
    const ours = errors.ERR_FORBIDDEN_ROLE();
    expect(publicError(ours)).toBe(ours);
  });
});
