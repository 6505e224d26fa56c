import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/axe.ts';
import { httpClient } from '../../../widgets/shared.ts';
import type * as Shared from '../../../widgets/shared.ts';
import { installFakeClient, httpError, type FakeClient } from '../../../tests/http-fakes.ts';
import { navigate } from '../../navigation.ts';
import { stopSessionLifetime } from '../auth/session.ts';
import { authState, loggedOut } from '../auth/store.ts';
import { LoginPage } from './login.tsx';

vi.mock('../../../widgets/shared.ts', async (original) => ({
  ...(await original<typeof Shared>()),
  httpClient: vi.fn(),
}));
vi.mock('../../navigation.ts', () => ({ navigate: vi.fn() }));

let client: FakeClient;
beforeEach(() => {
  client = installFakeClient(httpClient);
  vi.mocked(navigate).mockReset();
  loggedOut(authState);
  stopSessionLifetime();
  history.replaceState(null, '', '/security-login?next=%2Fstaff%2Finvestors');
});

const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };

describe('/security-login', () => {
  it('given an existing session, then it goes straight to next', async () => {
    sessionStorage.setItem('authToken', 'still-here');
    render(<LoginPage />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/staff/investors', true));
  });

  it('when the login is wrong then right, then the error shows in the store and page, then it returns to next', async () => {
    const u = userEvent.setup();
    client.post.mockRejectedValueOnce(httpError(401, { detail: 'Invalid credentials' }));
    client.post.mockResolvedValueOnce({ data: { access: 'tok', user } });
    const { container } = render(<LoginPage />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Login' })).toBeInTheDocument();
    await u.type(screen.getByLabelText(/Username/), 'ada');
    await u.type(screen.getByLabelText(/Password/), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(authState.error).toBe('Invalid credentials');
    await expectNoAxeViolations(container);
    expect(navigate).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText(/Password/), 'right');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/staff/investors', true));
    expect(authState).toMatchObject({ isAuthenticated: true, token: 'tok', user, error: null });
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    // The session lifetime runs: this tab beats.
    expect(
      localStorage.getItem(`spartanAuth_${sessionStorage.getItem('browserSessionId')}`),
    ).not.toBeNull();
    stopSessionLifetime();
  });

  it('given next pointing elsewhere, then after login it goes home', async () => {
    const u = userEvent.setup();
    history.replaceState(null, '', '/security-login?next=https%3A%2F%2Fevil.test%2F');
    client.post.mockResolvedValue({ data: { access: 'tok', user } });
    render(<LoginPage />);
    await u.type(screen.getByLabelText(/Username/), 'ada');
    await u.type(screen.getByLabelText(/Password/), 'pw');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', true));
    stopSessionLifetime();
  });
});

describe('/security-login in an offline demo build', () => {
  it('given no demo flag, then there is no local login choice', () => {
    render(<LoginPage />);
    expect(screen.queryByRole('checkbox', { name: /Offline demo login/ })).toBeNull();
  });

  it('given the demo flag, when the offline login is chosen, then the build’s account logs in without a call', async () => {
    vi.resetModules();
    vi.stubEnv('VITE_SPARTAN_LOCAL_AUTH', '1');
    vi.stubEnv('VITE_SPARTAN_LOCAL_USERNAME', 'demo');
    vi.stubEnv('VITE_SPARTAN_LOCAL_PASSWORD', 'demo-pass');
    const { LoginPage: DemoLoginPage } = await import('./login.tsx');
    const nav = (await import('../../navigation.ts')).navigate;
    const u = userEvent.setup();
    const { container } = render(<DemoLoginPage />);
    await u.click(screen.getByRole('checkbox', { name: 'Offline demo login (no server)' }));
    await u.type(screen.getByLabelText(/Username/), 'demo');
    await u.type(screen.getByLabelText(/Password/), 'demo-pass');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(nav).toHaveBeenCalledWith('/staff/investors', true));
    expect(client.post).not.toHaveBeenCalled();
    expect(atob(sessionStorage.getItem('authToken') ?? '')).toMatch(/^demo:\d+$/);
    await expectNoAxeViolations(container);
    vi.unstubAllEnvs();
    (await import('../auth/session.ts')).stopSessionLifetime();
  });
});
