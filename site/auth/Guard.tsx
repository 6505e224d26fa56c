import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../navigation.ts';
import { LOGIN_PATH, loginUrl } from './next.ts';
import { ensureSessionLifetime } from './session.ts';
import { SessionWatch } from './SessionWatch.tsx';
import { authState, storedToken, syncFromSession } from './store.ts';

/**
 * The route guard (docs/PRODUCT.md, "Sign-in and the session"): syncs from session storage on mount and
 * renders the protected content when authenticated or a token exists;
 * otherwise it sends the visitor to /security-login, with `next` set to where
 * they were going. While it lets them in, it watches the session's time.
 */
export function Guard({ children }: { children: ReactNode }) {
  const auth = useSnapshot(authState);
  useEffect(() => {
    syncFromSession(authState);
    ensureSessionLifetime();
  }, []);
  // Read at render too: a token in session storage is enough, before the sync has run.
  const allowed = auth.isAuthenticated || storedToken() !== null;
  useEffect(() => {
    // Already on the way to the login (an ended session sends it there with its notice).
    if (!allowed && location.pathname !== LOGIN_PATH) {
      navigate(loginUrl(`${location.pathname}${location.search}${location.hash}`), true);
    }
  }, [allowed]);
  if (!allowed) {
    return (
      <p className="page-loading" role="status">
        Checking your session…
      </p>
    );
  }
  return (
    <>
      {children}
      <SessionWatch />
    </>
  );
}
