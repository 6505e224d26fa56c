/**
 * The strength estimate of a new staff password, on the password workers as the server runs it:
 * it reads the first 64 characters, so that no password (up to 1,024 characters) holds a worker
 * for seconds.
 */
import crypto from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { ARGON2_PARAMS, PasswordHasher, TOO_COMMON } from '../../server/security/passwords.ts';

const hasher = new PasswordHasher(ARGON2_PARAMS, { size: 1, queue: 4 });
afterAll(() => hasher.close());

it('judges a password by its first 64 characters: a weak start is refused whatever follows', async () => {
  // Read whole, the random tail would make this strong (score 4).
  expect(await hasher.problem(`${'1'.repeat(64)}kq7Xw2pLm9Zr4TbV`)).toBe(TOO_COMMON);
  expect(await hasher.problem(`${'password'.repeat(8)} a quiet lake at dawn`)).toBe(TOO_COMMON);
});

it('accepts a long password that is strong within its first 64 characters', async () => {
  const tail = crypto.randomBytes(400).toString('hex');
  expect(await hasher.problem(`a quiet lake at dawn ${tail}`)).toBeNull();
  // The longest allowed, all digits: estimated on its first 64.
  const digits = Array.from(crypto.randomBytes(1024), (b) => String(b % 10)).join('');
  expect(await hasher.problem(digits)).toBeNull();
});
