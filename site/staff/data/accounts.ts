/**
 * Staff accounts (admins only; the server refuses anyone else): the list, adding one, and for
 * one account its role, a reset of its second factor or password, and its removal. Its sessions
 * are in sessions.ts. A refused call rejects with a CallError (message and field errors).
 */
import { ACCOUNT_PATHS, STAFF_PATHS } from '../../../schemas/api-paths.ts';
import type {
  Role,
  StaffAccount,
  StaffAccountChanged,
  StaffAccountList,
} from '../../../schemas/staff.ts';
import { staffCall } from '../../auth/calls.ts';

export type { StaffAccount };
export type StaffRole = Role;

/** An account added, or a password reset: with a one-time setup link when there is one. */
export type Created = StaffAccountChanged;

const USERS = STAFF_PATHS.users;
export const userPath = (id: string, rest = '') => `${USERS}${encodeURIComponent(id)}/${rest}`;

export const listAccounts = (fallback = 'The staff accounts could not be loaded') =>
  staffCall<StaffAccountList>('get', USERS, { fallback }).then((body) => body.data);

/** One account (from the list: the API has no call for one). */
export const fetchAccount = (id: string) =>
  listAccounts('The account could not be loaded').then((accounts) => {
    const found = accounts.find((a) => a.id === id);
    if (!found) throw new Error('This staff account does not exist (any more).');
    return found;
  });

export interface NewAccount {
  username: string;
  name?: string;
  role: StaffRole;
  setup: 'link' | 'password';
  password?: string;
}

export const addAccount = (account: NewAccount) =>
  staffCall<Created>('post', USERS, { data: account, fallback: 'The account could not be added' });

export const changeRole = (id: string, role: StaffRole) =>
  staffCall('patch', userPath(id), { data: { role }, fallback: 'The role could not be changed' });

export const removeAccount = (id: string) =>
  staffCall('delete', userPath(id), { fallback: 'The account could not be removed' });

export const resetMfa = (id: string) =>
  staffCall<Created>('post', userPath(id, 'reset-mfa/'), {
    fallback: 'Two-factor login could not be reset',
  });

export const resetPassword = (id: string) =>
  staffCall<Created>('post', userPath(id, 'reset-password/'), {
    fallback: 'The password could not be reset',
  });

/** Changes one's own password with the current one; one's other sessions end. */
export const changeOwnPassword = (current: string, next: string) =>
  staffCall<{ sessions_ended?: number }>('post', ACCOUNT_PATHS.password, {
    data: { current_password: current, new_password: next },
    fallback: 'Changing the password failed',
  });
