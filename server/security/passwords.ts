/**
 * Password hashing: scrypt (N = 2^17, r = 8, p = 1, 32-byte key, 16-byte salt)
 * from node:crypto, which needs 128 MiB: maxmem is raised accordingly.
 * Passwords are NFC-normalised, never truncated; stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>` so parameters can change later.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../schemas/login.ts';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** 128 × N × r bytes, plus headroom. */
const maxmem = (logN: number, r: number) => 128 * 2 ** logN * r + 32 * 1024 * 1024;

/** Characters counted as code points, so an emoji counts once. */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, {
    N: 2 ** LOG_N,
    r: R,
    p: P,
    maxmem: maxmem(LOG_N, R),
  });
  return ['scrypt', LOG_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A hash no password matches, verified when the username is unknown so the
 * answer takes as long as for a wrong password.
 */
export const DUMMY_HASH = [
  'scrypt',
  LOG_N,
  R,
  P,
  crypto.randomBytes(16).toString('base64'),
  crypto.randomBytes(KEY_LENGTH).toString('base64'),
].join('$');

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r > 32 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const key = await scrypt(password.normalize('NFC'), salt, expected.length || KEY_LENGTH, {
    N: 2 ** logN,
    r,
    p,
    maxmem: maxmem(logN, r),
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}
