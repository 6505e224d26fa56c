import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import * as shared from '../../widgets/shared.ts';
import { fakeClientPerTest, httpError, spyPerTest } from '../../tests/http-fakes.ts';
import * as navigation from '../navigation.ts';
import { stopSessionLifetime } from './session.ts';
import { authState, loggedOut } from './store.ts';
import { LoginPage } from './login.tsx';

const client = fakeClientPerTest(shared);
spyPerTest(navigation, 'navigate');
beforeEach(() => {
  loggedOut(authState);
  stopSessionLifetime();
  history.replaceState(null, '', '/security-login?next=%2Fstaff%2Finvestors');
});

const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };

describe('/security-login', () => {
  it('given an existing session, then it goes straight to next', async () => {
    sessionStorage.setItem('authToken', 'still-here');
    render(<LoginPage />);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/staff/investors', true));
  });

  it('when the login is wrong then right, then the error shows in the store and page, then it returns to next', async () => {
    const u = setupUser();
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
    expect(navigation.navigate).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText(/Password/), 'right');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/staff/investors', true));
    expect(authState).toMatchObject({ isAuthenticated: true, token: 'tok', user, error: null });
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    // The session lifetime runs: this tab beats.
    expect(
      localStorage.getItem(`spartanAuth_${sessionStorage.getItem('browserSessionId')}`),
    ).not.toBeNull();
    stopSessionLifetime();
  });

  it('given next pointing elsewhere, then after login it goes home', async () => {
    const u = setupUser();
    history.replaceState(null, '', '/security-login?next=https%3A%2F%2Fevil.test%2F');
    client.post.mockResolvedValue({ data: { access: 'tok', user } });
    render(<LoginPage />);
    await u.type(screen.getByLabelText(/Username/), 'ada');
    await u.type(screen.getByLabelText(/Password/), 'pw');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/', true));
    stopSessionLifetime();
  });
});

describe('/security-login in a build without the offline demo login', () => {
  it('given no demo flag, then there is no local login choice', () => {
    render(<LoginPage />);
    expect(screen.queryByRole('checkbox', { name: /Offline demo login/ })).toBeNull();
  });
});
