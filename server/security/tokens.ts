/**
 * Access tokens: HS256 JWTs, algorithm pinned on verification, issuer and audience checked,
 * `exp` at most one hour after issue. Claims: `sub` (staff user id), `sid` (the session,
 * a staff_sessions row) and `jti` (this token; the session names the one token good for it,
 * so extending a session retires the previous token). See server/staff/sessions.ts.
 *
 * Signed and checked with node:crypto's synchronous HMAC, a few microseconds on the main
 * thread. A JWT library (jose) would do it through WebCrypto, whose jobs run on libuv's
 * thread pool: every staff call would then queue behind file reads and anything else there.
 *
 * The signing secret comes from AUTH_SECRET (at least 32 characters), else is generated once
 * and kept in `<dataDir>/auth-secret` (mode 0600). Several servers behind one PostgreSQL need
 * the same AUTH_SECRET.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'spartan-platform';
const AUDIENCE = 'spartan-staff';
const CLOCK_TOLERANCE = 5;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface TokenClaims {
  /** Staff user id. */
  sub: string;
  /** Session id (staff_sessions.id). */
  sid: string;
  /** Token id (staff_sessions.token_id). */
  jti: string;
}

export function loadSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('AUTH_SECRET must have at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  const file = path.join(dataDir, 'auth-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to renew`);
  return new TextEncoder().encode(secret);
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The JSON object a base64url `body` holds, when `signature` is `expected` (compared in constant
 * time, as text); else null.
 */
export function signedJson(
  body: string,
  signature: string,
  expected: string,
): Record<string, unknown> | null {
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class TokenService {
  private readonly key: crypto.KeyObject;

  constructor(secret: Uint8Array) {
    this.key = crypto.createSecretKey(secret);
  }

  /** A key for other uses, derived from the signing secret (HKDF-SHA256, by purpose). */
  derive(purpose: string): Buffer {
    return Buffer.from(
      crypto.hkdfSync('sha256', this.key.export(), Buffer.alloc(0), `spartan:${purpose}`, 32),
    );
  }

  sign(claims: TokenClaims, expiresAt: number, now = Math.floor(Date.now() / 1000)): string {
    const payload = {
      sub: claims.sub,
      sid: claims.sid,
      jti: claims.jti,
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      exp: Math.min(expiresAt, now + TOKEN_TTL_SECONDS),
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The claims of a valid token, or null for anything else (malformed, forged, expired, `alg: none`). */
  verify(token: string, now = Math.floor(Date.now() / 1000)): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    // The header must be exactly ours: HS256, nothing else accepted (no `none`, no key hints).
    if (header !== HEADER) return null;
    // Compared as text, the one encoding we issue: decoding first would accept other strings for
    // the same bytes (the last character's two spare bits, characters the decoder skips).
    const payload = signedJson(
      body,
      signature,
      this.mac(`${header}.${body}`).toString('base64url'),
    );
    if (!payload) return null;
    const { sub, sid, jti, iss, aud, exp, iat } = payload;
    if (iss !== ISSUER || aud !== AUDIENCE) return null;
    if (typeof exp !== 'number' || typeof iat !== 'number') return null;
    if (exp + CLOCK_TOLERANCE <= now || iat - CLOCK_TOLERANCE > now) return null;
    if (!isString(sub) || !isString(sid) || !isString(jti)) return null;
    return { sub, sid, jti };
  }

  private mac(data: string): Buffer {
    return crypto.createHmac('sha256', this.key).update(data).digest();
  }
}
