import crypto from 'node:crypto';

/**
 * A new password the staff password policy accepts (server/security/passwords.ts), unique to the
 * call: `prefix`, a space, then 16 random lower-case letters. Letters, because the strength
 * estimate (zxcvbn) tries the l33t readings of every digit and symbol: a password holding the hex
 * digits of a UUID took it 0.25–0.95 s of CPU (0.46 s on average for `pw-` and a UUID), one of
 * letters about 0.01 s, both rated 4 of 4. Tests of the policy itself use the passwords they name.
 */
export function strongPassword(prefix: string): string {
  const letters = Array.from(crypto.randomBytes(16), (byte) =>
    String.fromCharCode(97 + (byte % 26)),
  );
  return `${prefix} ${letters.join('')}`;
}
