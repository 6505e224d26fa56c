/** Where to go after logging in: the `next` query parameter when it is a same-origin path, else home. */
export const LOGIN_PATH = '/security-login';

export function safeNext(search: string, origin: string = location.origin): string {
  const raw = new URLSearchParams(search).get('next');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || url.pathname === LOGIN_PATH) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login URL that returns to `path` afterwards. */
export function loginUrl(path: string): string {
  return path && path !== '/' ? `${LOGIN_PATH}?next=${encodeURIComponent(path)}` : LOGIN_PATH;
}
