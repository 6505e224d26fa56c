import { describe, expect, it } from 'vitest';
import { httpError } from '../../../tests/http-fakes.ts';
import { describeFailure } from './errors.ts';

describe('describeFailure', () => {
  it('given an API error body, then its detail is the message, its errors the fields, its code kept', () => {
    const body = {
      detail: 'Please correct the highlighted fields',
      code: 'SPARTAN_ERR_INVALID_FORM',
      errors: { email: 'Enter a valid email address' },
    };
    expect(describeFailure(httpError(400, body), 'Submission failed')).toEqual({
      message: 'Please correct the highlighted fields',
      fieldErrors: { email: 'Enter a valid email address' },
      status: 400,
      code: 'SPARTAN_ERR_INVALID_FORM',
    });
  });

  it('given a body without a code (an older server, a proxy), then no code and the same message', () => {
    expect(describeFailure(httpError(503, { detail: 'Service unavailable' }), 'Failed')).toEqual({
      message: 'Service unavailable',
      fieldErrors: {},
      status: 503,
    });
    expect(describeFailure(httpError(502, '<html>Bad gateway</html>'), 'Failed')).toEqual({
      message: 'Failed',
      fieldErrors: {},
      status: 502,
    });
  });

  it('given a body that says `message` instead of `detail` (a proxy in front), then that message', () => {
    expect(describeFailure(httpError(413, { message: 'Upload too large' }), 'Failed')).toEqual({
      message: 'Upload too large',
      fieldErrors: {},
      status: 413,
    });
  });

  it('given no answer at all, then the fallback, no status and no code', () => {
    expect(describeFailure(new Error('Network Error'), 'Failed')).toEqual({
      message: 'Failed',
      fieldErrors: {},
      status: undefined,
    });
  });
});
