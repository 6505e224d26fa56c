/** The staff login form (`POST /api/security-login/`), shared by the login widget and the server. */
import * as z from 'zod/mini';
import { validate, type Validation } from './errors.ts';

/**
 * What the server says when a later login step's challenge has run out (a 401); the login widget
 * then starts again from the password. One text for both, so they cannot drift apart.
 */
export const LOGIN_EXPIRED = 'This login has expired: start again';

/** Longest password accepted; never truncated (a longer one is refused, not cut). */
export const MAX_PASSWORD_LENGTH = 1024;
/** Shortest password a staff account may be given (`npm run staff -- add`). */
export const MIN_PASSWORD_LENGTH = 12;

export const loginSchema = z.strictObject({
  username: z
    .string({ error: 'Enter your username' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter your username'),
      z.maxLength(150, 'Enter a valid username'),
    ),
  // Not trimmed: a password is exactly what was typed.
  password: z
    .string({ error: 'Enter your password' })
    .check(
      z.minLength(1, 'Enter your password'),
      z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
    ),
});

export type LoginPayload = z.infer<typeof loginSchema>;

export function validateLogin(input: unknown): Validation<LoginPayload> {
  return validate(loginSchema, input);
}
