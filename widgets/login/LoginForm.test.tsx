import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser, type User } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
// Inside a <SpartanProvider> naming the server, as a React app uses the form.
import { renderServed as render } from '../../tests/render-served.tsx';
import * as http from '../internal/http.ts';
import { deferred, fakeClientPerTest, httpError } from '../../tests/http-fakes.ts';
import { LOGIN_EXPIRED, LOGIN_PATH, STEP_PATHS } from './login-api.ts';
import { LoginForm } from './LoginForm.tsx';
import { LOGIN_PAGE_FALLBACK } from './messages.ts';

const client = fakeClientPerTest(http);

const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };

async function logIn(u: User, password = 'a long passphrase') {
  await u.type(screen.getByLabelText(/Username/), 'ada');
  await u.type(screen.getByLabelText(/Password/), password);
  await u.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('given a first render, then username and password are required fields, a note before them says what * means, and axe passes', async () => {
    const { container } = render(<LoginForm />);
    const note = screen.getByText('Fields marked * are required.');
    expect(note.compareDocumentPosition(screen.getByLabelText(/Username/))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(http.httpClient).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('when submitted empty, then both fields show their error and nothing is sent', async () => {
    const u = setupUser();
    const { container } = render(<LoginForm />);
    await u.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    // One message a line, not run together.
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Enter your username', 'Enter your password']);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(client.post).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('while logging in, then the button says "Logging in..." and is marked unavailable', async () => {
    const u = setupUser();
    const pending = deferred<{ data: unknown }>();
    client.post.mockReturnValue(pending.promise);
    const { container } = render(<LoginForm />);
    await logIn(u);
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectNoAxeViolations(container);
    pending.resolve({ data: { access: 't', user } });
    await screen.findByRole('heading', { name: 'Logged in' });
  });

  it('when the server refuses, then its message shows in the alert; with no message, the fallback', async () => {
    const u = setupUser();
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
    const u = setupUser();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    render(<LoginForm authenticate={() => Promise.reject({ code: 1 })} />);
    await logIn(u);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_PAGE_FALLBACK);
  });

  it('when the server accepts, then the token is kept for this tab, onLogin gets the user, and the form gives way to a focused "Logged in"', async () => {
    const u = setupUser();
    const onLogin = vi.fn();
    client.post.mockResolvedValue({ data: { access: 'tok-123', user } });
    const { container } = render(<LoginForm onLogin={onLogin} />);
    await logIn(u);
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(client.post).toHaveBeenCalledWith(LOGIN_PATH, {
      username: 'ada',
      password: 'a long passphrase',
    });
    expect(sessionStorage.getItem('authToken')).toBe('tok-123');
    const done = screen.getByRole('heading', { name: 'Logged in' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('You are logged in as Ada.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('when the caller makes the calls (authenticate), then the form stays for it to leave, and says nothing of its own', async () => {
    const u = setupUser();
    const onLogin = vi.fn();
    render(
      <LoginForm authenticate={() => Promise.resolve({ access: 't', user })} onLogin={onLogin} />,
    );
    await logIn(u);
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(screen.queryByRole('heading', { name: 'Logged in' })).toBeNull();
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('given an empty heading, then the form keeps its default name', () => {
    render(<LoginForm heading=" " />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Staff Login');
    expect(screen.getByRole('form', { name: 'Staff Login' })).toBeInTheDocument();
  });

  it('given an enrolled account, then the code step takes focus, refuses an empty code, and a code completes the login', async () => {
    const u = setupUser();
    const onLogin = vi.fn();
    client.post.mockResolvedValueOnce({
      data: { mfa_required: true, challenge: 'ch-1', user: { username: 'ada', name: 'Ada' } },
    });
    client.post.mockResolvedValueOnce({
      data: { access: 'tok-mfa', user, recovery_codes_left: 9 },
    });
    const { container } = render(<LoginForm onLogin={onLogin} />);
    await logIn(u);
    const heading = await screen.findByRole('heading', { name: 'Enter your authentication code' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByLabelText(/Username/)).toBeNull();
    await expectNoAxeViolations(container);
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your authentication code');
    expect(client.post).toHaveBeenCalledTimes(1);
    await u.type(screen.getByLabelText(/Authentication code/), ' 123 456 ');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(client.post).toHaveBeenLastCalledWith(STEP_PATHS.mfa, {
      challenge: 'ch-1',
      code: '123 456',
    });
    expect(sessionStorage.getItem('authToken')).toBe('tok-mfa');
  });

  it('given a first login under required two-factor, then the QR code shows as an image, and the recovery codes once before onLogin', async () => {
    const u = setupUser();
    const onLogin = vi.fn();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    client.post.mockResolvedValueOnce({
      data: {
        mfa_setup_required: true,
        challenge: 'ch-2',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_svg: svg,
        user: { username: 'ada', name: 'Ada' },
      },
    });
    const codes = ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'];
    client.post.mockResolvedValueOnce({ data: { access: 'tok-new', user, recovery_codes: codes } });
    const { container } = render(<LoginForm onLogin={onLogin} />);
    await logIn(u);
    await screen.findByRole('heading', { name: 'Set up two-factor login' });
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    );
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await u.type(screen.getByLabelText(/Authentication code/), '654321');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const saved = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(saved).toHaveFocus());
    expect(client.post).toHaveBeenLastCalledWith(STEP_PATHS.setup, {
      challenge: 'ch-2',
      code: '654321',
    });
    for (const code of codes) expect(screen.getByText(code)).toBeInTheDocument();
    expect(onLogin).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    await u.click(screen.getByRole('button', { name: /I have saved them/ }));
    expect(onLogin).toHaveBeenCalledWith(user);
    expect(await screen.findByText('You are logged in as Ada.')).toBeInTheDocument();
  });

  it("given this tab's session found while the visitor types, then the confirmation replaces the form and takes focus; found before, it takes none", async () => {
    const u = setupUser();
    sessionStorage.setItem('authToken', 'tok-kept');
    const session = deferred<{ data: unknown }>();
    client.get.mockReturnValue(session.promise);
    const { unmount } = render(<LoginForm />);
    await u.type(screen.getByLabelText(/Username/), 'ad');
    session.resolve({ data: { user } });
    const done = await screen.findByRole('heading', { name: 'Logged in' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('You are logged in as Ada.')).toBeInTheDocument();
    unmount();

    client.get.mockResolvedValue({ data: { user } });
    render(<LoginForm />);
    expect(await screen.findByText('You are logged in as Ada.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Logged in' })).not.toHaveFocus();
  });

  it('when a step has expired or a new password is refused, then the form says so (back to the password when expired)', async () => {
    const u = setupUser();
    client.post.mockResolvedValueOnce({
      data: { password_change_required: true, challenge: 'ch-3', user: { username: 'ada' } },
    });
    client.post.mockRejectedValueOnce(
      httpError(400, {
        detail: 'Invalid input',
        errors: { new_password: 'This password is too common' },
      }),
    );
    client.post.mockRejectedValueOnce(httpError(401, { detail: LOGIN_EXPIRED }));
    render(<LoginForm />);
    await logIn(u);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await u.type(screen.getByLabelText(/New password/), 'password1234');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/too common|Invalid input/);
    expect(screen.getByLabelText(/New password/)).toBeInTheDocument();
    await u.type(screen.getByLabelText(/New password/), 'a much longer passphrase');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LOGIN_EXPIRED));
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });
});
