/**
 * The front-end-only login (docs/PRODUCT.md, "Sign-in and the session"), for offline demos only.
 * It exists in a bundle only when that build sets VITE_SPARTAN_LOCAL_AUTH=1,
 * with the demo account from the same build's environment
 * (VITE_SPARTAN_LOCAL_USERNAME, VITE_SPARTAN_LOCAL_PASSWORD,
 * VITE_SPARTAN_LOCAL_NAME). In every other build the flag is false at compile
 * time and all of this is removed as dead code: no credential is ever in the
 * repository or in a normal bundle (tests/browser/flows-bundle.test.ts).
 */
import type { LoginCredentials, LoginResult } from '../../widgets/login/login-api.ts';
import { LOCAL_AUTH_ENABLED } from './local-flag.ts';

export const LOCAL_INVALID = 'Invalid credentials';

/** The base64 token of the local variant: the username and the current time. */
export function localToken(username: string, now: number = Date.now()): string {
  const bytes = new TextEncoder().encode(`${username}:${now}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function localLogin(credentials: LoginCredentials): Promise<LoginResult> {
  if (!LOCAL_AUTH_ENABLED) throw new Error('local login is not part of this build');
  const env = import.meta.env;
  const username = env.VITE_SPARTAN_LOCAL_USERNAME as string | undefined;
  const password = env.VITE_SPARTAN_LOCAL_PASSWORD as string | undefined;
  if (!username || !password) throw new Error('local login has no account in this build');
  if (credentials.username !== username || credentials.password !== password) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the login rejects with its message (LoginForm shows it; docs/PRODUCT.md, "Failure messages")
    throw LOCAL_INVALID;
  }
  return {
    access: localToken(username),
    user: {
      id: 'spartan-local-demo',
      username,
      role: 'admin',
      name: (env.VITE_SPARTAN_LOCAL_NAME as string | undefined) ?? username,
    },
  };
}
