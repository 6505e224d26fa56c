import { describe, expect, it } from 'vitest';
import * as errors from './errors.ts';
import { ApiError } from './errors.ts';

describe('API errors', () => {
  it('each kind carries its own SPARTAN_ERR_* code, named after it', () => {
    const made = [
      errors.ERR_INVALID_FORM({ email: 'Enter a valid email address' }),
      errors.ERR_BAD_REQUEST(),
      errors.ERR_INVALID_CREDENTIALS(),
      errors.ERR_NOT_AUTHENTICATED(),
      errors.ERR_INVALID_CODE(),
      errors.ERR_LOGIN_EXPIRED(),
      errors.ERR_FORBIDDEN_ROLE(),
      errors.ERR_FORBIDDEN_ORIGIN(),
      errors.ERR_NOT_FOUND(),
      errors.ERR_SETUP_LINK(),
      errors.ERR_CONFLICT('Taken'),
      errors.ERR_TOO_LARGE(),
      errors.ERR_UNSUPPORTED_MEDIA_TYPE('application/json'),
      errors.ERR_RATE_LIMITED(3),
      errors.ERR_UNAVAILABLE(),
    ];
    expect(made.map((e) => e.code)).toEqual([
      'SPARTAN_ERR_INVALID_FORM',
      'SPARTAN_ERR_BAD_REQUEST',
      'SPARTAN_ERR_INVALID_CREDENTIALS',
      'SPARTAN_ERR_NOT_AUTHENTICATED',
      'SPARTAN_ERR_INVALID_CODE',
      'SPARTAN_ERR_LOGIN_EXPIRED',
      'SPARTAN_ERR_FORBIDDEN_ROLE',
      'SPARTAN_ERR_FORBIDDEN_ORIGIN',
      'SPARTAN_ERR_NOT_FOUND',
      'SPARTAN_ERR_SETUP_LINK',
      'SPARTAN_ERR_CONFLICT',
      'SPARTAN_ERR_TOO_LARGE',
      'SPARTAN_ERR_UNSUPPORTED_MEDIA_TYPE',
      'SPARTAN_ERR_RATE_LIMITED',
      'SPARTAN_ERR_UNAVAILABLE',
    ]);
    expect(made.map((e) => e.statusCode)).toEqual([
      400, 400, 401, 401, 401, 401, 403, 403, 404, 404, 409, 413, 415, 429, 503,
    ]);
  });

  it('an error made without a code is named by its status', () => {
    expect(new ApiError(409, 'Taken').code).toBe('SPARTAN_ERR_HTTP_409');
  });
});
