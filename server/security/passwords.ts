/**
 * Staff passwords: the policy a new password must meet, and hashing with argon2id
 * (@node-rs/argon2) on the password worker threads (./hash-pool.ts).
 *
 * - Policy (docs/STAFF-API.md "Passwords"): 12 to 1024 characters (code points), no control
 *   characters, not the username, and not common: a strength estimate from the offline
 *   dictionaries of @zxcvbn-ts (common passwords, names, words, keyboard patterns) of at least
 *   3 out of 4, i.e. more than about 10^8 guesses, for the first 64 characters (the estimate's
 *   cost grows faster than the length: ./hash-worker.js).
 * - Hashes are PHC strings, `$argon2id$v=19$m=…,t=…,p=1$salt$hash`, at OWASP's parameters
 *   (m = 19 MiB, t = 2, p = 1) unless stronger ones are given. Hashes made before argon2id
 *   (`scrypt$…`) still verify, and say they need re-hashing.
 * - Passwords are NFC-normalised, never truncated.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../schemas/login.ts';
import { ERR_BUSY } from '../api-errors.ts';
import { HashPool, type HashPoolOptions } from './hash-pool.ts';

export interface Argon2Params {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
}

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
export const ARGON2_PARAMS: Argon2Params = { memoryCost: 19_456, timeCost: 2 };
const ARGON2ID = 2;
const MIN_SCORE = 3;

/** Characters counted as code points, so an emoji counts once. */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The checks that need no estimate: length and characters. Null when they pass. */
export function passwordShapeProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  if (CONTROL.test(password)) return 'The password must not contain control characters';
  return null;
}

export const TOO_COMMON =
  'This password is too common or too easy to guess: choose a longer or less predictable one';

export class PasswordHasher {
  private readonly pool: HashPool;
  private readonly options: Argon2Params & { algorithm: number; parallelism: number };

  constructor(params: Argon2Params, pool: HashPoolOptions) {
    this.pool = new HashPool(pool);
    this.options = { algorithm: ARGON2ID, parallelism: 1, ...params };
  }

  hash(password: string): Promise<string> {
    return this.pool.run('hash', { password: password.normalize('NFC'), options: this.options });
  }

  /**
   * Whether `password` matches `stored`, and whether `stored` should be replaced by a fresh
   * hash (older algorithm or weaker parameters). An empty or unknown `stored` costs the same
   * work as a real check and never matches, so an unknown user answers as slowly as a wrong
   * password.
   */
  async verify(password: string, stored: string): Promise<{ ok: boolean; rehash: boolean }> {
    const ok = await this.pool.run<boolean>('verify', {
      password: password.normalize('NFC'),
      stored,
      options: this.options,
    });
    return { ok, rehash: ok && this.outdated(stored) };
  }

  /** Why a new password is refused, or null when it is acceptable. */
  async problem(password: string, username?: string): Promise<string | null> {
    const shape = passwordShapeProblem(password);
    if (shape) return shape;
    const lowered = password.normalize('NFKC').toLowerCase();
    if (username && username.length >= 3 && lowered.includes(username)) {
      return 'The password must not contain the username';
    }
    const score = await this.pool.run<number>('strength', {
      password: password.normalize('NFC'),
      userInputs: username ? [username, 'spartan', 'spartans'] : ['spartan', 'spartans'],
    });
    return score < MIN_SCORE ? TOO_COMMON : null;
  }

  /** 503 at once when the gate is full, before any other work is spent on the request. */
  admit(): void {
    if (this.pool.full) throw ERR_BUSY();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private outdated(stored: string): boolean {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    if (!match) return true;
    return (
      Number(match[1]) < this.options.memoryCost ||
      Number(match[2]) < this.options.timeCost ||
      Number(match[3]) !== 1
    );
  }
}
