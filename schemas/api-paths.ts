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

/** The staff's calls on stored applications, by kind. */
export const APPLICATION_PATHS = {
  spartan: {
    list: '/api/spartan_join/applications/',
    detail: '/api/spartan_join/application/:id/',
    delete: '/api/application/:id/delete/',
    resume: '/api/spartan_join/application/:id/resume/',
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
