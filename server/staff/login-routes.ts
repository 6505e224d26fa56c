/**
 * Staff login, in steps (docs/STAFF-API.md "Login"):
 *
 * POST /api/security-login/            {username, password}  → {access, user} or a next step
 * POST /api/security-login/mfa/        {challenge, code}      → {access, user, recovery_codes_left}
 * POST /api/security-login/mfa-setup/  {challenge, code}      → {access, user, recovery_codes}
 * POST /api/security-login/password/   {challenge, new_password} → the next step
 * POST /api/security-setup/            {token}                → {username, name, expires_at}
 * POST /api/security-setup/complete/   {token, new_password}  → the next step
 * POST /api/security-setup/mfa/        {token, password}      → the second factor's set-up step
 * POST /api/security-logout/           bearer                 → {detail}; the token stops working
 *
 * Between the password and a finished login the client holds a challenge (./login-challenges.ts:
 * five minutes, one step, five wrong codes at most).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AuditEvent } from '../../schemas/audit-events.ts';
import { loginSchema, MAX_PASSWORD_LENGTH, type LoginPayload } from '../../schemas/login.ts';
import { audit } from './audit-trail.ts';
import { clientInfo } from './sessions.ts';
import { staffUsers } from './schema.ts';
import { LoginChallenges, type ChallengeRow } from './login-challenges.ts';
import {
  ERR_INVALID_CODE,
  ERR_INVALID_CREDENTIALS,
  ERR_INVALID_FORM,
  ERR_LOGIN_EXPIRED,
  ERR_MFA_SETUP_LINK,
  ERR_NOT_FOUND,
  ERR_SETUP_LINK,
} from '../api-errors.ts';
import { checkTotp, looksLikeRecoveryCode, totpQrSvg, totpUri } from '../security/totp.ts';
import { normaliseUsername, StaffAccountError } from './account-rules.ts';
import { publicUser, sha256, type StaffRow } from './staff-user.ts';
import { done, errorResponses } from '../../schemas/responses.ts';
import { loginStep, setupLinkInfo } from '../../schemas/staff.ts';
import {
  ACCOUNT_PATHS,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
} from '../../schemas/api-paths.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Every answer of a login step: done (`access`), or what comes next. */
const stepResponse = { 200: loginStep, ...errorResponses } as const;

const codeBody = z.strictObject({
  challenge: z.string({ error: 'Start the login again' }).check(z.maxLength(200)),
  code: z
    .string({ error: 'Enter the code' })
    .check(z.trim(), z.minLength(1, 'Enter the code'), z.maxLength(40, 'Enter a valid code')),
});
const newPassword = z
  .string({ error: 'Enter a new password' })
  .check(
    z.minLength(1, 'Enter a new password'),
    z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
  );
const passwordBody = z.strictObject({
  challenge: z.string({ error: 'Start the login again' }).check(z.maxLength(200)),
  new_password: newPassword,
});
const setupBody = z.strictObject({
  token: z.string({ error: 'This setup link is not valid' }).check(z.maxLength(200)),
});
const setupMfaBody = z.strictObject({
  token: z.string({ error: 'This setup link is not valid' }).check(z.maxLength(200)),
  password: z
    .string({ error: 'Enter your password' })
    .check(
      z.minLength(1, 'Enter your password'),
      z.maxLength(MAX_PASSWORD_LENGTH, 'Invalid credentials'),
    ),
});
const setupCompleteBody = z.strictObject({
  token: z.string({ error: 'This setup link is not valid' }).check(z.maxLength(200)),
  new_password: newPassword,
});

export { newPassword as newPasswordSchema };

/** Why the forced change refuses the password an admin chose. */
export const SAME_AS_GIVEN = 'Choose a password of your own, not the one you were given';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const opts = app.staffSecurity;
  const { db, sessions, staff, hasher, throttle, totpKeys } = opts;
  /**
   * On arrival, before the body is parsed: a full password gate answers 503 at once (a flood
   * costs next to nothing), and every login step counts against the client IP's allowance.
   */
  const attempt = async (request: FastifyRequest) => {
    hasher.admit();
    await throttle.attempt(request.ip);
  };

  const challenges = new LoginChallenges({
    db,
    findUser: (id) => staff.findById(id),
    throttle,
    totpKeys,
  });

  /** A wrong code, already counted on the challenge (five kill it) and on the account. */
  async function wrongCode(
    request: FastifyRequest,
    row: ChallengeRow,
    user: StaffRow,
    last: boolean,
  ) {
    await auditAs(request, user, 'mfa.challenge_failed', { stage: row.stage });
    if (last) await auditAs(request, user, 'login.locked', { factor: 'code' });
    return ERR_INVALID_CODE();
  }

  /** Audits a login step as `user` (the request has no staff user yet). */
  function auditAs(
    request: FastifyRequest,
    user: Pick<StaffRow, 'id' | 'username'> | undefined,
    event: AuditEvent,
    detail: Record<string, string | number | boolean | null> = {},
  ) {
    return audit(request, event, user ? { type: 'staff_user', id: user.id } : null, detail, user);
  }

  /**
   * After the password (and a forced change): the second factor, or the session. `byLink`: the
   * caller holds a setup link, which may lead to the second factor's set-up when an admin reset
   * it; the password alone may not.
   */
  async function nextStep(request: FastifyRequest, user: StaffRow, factor: string, byLink = false) {
    const who = { username: user.username, name: user.name };
    if (user.mfaEnrolledAt && user.totpSecret) {
      return { mfa_required: true, challenge: await challenges.issue(user, 'mfa'), user: who };
    }
    const resetByAdmin = user.mfaSetupTokenHash !== null;
    if (opts.mfaRequired || (byLink && resetByAdmin)) {
      if (resetByAdmin && !byLink) throw ERR_MFA_SETUP_LINK();
      const secret = totpKeys.newSecret();
      const uri = totpUri(secret, user.username);
      return {
        mfa_setup_required: true,
        challenge: await challenges.issue(user, 'mfa_setup', secret),
        secret,
        otpauth_url: uri,
        qr_svg: await totpQrSvg(uri),
        user: who,
      };
    }
    return finish(request, user, factor);
  }

  async function finish(request: FastifyRequest, user: StaffRow, factor: string) {
    const account = publicUser(user);
    const { access } = await sessions.open(account, clientInfo(request));
    await db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, user.id));
    await auditAs(request, user, 'login.success', { factor });
    return { access, user: account };
  }

  function fieldProblem(err: unknown): never {
    if (err instanceof StaffAccountError && err.kind === 'invalid') {
      throw ERR_INVALID_FORM({ new_password: err.message });
    }
    throw err;
  }

  app.post<{ Body: LoginPayload }>(
    LOGIN_PATH,
    { onRequest: attempt, schema: { body: loginSchema, response: stepResponse } },
    async (request) => {
      const username = normaliseUsername(request.body.username);
      // Refused before any lookup: PostgreSQL text cannot hold NUL, and no username has these.
      if (CONTROL.test(username)) throw ERR_INVALID_FORM({ username: 'Enter a valid username' });
      const last = await throttle.takePair(username, request.ip);
      const user = await staff.findByUsername(username);
      // Unknown user or wrong password: the same answer after the same work.
      const { ok, rehash } = await hasher.verify(request.body.password, user?.passwordHash ?? '');
      if (!user || !ok) {
        const delayMs = await throttle.fail(username);
        await auditAs(request, user, 'login.failure', {
          reason: user ? 'wrong_password' : 'unknown_user',
        });
        if (last) await auditAs(request, user, 'login.locked', { factor: 'password' });
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        throw ERR_INVALID_CREDENTIALS();
      }
      await throttle.succeed(username, request.ip);
      if (rehash) {
        // An older hash (scrypt, or weaker parameters): replaced now that we know the password.
        const passwordHash = await hasher.hash(request.body.password);
        await db.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, user.id));
      }
      if (user.passwordChangeRequired) {
        return {
          password_change_required: true,
          challenge: await challenges.issue(user, 'password'),
          user: { username: user.username, name: user.name },
        };
      }
      return nextStep(request, user, 'password');
    },
  );

  app.post<{ Body: z.infer<typeof codeBody> }>(
    LOGIN_MFA_PATH,
    { onRequest: attempt, schema: { body: codeBody, response: stepResponse } },
    async (request) => {
      const { row, user, last } = await challenges.claim(request.body.challenge, 'mfa');
      const code = request.body.code;
      const factor = looksLikeRecoveryCode(code) ? 'recovery' : 'totp';
      let accepted = false;
      if (factor === 'recovery') {
        accepted = await staff.mfa.hasRecoveryCode(user.id, code);
      } else {
        const secret = staff.mfa.totpSecretOf(user);
        const step = secret ? checkTotp(secret, code, user.totpLastStep) : null;
        accepted = step !== null && (await staff.mfa.markTotpStep(user.id, step));
      }
      if (!accepted) throw await wrongCode(request, row, user, last);
      await challenges.useUp(row);
      // Spent by the call that used the challenge up, so a code another call sent is not lost.
      if (factor === 'recovery') {
        if (!(await staff.mfa.useRecoveryCode(user.id, code))) {
          throw await wrongCode(request, row, user, false);
        }
        await auditAs(request, user, 'mfa.recovery_used');
      }
      const done = await finish(request, user, factor);
      return { ...done, recovery_codes_left: await staff.mfa.recoveryCodesLeft(user.id) };
    },
  );

  app.post<{ Body: z.infer<typeof codeBody> }>(
    LOGIN_MFA_SETUP_PATH,
    { onRequest: attempt, schema: { body: codeBody, response: stepResponse } },
    async (request) => {
      const { row, user, last } = await challenges.claim(request.body.challenge, 'mfa_setup');
      const secret = challenges.offeredSecret(row);
      const step = secret ? checkTotp(secret, request.body.code, null) : null;
      if (!secret || step === null) throw await wrongCode(request, row, user, last);
      await challenges.useUp(row);
      const recoveryCodes = await staff.mfa.enrolTotp(user.id, secret, step);
      await auditAs(request, user, 'mfa.enrolled');
      const done = await finish(request, user, 'totp');
      return { ...done, recovery_codes: recoveryCodes };
    },
  );

  app.post<{ Body: z.infer<typeof passwordBody> }>(
    LOGIN_PASSWORD_PATH,
    { onRequest: attempt, schema: { body: passwordBody, response: stepResponse } },
    async (request) => {
      const { user } = await challenges.load(request.body.challenge, 'password');
      // The admin who chose the password still knows it: the new one must be another.
      if ((await hasher.verify(request.body.new_password, user.passwordHash)).ok) {
        throw ERR_INVALID_FORM({ new_password: SAME_AS_GIVEN });
      }
      await staff
        .setPassword(
          user.id,
          request.body.new_password,
          {
            mustChange: false,
            event: 'password.changed',
            // Used up with the write, so that of two calls at once only one sets a password.
            claim: (tx) => challenges.useUpIn(tx, request.body.challenge, 'password'),
          },
          { id: user.id, username: user.username, ip: request.ip },
        )
        .catch(fieldProblem);
      const fresh = await staff.findById(user.id);
      if (!fresh) throw ERR_LOGIN_EXPIRED();
      return nextStep(request, fresh, 'password');
    },
  );

  const liveLink = (token: string) =>
    and(eq(staffUsers.setupTokenHash, sha256(token)), gt(staffUsers.setupExpiresAt, new Date()));
  const liveMfaLink = (token: string) =>
    and(
      eq(staffUsers.mfaSetupTokenHash, sha256(token)),
      gt(staffUsers.mfaSetupExpiresAt, new Date()),
    );

  async function setupAccount(token: string, link = liveLink) {
    const [user] = await db.select().from(staffUsers).where(link(token)).limit(1);
    if (!user) throw ERR_SETUP_LINK();
    return user;
  }

  app.post<{ Body: z.infer<typeof setupBody> }>(
    ACCOUNT_PATHS.setup,
    {
      onRequest: attempt,
      schema: {
        body: setupBody,
        response: { 200: setupLinkInfo, ...errorResponses },
      },
    },
    async (request) => {
      const { token } = request.body;
      const forMfa = await setupAccount(token, liveMfaLink).catch(() => null);
      const user = forMfa ?? (await setupAccount(token));
      return {
        username: user.username,
        name: user.name,
        expires_at: (forMfa ? user.mfaSetupExpiresAt : user.setupExpiresAt) ?? new Date(),
        purpose: forMfa ? ('mfa' as const) : ('password' as const),
      };
    },
  );

  // A second factor's setup link, with the account's password: the set-up step. The link stays
  // until the set-up succeeds (which clears it), so a set-up step that expires can be begun again.
  app.post<{ Body: z.infer<typeof setupMfaBody> }>(
    ACCOUNT_PATHS.setupMfa,
    { onRequest: attempt, schema: { body: setupMfaBody, response: stepResponse } },
    async (request) => {
      const user = await setupAccount(request.body.token, liveMfaLink);
      const last = await throttle.takePair(user.username, request.ip);
      const { ok } = await hasher.verify(request.body.password, user.passwordHash);
      if (!ok) {
        await throttle.fail(user.username);
        await auditAs(request, user, 'login.failure', { reason: 'wrong_password' });
        if (last) await auditAs(request, user, 'login.locked', { factor: 'password' });
        throw ERR_INVALID_CREDENTIALS();
      }
      await throttle.succeed(user.username, request.ip);
      return nextStep(request, user, 'password', true);
    },
  );

  app.post<{ Body: z.infer<typeof setupCompleteBody> }>(
    ACCOUNT_PATHS.setupComplete,
    { onRequest: attempt, schema: { body: setupCompleteBody, response: stepResponse } },
    async (request) => {
      const user = await setupAccount(request.body.token);
      await staff
        .setPassword(
          user.id,
          request.body.new_password,
          {
            mustChange: false,
            event: 'setup.completed',
            // The link is used up with the write: of two calls at once, one sets the password.
            claim: async (tx) => {
              const used = await tx
                .update(staffUsers)
                .set({ setupTokenHash: null, setupExpiresAt: null })
                .where(and(eq(staffUsers.id, user.id), liveLink(request.body.token)))
                .returning({ id: staffUsers.id });
              if (used.length === 0) throw ERR_SETUP_LINK();
            },
          },
          { id: user.id, username: user.username, ip: request.ip },
        )
        .catch(fieldProblem);
      const fresh = await staff.findById(user.id);
      if (!fresh) throw ERR_NOT_FOUND();
      return nextStep(request, fresh, 'password', true);
    },
  );

  app.post(
    LOGOUT_PATH,
    {
      onRequest: sessions.identify,
      schema: {
        response: { 200: done, ...errorResponses },
      },
    },
    async (request) => {
      if (request.staff) {
        await sessions.revoke(request.staff.sessionId);
        await audit(request, 'logout', { type: 'staff_session', id: request.staff.sessionId });
      }
      return { detail: 'Logged out' };
    },
  );
}
