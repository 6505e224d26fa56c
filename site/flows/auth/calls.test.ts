import { expect, it } from 'vitest';
import * as shared from '../../../widgets/shared.ts';
import { fakeClientPerTest, httpError } from '../../../tests/http-fakes.ts';
import { CallError, staffCall } from './calls.ts';

const client = fakeClientPerTest(shared);

it('given a refused call, then it rejects with the server message, status and error code', async () => {
  client.request.mockRejectedValueOnce(
    httpError(409, { detail: 'There must be at least one admin', code: 'SPARTAN_ERR_CONFLICT' }),
  );
  const failure: unknown = await staffCall('patch', '/api/staff/users/x/', {
    data: { role: 'reviewer' },
  }).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(CallError);
  expect(failure).toMatchObject({
    message: 'There must be at least one admin',
    status: 409,
    code: 'SPARTAN_ERR_CONFLICT',
    fieldErrors: {},
  });
});

it('given a refusal without a code, then the same message and no code', async () => {
  client.request.mockRejectedValueOnce(httpError(409, { detail: 'Taken' }));
  const failure = (await staffCall('post', '/api/staff/users/').catch(
    (e: unknown) => e,
  )) as CallError;
  expect(failure.message).toBe('Taken');
  expect(failure.code).toBeUndefined();
});
