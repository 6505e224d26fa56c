import { navigate } from '../navigation.ts';
import { LOGIN_PATH, loginUrl } from './next.ts';
import { authState, loggedOut, sessionToken } from './store.ts';

/** Why the login page is shown, when it is not a plain visit: read once by the login page. */
let endedNotice: string | null = null;

export const SESSION_ENDED = 'Your session ended. Log in again to continue where you were.';

/** The notice for the login page (then cleared: a later visit to the login shows none). */
export function takeEndedNotice(): string | null {
  const notice = endedNotice;
  endedNotice = null;
  return notice;
}

/**
 * The session is over (a 401 from the API, or its time ran out): log out here and go to the
 * login, which says so and comes back here after. Several calls failing together go there once.
 */
export function expireSession(notice: string = SESSION_ENDED): void {
  loggedOut(authState);
  endedNotice = notice;
  if (location.pathname === LOGIN_PATH) return;
  navigate(loginUrl(`${location.pathname}${location.search}`), true);
}

/**
 * A call sent with `sentWith` (a token, or none) met a 401. That ends the session only if it is
 * still the one the call was made for: after a logout here, the revocation can overtake calls
 * still in flight (the live list's check, a panel's first read), and their 401s must not send
 * the visitor, who chose to leave, to a login saying that the session ended; nor end a session
 * begun since. A call that carried no token was made for no session, and ends none.
 */
export function refusedWith(sentWith: string | null): void {
  if (sentWith === null || sentWith === ending) return;
  if (sentWith === sessionToken()) expireSession();
}

/** The session being ended here by the staff member's own call (Log out everywhere), if any. */
let ending: string | null = null;

/**
 * Runs `end`, the call that ends the session of `token` on the server: meanwhile, the 401s of
 * that session's other calls (its revocation can overtake them) are expected, not news.
 */
export async function endingSession<T>(token: string | null, end: () => Promise<T>): Promise<T> {
  ending = token;
  try {
    return await end();
  } finally {
    if (ending === token) ending = null;
  }
}
