/** What the account detail asks before an action that ends sessions or removes the account. */
import { ROLE_TEXT } from './account-ui.tsx';

export type Pending = 'role' | 'remove' | 'reset-mfa' | 'reset-password' | 'end-all' | null;

export const CONFIRM: Record<
  Exclude<Pending, null>,
  {
    title: string;
    /** `role` is the role chosen (for a role change). */
    message: (who: string, role: 'admin' | 'reviewer') => string;
    label: string;
    busy: string;
  }
> = {
  role: {
    title: 'Change the role?',
    message: (who, role) =>
      `${who} becomes ${ROLE_TEXT[role].toLowerCase()}, and every session of theirs ends now: they log in again with the new role.`,
    label: 'Change role',
    busy: 'Saving...',
  },
  remove: {
    title: 'Remove this account?',
    message: (who) => `${who} can no longer log in and every session of theirs ends now.`,
    label: 'Remove account',
    busy: 'Removing...',
  },
  'reset-mfa': {
    title: 'Reset two-factor login?',
    message: (who) =>
      `${who}'s authenticator and recovery codes stop working and their sessions end. You get a one-time link for them to set up two-factor login again.`,
    label: 'Reset two-factor',
    busy: 'Resetting...',
  },
  'reset-password': {
    title: 'Reset the password?',
    message: (who) =>
      `${who}'s password stops working now and their sessions end. You get a one-time link for them to choose a new one.`,
    label: 'Reset password',
    busy: 'Resetting...',
  },
  'end-all': {
    title: 'End every session?',
    message: (who) => `${who} is logged out everywhere.`,
    label: 'End every session',
    busy: 'Ending...',
  },
};
