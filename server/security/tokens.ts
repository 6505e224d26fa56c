/**
 * Access tokens: HS256 JWTs (jose), algorithm pinned on verification, issuer
 * and audience checked, `exp` one hour after issue. Each token's `jti` names a
 * row of staff_sessions; logout and account removal delete that row, so a
 * token is only good while its session exists (see server/auth.ts).
 *
 * The signing secret comes from AUTH_SECRET (at least 32 characters), else is
 * generated once and kept in `<dataDir>/auth-secret` (mode 0600). Several
 * servers behind one PostgreSQL need the same AUTH_SECRET.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_TTL_SECONDS = 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'spartan-platform';
const AUDIENCE = 'spartan-staff';

export interface TokenClaims {
  /** Staff user id. */
  sub: string;
  /** Session id (staff_sessions.id). */
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

export class TokenService {
  constructor(private readonly secret: Uint8Array) {}

  sign(claims: TokenClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .sign(this.secret);
  }

  /** The claims of a valid token, or null for anything else (malformed, forged, expired, `alg: none`). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      return { sub: payload.sub, jti: payload.jti };
    } catch {
      return null;
    }
  }
}
