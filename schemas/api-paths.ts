/**
 * The API's paths, exactly as the server routes them (`:id` is a parameter): the server's
 * routes, the widgets' calls and the staff area all read them here. A bundle carries only the
 * constants it imports.
 */
export const APPLY_PATH = '/api/spartan_join/apply-spartan/';
export const INVEST_PATH = '/api/investors/join_investor/';
export const LOGIN_PATH = '/api/security-login/';
export const LOGOUT_PATH = '/api/security-logout/';
export const HEALTH_PATH = '/api/health';

/** The login's later steps (docs/STAFF-API.md, "Login"), one constant each for the login widget. */
export const LOGIN_MFA_PATH = '/api/security-login/mfa/';
export const LOGIN_MFA_SETUP_PATH = '/api/security-login/mfa-setup/';
export const LOGIN_PASSWORD_PATH = '/api/security-login/password/';

/** A staff member's setup link, their session and their own account (docs/STAFF-API.md). */
export const ACCOUNT_PATHS = {
  setup: '/api/security-setup/',
  setupComplete: '/api/security-setup/complete/',
  setupMfa: '/api/security-setup/mfa/',
  session: '/api/security-session/',
  extend: '/api/security-session/extend/',
  sessions: '/api/security-sessions/',
  sessionById: '/api/security-sessions/:id/',
  logoutAll: '/api/security-logout-all/',
  password: '/api/security-password/',
  recoveryCodes: '/api/security-mfa/recovery-codes/',
} as const;

/** Staff management and the audit trail (admins), and the desk (docs/STAFF-API.md, docs/DESK.md). */
export const STAFF_PATHS = {
  users: '/api/staff/users/',
  user: '/api/staff/users/:id/',
  resetMfa: '/api/staff/users/:id/reset-mfa/',
  resetPassword: '/api/staff/users/:id/reset-password/',
  userSessions: '/api/staff/users/:id/sessions/',
  userSession: '/api/staff/users/:id/sessions/:sid/',
  audit: '/api/staff/audit/',
  notifications: '/api/staff/notifications/',
  notificationsConfirm: '/api/staff/notifications/confirm/',
  erase: '/api/staff/erase/',
} as const;

/**
 * The header (value `1`) the staff area sends on the calls it makes by itself, with no one at
 * the keys: the live list's refresh when new applications arrive. The server does not count
 * such a call as activity, so a list left open still reaches its idle end (docs/STAFF-API.md).
 */
export const BACKGROUND_HEADER = 'Spartan-Background';

/** The desk's calls on one kind of application live under this prefix (docs/DESK.md, "Calls"). */
export const deskRoot = (kind: 'spartan' | 'investor'): string => `/api/staff/applications/${kind}`;

/** The staff's calls on stored applications, by kind. */
export const APPLICATION_PATHS = {
  spartan: {
    list: '/api/spartan_join/applications/',
    detail: '/api/spartan_join/application/:id/',
    delete: '/api/application/:id/delete/',
    resume: '/api/spartan_join/application/:id/resume/',
    /** POST (bearer) → a ticket URL; GET with `?ticket=` → the PDF, inline (docs/DESK.md). */
    resumeView: '/api/spartan_join/application/:id/resume/view/',
  },
  investor: {
    list: '/api/investors/get_investor_applications/',
    detail: '/api/investors/get_investor_application_detail/:id/',
    delete: '/api/investors/delete_investor_application/:id/',
  },
} as const;

/** A path with its `:id` filled in (URL-encoded). */
export const pathWithId = (path: string, id: string): string =>
  path.replace(':id', () => encodeURIComponent(id));
