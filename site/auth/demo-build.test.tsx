/**
 * The offline demo build's login (the front-end-only variant: a build with
 * VITE_SPARTAN_LOCAL_AUTH=1, never a production one). Whether a build has it is fixed when
 * site/auth/local-flag.ts is first evaluated, so each test stubs the build's variables and
 * imports the store or the page afresh (vi.resetModules): this file has a module graph of its own
 * (vitest.config.ts). The HTTP client and navigation are spied on in that fresh graph, the one the
 * imported store and page use, so "without a call" is checked on the client they would call.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import type { LoginResult } from '../../widgets/login/types.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { fakeClient } from '../../tests/http-fakes.ts';

/** A fresh module graph for a demo build with that account; its fake client and navigation. */
async function demoBuild(account: { username: string; password: string }) {
  vi.resetModules();
  vi.stubEnv('VITE_SPARTAN_LOCAL_AUTH', '1');
  vi.stubEnv('VITE_SPARTAN_LOCAL_USERNAME', account.username);
  vi.stubEnv('VITE_SPARTAN_LOCAL_PASSWORD', account.password);
  const client = fakeClient();
  vi.spyOn(await import('../../widgets/shared.ts'), 'httpClient').mockResolvedValue(
    client as never,
  );
  const navigate = vi
    .spyOn(await import('../navigation.ts'), 'navigate')
    .mockImplementation(() => undefined);
  return { client, navigate };
}

afterEach(async () => {
  (await import('./session.ts')).stopSessionLifetime();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('login (front-end-only variant, demo builds only)', () => {
  it('given the flag, when the local method is chosen, then a base64 token of the username and time is made without a call', async () => {
    const { client } = await demoBuild({ username: 'demo', password: 'demo-pass' });
    const store = await import('./store.ts');
    const local = store.initialAuthState();
    store.setAuthMethod(local, false);
    expect(local.useApiAuth).toBe(false);
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const result = (await store.login(
      { username: 'demo', password: 'demo-pass' },
      local,
    )) as LoginResult;
    expect(atob(result.access)).toBe('demo:1700000000000');
    expect(result.user).toMatchObject({ username: 'demo', role: 'admin' });
    expect(local).toMatchObject({ isAuthenticated: true, token: result.access });
    expect(client.post).not.toHaveBeenCalled();
    // The same store, with the server method chosen again, does call the server.
    store.setAuthMethod(local, true);
    client.post.mockResolvedValueOnce({ data: { access: 'tok', user: result.user } });
    await store.login({ username: 'demo', password: 'demo-pass' }, local);
    expect(client.post).toHaveBeenCalledOnce();
  });

  it('given the flag, when the credentials do not match, then "Invalid credentials"', async () => {
    await demoBuild({ username: 'demo', password: 'demo-pass' });
    const store = await import('./store.ts');
    const local = store.initialAuthState();
    store.toggleAuthMethod(local);
    await expect(store.login({ username: 'demo', password: 'nope' }, local)).rejects.toBe(
      'Invalid credentials',
    );
    expect(local.error).toBe('Invalid credentials');
  });

  it('given the flag but no account in the build, then an unexpected failure gives "Login failed"', async () => {
    await demoBuild({ username: '', password: '' });
    const store = await import('./store.ts');
    const local = store.initialAuthState();
    store.setAuthMethod(local, false);
    await expect(store.login({ username: 'a', password: 'b' }, local)).rejects.toBe('Login failed');
  });
});

describe('/security-login in an offline demo build', () => {
  it('given the demo flag, when the offline login is chosen, then the build’s account logs in without a call', async () => {
    const { client, navigate } = await demoBuild({ username: 'demo', password: 'demo-pass' });
    history.replaceState(null, '', '/security-login?next=%2Fstaff%2Finvestors');
    const { LoginPage } = await import('./login.tsx');
    const u = setupUser();
    const { container } = render(<LoginPage />);
    await u.click(screen.getByRole('checkbox', { name: 'Offline demo login (no server)' }));
    await u.type(screen.getByLabelText(/Username/), 'demo');
    await u.type(screen.getByLabelText(/Password/), 'demo-pass');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/staff/investors', true));
    expect(client.post).not.toHaveBeenCalled();
    expect(atob(sessionStorage.getItem('authToken') ?? '')).toMatch(/^demo:\d+$/);
    await expectNoAxeViolations(container);
  });
});
