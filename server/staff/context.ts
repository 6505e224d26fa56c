/** What the staff routes (login, account, staff management, audit) share, built in server/app.ts. */
import type { Sessions } from './sessions.ts';
import type { Db } from '../db/index.ts';
import type { LoginThrottle } from '../security/login-limiter.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import type { TotpKeys } from '../security/totp.ts';
import type { StaffService } from './accounts.ts';
import type { Actor } from './staff-user.ts';
import type { FastifyRequest } from 'fastify';

export interface StaffSecurity {
  db: Db;
  sessions: Sessions;
  staff: StaffService;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  totpKeys: TotpKeys;
  /** STAFF_MFA=required: every account sets up TOTP at its next login. */
  mfaRequired: boolean;
  /** PUBLIC_URL: the site's address for the links the server hands out, when set. */
  publicUrl: string | undefined;
}

/** The request's staff user as the actor of a change. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.staff?.user;
  return { id: user?.id, username: user?.username ?? 'unknown', ip: request.ip };
}
