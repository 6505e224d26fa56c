import { afterEach, expect, it, vi } from 'vitest';
import * as shared from '../../widgets/shared.ts';
import { deferred, fakeClientPerTest, httpError, spyPerTest } from '../../tests/http-fakes.ts';
import * as navigation from '../navigation.ts';
import { CallError, staffCall } from './calls.ts';
import { SESSION_ENDED, endingSession, takeEndedNotice } from './expire.ts';
import { authState, loggedOut, loginFulfilled } from './store.ts';

const client = fakeClientPerTest(shared);
spyPerTest(navigation, 'navigate');
const user = { id: 'u', username: 'ada', role: 'admin', name: 'Ada' };
afterEach(() => {
  loggedOut(authState);
  takeEndedNotice();
});

/**
 * Logs in with `token` and starts a staff call whose answer the test gives; resolves once the
 * request has gone out with that token.
 */
async function callInFlight(token: string) {
  loginFulfilled(authState, { access: token, user });
  const answer = deferred<never>();
  client.request.mockReturnValueOnce(answer.promise);
  const call = staffCall('get', '/api/staff/users/').catch((e: unknown) => e);
  await vi.waitFor(() =>
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({ headers: { Authorization: `Bearer ${token}` } }),
    ),
  );
  return { answer, call };
}

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

it('given a 401 to a call of the current session, then the session ends and the login says so', async () => {
  history.replaceState(null, '', '/staff?list=investors');
  loginFulfilled(authState, { access: 'tok-1', user });
  client.request.mockRejectedValueOnce(httpError(401, { detail: 'Session ended' }));
  await expect(staffCall('get', '/api/staff/users/')).rejects.toBeInstanceOf(CallError);
  expect(authState.token).toBeNull();
  expect(navigation.navigate).toHaveBeenCalledWith(
    '/security-login?next=%2Fstaff%3Flist%3Dinvestors',
    true,
  );
  expect(takeEndedNotice()).toBe(SESSION_ENDED);
});

it('given a call in flight when the staff member logs out, then its 401 (the revocation came first) says nothing', async () => {
  history.replaceState(null, '', '/staff');
  const { answer, call } = await callInFlight('tok-1');
  loggedOut(authState);
  history.replaceState(null, '', '/security-login');
  answer.reject(httpError(401, { detail: 'Session ended' }));
  expect(await call).toBeInstanceOf(CallError);
  expect(navigation.navigate).not.toHaveBeenCalled();
  expect(takeEndedNotice()).toBeNull();
});

it('given a call begun while its HTTP code was still loading, and a logout meanwhile, then its 401 says nothing', async () => {
  history.replaceState(null, '', '/staff');
  loginFulfilled(authState, { access: 'tok-1', user });
  const loading = deferred<typeof client>();
  vi.mocked(shared.httpClient).mockReturnValueOnce(loading.promise as never);
  client.request.mockRejectedValueOnce(httpError(401, { detail: 'Session ended' }));
  const call = staffCall('get', '/api/staff/users/').catch((e: unknown) => e);
  loggedOut(authState);
  history.replaceState(null, '', '/security-login');
  loading.resolve(client);
  expect(await call).toBeInstanceOf(CallError);
  // It went out with the session it was made for, and its refusal ends nothing.
  expect(client.request).toHaveBeenCalledWith(
    expect.objectContaining({ headers: { Authorization: 'Bearer tok-1' } }),
  );
  expect(navigation.navigate).not.toHaveBeenCalled();
  expect(takeEndedNotice()).toBeNull();
});

it('given a call that carried no token, then its 401 ends no session and says nothing', async () => {
  history.replaceState(null, '', '/security-login');
  client.request.mockRejectedValueOnce(httpError(401, { detail: 'Not logged in' }));
  expect(await staffCall('get', '/api/staff/users/').catch((e: unknown) => e)).toBeInstanceOf(
    CallError,
  );
  expect(takeEndedNotice()).toBeNull();
});

it('given a call of an earlier session answered 401 after a new login, then the new session goes on', async () => {
  const { answer, call } = await callInFlight('tok-1');
  loginFulfilled(authState, { access: 'tok-2', user });
  answer.reject(httpError(401, { detail: 'Session ended' }));
  expect(await call).toBeInstanceOf(CallError);
  expect(authState.token).toBe('tok-2');
  expect(navigation.navigate).not.toHaveBeenCalled();
});

it('given Log out everywhere under way, then a 401 of the same session says nothing; once it failed, one ends the session', async () => {
  history.replaceState(null, '', '/staff?section=account');
  loginFulfilled(authState, { access: 'tok-1', user });
  const end = deferred<never>();
  const ending = endingSession('tok-1', () => end.promise).catch((e: unknown) => e);
  client.request.mockRejectedValueOnce(httpError(401, { detail: 'Session ended' }));
  await expect(staffCall('get', '/api/staff/users/')).rejects.toBeInstanceOf(CallError);
  expect(authState.token).toBe('tok-1');
  expect(navigation.navigate).not.toHaveBeenCalled();
  end.reject(new Error('offline'));
  await ending;
  client.request.mockRejectedValueOnce(httpError(401, { detail: 'Session ended' }));
  await expect(staffCall('get', '/api/staff/users/')).rejects.toBeInstanceOf(CallError);
  expect(authState.token).toBeNull();
  expect(takeEndedNotice()).toBe(SESSION_ENDED);
});
