/** `/security-login`, outside the main layout (docs/PRODUCT.md, "Pages"). */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { LoginForm } from '../../widgets/login/LoginForm.tsx';
import { navigate } from '../navigation.ts';
import { takeEndedNotice } from './expire.ts';
import { safeNext } from './next.ts';
import { ensureSessionLifetime } from './session.ts';
import { LOCAL_AUTH_ENABLED } from './local-flag.ts';
import { authState, login, setAuthMethod, syncFromSession } from './store.ts';
import { LoginFrame } from './LoginFrame.tsx';
import '../../widgets/login/login.css';
// The site ships the form widgets' CSS in its own stylesheets (html[data-spartan-styles=static]).
import '../../widgets/shared-styles/forms.css';
import './login.css';

export function LoginPage() {
  const auth = useSnapshot(authState);
  // Sent here because the session ended (expired, revoked, logged out elsewhere): say so first.
  const [notice] = useState(() => (typeof window === 'undefined' ? null : takeEndedNotice()));
  // Already authenticated: straight on to where the visitor was going.
  useEffect(() => {
    syncFromSession(authState);
    if (authState.isAuthenticated) navigate(safeNext(location.search), true);
  }, []);
  return (
    <LoginFrame title="Staff Login">
      {notice && (
        // Focused on arrival instead of the heading (site/navigation.ts, data-autofocus).
        <p className="flow-login__notice" tabIndex={-1} data-autofocus="">
          {notice}
        </p>
      )}
      <LoginForm
        heading="Sign in to continue"
        authenticate={(request) => login(request)}
        onLogin={() => {
          ensureSessionLifetime();
          navigate(safeNext(location.search), true);
        }}
      />
      {/* Offline demo builds only (see auth/local-auth.ts); removed from every other build. */}
      {LOCAL_AUTH_ENABLED && (
        <label className="flow-login__method">
          <input
            type="checkbox"
            checked={!auth.useApiAuth}
            onChange={(event) => setAuthMethod(authState, !event.currentTarget.checked)}
          />{' '}
          Offline demo login (no server)
        </label>
      )}
      <p className="flow-login__back">
        <a href="/">Back to the home page</a>
      </p>
    </LoginFrame>
  );
}
