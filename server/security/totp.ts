/**
 * The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s; what every authenticator app
 * reads) through otplib, its QR code through qrcode, and ten single-use recovery codes.
 *
 * - TOTP keys are kept encrypted (AES-256-GCM, key derived from the signing secret), so a
 *   copy of the database alone does not yield second factors. Changing AUTH_SECRET therefore
 *   means every account sets up TOTP again (an admin resets it).
 * - A code is accepted within one step either side of now, and only for a time step after the
 *   last one accepted: a code cannot be used twice.
 * - Recovery codes are 16 random Crockford base32 characters (80 bits), shown once; only a keyed
 *   hash of each is stored: HMAC-SHA-256, under a key derived from the signing secret, of the
 *   code's SHA-256 (80 random bits need no slow hash, and without the key a copy of the database
 *   cannot check a code). Rows an older server stored as the plain SHA-256 still match, and are
 *   rewritten keyed when the server starts: the keyed form is a function of the plain one.
 */
import crypto from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

export const ISSUER = 'Spartans staff';
const PERIOD = 30;
export const RECOVERY_CODES = 10;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What marks a keyed recovery-code hash (a plain SHA-256 in base64url has no dot). */
export const KEYED_RECOVERY_PREFIX = 'k1.';

export class TotpKeys {
  /**
   * `key` seals TOTP keys; `recoveryKey` keys the recovery codes' hashes. Each is derived from
   * the signing secret for its own purpose (TokenService.derive).
   */
  constructor(
    private readonly key: Buffer,
    private readonly recoveryKey: Buffer,
  ) {}

  /** The stored form of a recovery code. */
  hashRecoveryCode(code: string): string {
    return this.rekeyRecoveryHash(plainRecoveryHash(code));
  }

  /** The keyed form of a plain SHA-256 that an older server stored. */
  rekeyRecoveryHash(plain: string): string {
    const mac = crypto.createHmac('sha256', this.recoveryKey).update(plain).digest('base64url');
    return `${KEYED_RECOVERY_PREFIX}${mac}`;
  }

  newSecret(): string {
    return generateSecret();
  }

  seal(secret: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'));
    return ['v1', ...parts].join('.');
  }

  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) return null;
    try {
      const decipher = crypto.createDecipheriv(
        'aes-256-gcm',
        this.key,
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** The time step of an accepted code, or null. `after`: the last step accepted before. */
export function checkTotp(secret: string, code: string, after: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = verifySync({
      secret,
      token,
      period: PERIOD,
      epochTolerance: PERIOD,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret, period: PERIOD });
}

/** The URI as a QR code: a standalone SVG document, drawn here, shown by the site as an image. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** `ABCD-EFGH-JKMN-PQRS` */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((b) => CROCKFORD[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Upper-cased, dashes and spaces dropped, look-alikes folded (O→0, I/L→1), as Crockford reads. */
export function normaliseRecoveryCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A recovery code's plain SHA-256: how older servers stored it, and what the keyed hash keys. */
export function plainRecoveryHash(code: string): string {
  return crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest('base64url');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(normaliseRecoveryCode(code));
}
