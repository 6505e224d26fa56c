import { beforeEach, describe, expect, it } from 'vitest';
import * as shared from '../../widgets/shared.ts';
import { fakeClientPerTest, httpError } from '../../tests/http-fakes.ts';
import {
  authHeader,
  sessionToken,
  clearErrors,
  initialAuthState,
  loggedOut,
  login,
  loginFulfilled,
  loginPending,
  loginRejected,
  setAuthMethod,
  syncFromSession,
  toggleAuthMethod,
  type AuthState,
} from './store.ts';

const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };
let state: AuthState;
const client = fakeClientPerTest(shared);
beforeEach(() => {
  state = initialAuthState();
});

describe('auth transitions (docs/PRODUCT.md)', () => {
  it('starts unauthenticated without a token, and authenticated when session storage holds one', () => {
    expect(state).toEqual({
      user: null,
      token: null,
      isAuthenticated: false,
      loading: false,
      error: null,
      useApiAuth: true,
    });
    sessionStorage.setItem('authToken', 'kept');
    expect(initialAuthState()).toMatchObject({ token: 'kept', isAuthenticated: true });
  });

  it('pending sets loading and clears the error', () => {
    state.error = 'old';
    loginPending(state);
    expect(state).toMatchObject({ loading: true, error: null });
  });

  it('fulfilled stops loading, sets user (or empty), token and authenticated, and stores the token', () => {
    loginPending(state);
    loginFulfilled(state, { access: 'tok', user });
    expect(state).toMatchObject({ loading: false, user, token: 'tok', isAuthenticated: true });
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    loginFulfilled(state, { access: 'tok2', user: null });
    expect(state.user).toBeNull();
  });

  it('rejected stops loading, stores the error and is not authenticated', () => {
    loginPending(state);
    loginRejected(state, 'Invalid credentials');
    expect(state).toMatchObject({
      loading: false,
      error: 'Invalid credentials',
      isAuthenticated: false,
    });
  });

  it('logout removes the token from storage and clears user, token and authenticated', () => {
    loginFulfilled(state, { access: 'tok', user });
    loggedOut(state);
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(state).toMatchObject({ user: null, token: null, isAuthenticated: false });
  });

  it('clear errors empties the error', () => {
    state.error = { detail: 'x' };
    clearErrors(state);
    expect(state.error).toBeNull();
  });

  it('set or toggle the auth method clears the error; without the demo build flag the server variant stays', () => {
    state.error = 'x';
    toggleAuthMethod(state);
    expect(state).toMatchObject({ useApiAuth: true, error: null });
    state.error = 'y';
    setAuthMethod(state, false);
    expect(state).toMatchObject({ useApiAuth: true, error: null });
  });

  it('sync from session: a token means authenticated; none clears token, user and the flag', () => {
    sessionStorage.setItem('authToken', 'from-other-code');
    syncFromSession(state);
    expect(state).toMatchObject({ token: 'from-other-code', isAuthenticated: true });
    state.user = user;
    sessionStorage.removeItem('authToken');
    syncFromSession(state);
    expect(state).toMatchObject({ token: null, user: null, isAuthenticated: false });
  });

  it('the bearer header carries the session token', () => {
    expect(sessionToken(state)).toBeNull();
    expect(authHeader(sessionToken(state))).toEqual({});
    loginFulfilled(state, { access: 'tok', user });
    expect(sessionToken(state)).toBe('tok');
    expect(authHeader(sessionToken(state))).toEqual({ Authorization: 'Bearer tok' });
  });
});

describe('login (server variant, the default)', () => {
  it('when the server accepts, then it is fulfilled with the token and user', async () => {
    client.post.mockResolvedValue({ data: { access: 'srv', user } });
    await expect(login({ username: 'ada', password: 'pw' }, state)).resolves.toEqual({
      access: 'srv',
      user,
    });
    expect(client.post).toHaveBeenCalledWith('/api/security-login/', {
      username: 'ada',
      password: 'pw',
    });
    expect(state).toMatchObject({ token: 'srv', isAuthenticated: true, loading: false });
  });

  it('when the server refuses with data, then that is the error; with none, "Login failed"', async () => {
    client.post.mockRejectedValueOnce(httpError(401, { detail: 'Invalid credentials' }));
    await expect(login({ username: 'ada', password: 'x' }, state)).rejects.toBe(
      'Invalid credentials',
    );
    expect(state).toMatchObject({
      error: 'Invalid credentials',
      isAuthenticated: false,
      loading: false,
    });
    client.post.mockRejectedValueOnce(
      httpError(400, { errors: { username: 'Enter your username' } }),
    );
    await expect(login({ username: '', password: 'x' }, state)).rejects.toEqual({
      errors: { username: 'Enter your username' },
    });
    client.post.mockRejectedValueOnce(new Error('Network Error'));
    await expect(login({ username: 'ada', password: 'x' }, state)).rejects.toBe('Login failed');
    expect(state.error).toBe('Login failed');
  });
});
