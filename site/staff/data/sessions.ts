/**
 * Staff sessions: one's own (My account) and, for an admin, any account's; ending one or all,
 * and the logout of this session on the server.
 */
import { ACCOUNT_PATHS, pathWithId } from '../../../schemas/api-paths.ts';
import { endServerSession } from '../../../widgets/login/login-api.ts';
import { httpClient, resolveApiBase } from '../../../widgets/shared.ts';
import type {
  SessionListAnswer,
  SessionsEndedCount,
  StaffSession,
} from '../../../schemas/staff.ts';
import { staffCall } from '../../auth/calls.ts';
import { authHeader } from '../../auth/store.ts';
import { userPath } from './accounts.ts';

export type { StaffSession };

export const ownSessions = () =>
  staffCall<SessionListAnswer>('get', ACCOUNT_PATHS.sessions, {
    fallback: 'Your sessions could not be loaded',
  }).then((body) => body.data);

export const endOwnSession = (id: string) =>
  staffCall('delete', pathWithId(ACCOUNT_PATHS.sessionById, id), {
    fallback: 'The session could not be ended',
  });

/** Ends every session of one's own account, this one included. */
export const logoutAll = () =>
  staffCall('post', ACCOUNT_PATHS.logoutAll, { fallback: 'Logging out everywhere failed' });

export const accountSessions = (accountId: string) =>
  staffCall<SessionListAnswer>('get', userPath(accountId, 'sessions/'), {
    fallback: 'The sessions could not be loaded',
  }).then((body) => body.data);

export const endAccountSession = (accountId: string, id: string) =>
  staffCall('delete', userPath(accountId, `sessions/${encodeURIComponent(id)}/`), {
    fallback: 'The session could not be ended',
  });

/** Ends every session of an account: how many ended. */
export const endAccountSessions = (accountId: string) =>
  staffCall<Partial<SessionsEndedCount>>('delete', userPath(accountId, 'sessions/'), {
    fallback: 'The sessions could not be ended',
  }).then((body) => body.sessions_ended ?? 0);

/** Logs out on the server (the token stops working), whatever it answers. */
export async function serverLogout(): Promise<void> {
  // The token is read now, before any wait: the caller may end the local session at once.
  // Offline or already expired, the local logout after it still ends the session here.
  await endServerSession(resolveApiBase(undefined), authHeader(), httpClient);
}
