/**
 * `/security-setup#<token>`: where an admin's one-time setup link leads. The page checks the
 * link, then the person chooses their password and, under a required second factor, sets up
 * their authenticator, as the login's later steps do; then they are in the staff area. The
 * token stays in the fragment (never sent to the server in a URL, nor in a referrer).
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_PATHS } from '../../schemas/api-paths.ts';
import { LoginForm } from '../../widgets/login/LoginForm.tsx';
import { STEP_PATHS, type LoginRequest } from '../../widgets/login/login-api.ts';
import { navigate } from '../navigation.ts';
import { ensureSessionLifetime } from './session.ts';
import { login } from './store.ts';
import { resolveApiBase, httpClient, describeFailure } from '../../widgets/shared.ts';
import { LoginFrame } from './LoginFrame.tsx';
import '../../widgets/login/login.css';
// The site ships the form widgets' CSS in its own stylesheets (html[data-spartan-styles=static]).
import '../../widgets/shared-styles/forms.css';
import './login.css';

const INVALID = 'This setup link is not valid or has expired';

/** `password`: choose a password first; `mfa`: an admin reset the second factor. */
type Purpose = 'password' | 'mfa';

type Check =
  | { state: 'checking' }
  | { state: 'ready'; token: string; username: string; name: string; purpose: Purpose }
  | { state: 'failed'; message: string };

export function SetupPage() {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    const token = location.hash.slice(1);
    const check = async () => {
      if (!token) throw new Error(INVALID);
      const client = await httpClient(resolveApiBase(undefined));
      return (
        await client.post<{ username: string; name: string; purpose: Purpose }>(
          ACCOUNT_PATHS.setup,
          { token },
        )
      ).data;
    };
    check().then(
      (data) => setCheck({ state: 'ready', token, ...data }),
      (error: unknown) =>
        setCheck({ state: 'failed', message: describeFailure(error, INVALID).message }),
    );
  }, []);
  // The first step is the new password, sent with the link's token instead of a challenge; after
  // a second-factor reset, the password they have, sent with the token.
  const authenticate = (token: string) => (request: LoginRequest) =>
    'path' in request && request.path === STEP_PATHS.password && request.body.challenge === token
      ? login({
          path: ACCOUNT_PATHS.setupComplete,
          body: { token, new_password: request.body.new_password ?? '' },
        })
      : 'password' in request
        ? login({ path: ACCOUNT_PATHS.setupMfa, body: { token, password: request.password } })
        : login(request);
  return (
    <LoginFrame title="Set Up Your Staff Account">
      {check.state === 'checking' && (
        <p className="flow-login__notice" role="status">
          Checking your setup link…
        </p>
      )}
      {check.state === 'failed' && (
        <p className="flow-login__notice" role="alert">
          {check.message}. Ask an admin for a new link, or <a href="/security-login">log in</a> if
          your account is ready.
        </p>
      )}
      {check.state === 'ready' && (
        <>
          <p className="flow-login__notice">
            Welcome, {check.name || check.username}. Your username is{' '}
            <strong>{check.username}</strong>.
            {check.purpose === 'mfa' &&
              ' An admin reset your two-factor login: log in with your password to set up a new authenticator.'}
          </p>
          <LoginForm
            heading="Sign in to continue"
            {...(check.purpose === 'password'
              ? { initialStep: { kind: 'password' as const, challenge: check.token } }
              : {})}
            authenticate={authenticate(check.token)}
            onLogin={() => {
              ensureSessionLifetime();
              // The link is used up: leave no token in the address or the history.
              history.replaceState(null, '', location.pathname);
              navigate('/staff', true);
            }}
          />
        </>
      )}
    </LoginFrame>
  );
}
