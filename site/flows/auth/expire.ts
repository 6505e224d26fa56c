import { navigate } from '../../navigation.ts';
import { loginUrl } from './next.ts';
import { authState, loggedOut } from './store.ts';

/** A 401 from the API: the session is over; log out and go to the login, coming back here after. */
export function expireSession(): void {
  loggedOut(authState);
  navigate(loginUrl(`${location.pathname}${location.search}`), true);
}
