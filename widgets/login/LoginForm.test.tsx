import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { httpClient } from '../internal/http.ts';
import { deferred, fakeClientPerTest, httpError } from '../internal/form/testing.ts';
import { LOGIN_PATH } from './login-api.ts';
import { LoginForm } from './LoginForm.tsx';
import { LOGIN_PAGE_FALLBACK } from './messages.ts';

vi.mock('../internal/http.ts', () => ({ httpClient: vi.fn(), warmHttpClient: vi.fn() }));

const client = fakeClientPerTest(httpClient);

const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };

async function logIn(u: ReturnType<typeof userEvent.setup>, password = 'a long passphrase') {
  await u.type(screen.getByLabelText(/Username/), 'ada');
  await u.type(screen.getByLabelText(/Password/), password);
  await u.click(screen.getByRole('button', { name: 'Login' }));
}

// axe and user-event are slow on a shared machine: room beyond the 5 s default.
describe('LoginForm', { timeout: 30_000 }, () => {
  it('given a first render, then username and password are required fields and axe passes', async () => {
    const { container } = render(<LoginForm />);
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(httpClient).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('when submitted empty, then both fields show their error and nothing is sent', async () => {
    const u = userEvent.setup();
    const { container } = render(<LoginForm />);
    await u.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter your username. Enter your password');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(client.post).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('while logging in, then the button says "Logging in..." and is disabled', async () => {
    const u = userEvent.setup();
    const pending = deferred<{ data: unknown }>();
    client.post.mockReturnValue(pending.promise);
    const { container } = render(<LoginForm />);
    await logIn(u);
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await expectNoAxeViolations(container);
    pending.resolve({ data: { access: 't', user } });
    await screen.findByRole('button', { name: 'Login' });
  });

  it('when the server refuses, then its message shows in the alert; with no message, the fallback', async () => {
    const u = userEvent.setup();
    client.post.mockRejectedValueOnce(httpError(401, { detail: 'Invalid credentials' }));
    client.post.mockRejectedValueOnce(new Error('Network Error'));
    const { container } = render(<LoginForm />);
    await logIn(u, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    await expectNoAxeViolations(container);
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('when authenticate rejects with something that is not a string, then "Invalid credentials. Please try again."', async () => {
    const u = userEvent.setup();
    render(<LoginForm authenticate={() => Promise.reject({ code: 1 })} />);
    await logIn(u);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_PAGE_FALLBACK);
  });

  it('when the server accepts, then the token is kept for this tab and onLogin gets the user', async () => {
    const u = userEvent.setup();
    const onLogin = vi.fn();
    client.post.mockResolvedValue({ data: { access: 'tok-123', user } });
    render(<LoginForm onLogin={onLogin} />);
    await logIn(u);
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(client.post).toHaveBeenCalledWith(LOGIN_PATH, {
      username: 'ada',
      password: 'a long passphrase',
    });
    expect(sessionStorage.getItem('authToken')).toBe('tok-123');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });
});
