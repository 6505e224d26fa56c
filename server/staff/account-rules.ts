/**
 * What a staff account may be called and be, and the error a refused change raises: the part
 * of server/staff/accounts.ts that needs no database, so that the staff CLI can check its arguments and
 * talk to a running server without loading the database layer.
 */
import { staffName } from '../../schemas/fields.ts';
import { STAFF_ROLES as ROLES, type Role } from '../../schemas/staff.ts';

export { ROLES, type Role };
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

const USERNAME = /^[a-z0-9._@-]{1,150}$/;

export function normaliseUsername(raw: string): string {
  return raw.trim().normalize('NFKC').toLowerCase();
}

export function usernameProblem(username: string): string | null {
  return USERNAME.test(username)
    ? null
    : 'The username must be 1 to 150 letters, digits or . _ @ - characters';
}

/**
 * A display name as stored: trimmed, checked as the staff screens check it (schemas/fields.ts),
 * so the CLI cannot store what the API refuses (a bidi override, a tab that splits `list`'s
 * columns).
 */
export function checkedName(raw: string): string {
  const result = staffName.safeParse(raw);
  if (!result.success) {
    throw new StaffAccountError(
      result.error.issues[0]?.message ?? 'Invalid name',
      'invalid',
      'name',
    );
  }
  return result.data;
}

export type StaffErrorKind = 'invalid' | 'exists' | 'not_found' | 'last_admin' | 'self';

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
  constructor(
    message: string,
    readonly kind: StaffErrorKind = 'invalid',
    readonly field?: string,
  ) {
    super(message);
  }
}
