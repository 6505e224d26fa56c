import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { loginUrl } from './next.ts';
import { ensureSessionLifetime } from './session.ts';
import { authState, storedToken, syncFromSession } from './store.ts';

/**
 * The route guard (SPEC section 4): syncs from session storage on mount and
 * renders the protected content when authenticated or a token exists;
 * otherwise it sends the visitor to /security-login, with `next` set to where
 * they were going.
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
    if (!allowed) {
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
  return <>{children}</>;
}
