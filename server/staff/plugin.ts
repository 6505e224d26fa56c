/**
 * The staff domain as two Fastify plugins, each naming what it needs (fastify-plugin's
 * `dependencies`, checked when the app starts):
 *
 * - `staffServices` ('staff-services', needs 'database'): the signing secret, password hashing
 *   on its worker pool, login throttling, TOTP keys, the audit trail, accounts and sessions,
 *   decorated on the app as `app.staff`, `app.passwords`, `app.auditLog`, `app.sessions` and,
 *   for the staff routes, `app.staffSecurity`; closed with the app.
 * - `staffRoutes` ('staff-routes', needs 'staff-services'): login, own account, staff
 *   management and the audit trail, each reading its services from the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { LoginThrottle } from '../security/login-limiter.ts';
import { ARGON2_PARAMS, PasswordHasher, type Argon2Params } from '../security/passwords.ts';
import { loadSecret, TokenService } from '../security/tokens.ts';
import { TotpKeys } from '../security/totp.ts';
import { accountRoutes } from './account-routes.ts';
import { StaffService } from './accounts.ts';
import { staffAdminRoutes } from './admin-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { AuditLog } from './audit-trail.ts';
import type { StaffSecurity } from './context.ts';
import { authRoutes } from './login-routes.ts';
import { Sessions } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts: `await app.staff.create({ username, password, name })`. */
    staff: StaffService;
    /** Password hashing and policy, on the bounded worker pool (server/security/passwords.ts). */
    passwords: PasswordHasher;
    /** Staff sessions and the role guards of every staff call (./sessions.ts). */
    sessions: Sessions;
    /** What the staff routes share (./context.ts). */
    staffSecurity: StaffSecurity;
  }
}

export interface StaffServiceOptions {
  config: ServerConfig;
  /**
   * argon2id cost, for test suites that hash a lot (never set by the environment). Below
   * OWASP's minimum (server/security/passwords.ts) only outside production.
   */
  passwordHashing?: Argon2Params | undefined;
}

export const staffServices = fp(
  async (app: FastifyInstance, { config, passwordHashing }: StaffServiceOptions) => {
    const tokens = new TokenService(loadSecret(config.dataDir, config.authSecret));
    const weaker =
      passwordHashing &&
      (passwordHashing.memoryCost < ARGON2_PARAMS.memoryCost ||
        passwordHashing.timeCost < ARGON2_PARAMS.timeCost);
    if (weaker && config.production) {
      throw new Error('argon2id below OWASP minimum parameters is for tests, never production');
    }
    const hasher = new PasswordHasher(passwordHashing ?? ARGON2_PARAMS, config.hashPool);
    const throttle = LoginThrottle.create(config.rateLimits, config.databaseUrl);
    const auditLog = new AuditLog(app.db);
    const totpKeys = new TotpKeys(tokens.derive('totp'), tokens.derive('recovery-codes'));
    const staff = new StaffService(app.db, hasher, totpKeys, auditLog);
    const mfaRequired = config.staffMfa === 'required';
    const sessions = new Sessions(app.db, tokens, { mfaRequired });
    app.addHook('onClose', async () => {
      auditLog.stop();
      await Promise.all([hasher.close(), throttle.close()]);
    });
    app.addHook('onReady', async () => {
      const rekeyed = await staff.mfa.rekeyRecoveryCodes();
      if (rekeyed > 0) app.log.info({ recoveryCodes: { rekeyed } }, 'recovery codes rekeyed');
      auditLog.startRetention(config.auditRetentionDays, (err) =>
        app.log.error({ err }, 'audit retention failed'),
      );
    });
    app.decorate('staff', staff);
    app.decorate('passwords', hasher);
    app.decorate('auditLog', auditLog);
    app.decorate('sessions', sessions);
    app.decorate('staffSecurity', {
      db: app.db,
      sessions,
      staff,
      hasher,
      throttle,
      totpKeys,
      mfaRequired,
      publicUrl: config.publicUrl,
    });
  },
  { name: 'staff-services', dependencies: ['database'] },
);

export const staffRoutes = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes);
    await app.register(accountRoutes);
    await app.register(staffAdminRoutes);
    await app.register(auditRoutes);
  },
  { name: 'staff-routes', dependencies: ['staff-services'] },
);
