/**
 * A staff member's own session, sessions, password and recovery codes (docs/STAFF-API.md
 * "The session", "Passwords", "Own second factor"). Every role.
 *
 * GET    /api/security-session/               → {user, session, mfa_enrolled, recovery_codes_left}
 * POST   /api/security-session/extend/        → {access, user, session}
 * GET    /api/security-sessions/              → {data: [session]}
 * DELETE /api/security-sessions/{id}/         → {id}
 * POST   /api/security-logout-all/            → {detail, sessions_ended}
 * POST   /api/security-password/              {current_password, new_password} → {detail, sessions_ended}
 * POST   /api/security-mfa/recovery-codes/    {code} → {recovery_codes}
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { MAX_PASSWORD_LENGTH } from '../../schemas/login.ts';
import { audit } from './audit-trail.ts';
import { viewSession } from './sessions.ts';
import { ERR_INVALID_FORM, ERR_NOT_FOUND } from '../api-errors.ts';
import { checkTotp } from '../security/totp.ts';
import { StaffAccountError } from './account-rules.ts';
import { idParams } from '../routes/common.ts';
import { actorOf } from './context.ts';
import { deleted, errorResponses } from '../../schemas/responses.ts';
import {
  recoveryCodes,
  sessionExtended,
  sessionInfo,
  sessionList,
  sessionsEnded,
} from '../../schemas/staff.ts';
import { ACCOUNT_PATHS } from '../../schemas/api-paths.ts';

export const sessionListResponse = { 200: sessionList, ...errorResponses } as const;
const endedResponse = { 200: sessionsEnded, ...errorResponses } as const;

const passwordBody = z.strictObject({
  current_password: z
    .string({ error: 'Enter your current password' })
    .check(
      z.minLength(1, 'Enter your current password'),
      z.maxLength(MAX_PASSWORD_LENGTH, 'The current password is wrong'),
    ),
  new_password: z
    .string({ error: 'Enter a new password' })
    .check(
      z.minLength(1, 'Enter a new password'),
      z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
    ),
});

const codeBody = z.strictObject({
  code: z
    .string({ error: 'Enter the code' })
    .check(z.trim(), z.minLength(1, 'Enter the code'), z.maxLength(40, 'Invalid code')),
});

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const opts = app.staffSecurity;
  const { sessions, staff, hasher, throttle } = opts;

  app.get(
    ACCOUNT_PATHS.session,
    {
      onRequest: sessions.identify,
      schema: {
        response: { 200: sessionInfo, ...errorResponses },
      },
    },
    async (request) => {
      const { user: me, session } = request.staff!;
      const row = await staff.findById(me.id);
      return {
        user: me,
        session: viewSession(session, session.id),
        mfa_enrolled: Boolean(row?.mfaEnrolledAt),
        recovery_codes_left: await staff.mfa.recoveryCodesLeft(me.id),
      };
    },
  );

  app.post(
    ACCOUNT_PATHS.extend,
    {
      onRequest: sessions.requireStaff,
      schema: {
        response: { 200: sessionExtended, ...errorResponses },
      },
    },
    async (request) => {
      const { user: me, sessionId } = request.staff!;
      const { access, session } = await sessions.extend(sessionId);
      await audit(request, 'session.extended', { type: 'staff_session', id: sessionId });
      return { access, user: me, session: viewSession(session, sessionId) };
    },
  );

  app.get(
    ACCOUNT_PATHS.sessions,
    { onRequest: sessions.requireStaff, schema: { response: sessionListResponse } },
    async (request) => {
      const { user: me, sessionId } = request.staff!;
      return { data: (await sessions.list(me.id)).map((s) => viewSession(s, sessionId)) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    ACCOUNT_PATHS.sessionById,
    {
      onRequest: sessions.requireStaff,
      schema: {
        params: idParams,
        response: { 200: deleted, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      if (!/^[0-9a-f-]{36}$/.test(id) || !(await sessions.revokeOf(request.staff!.user.id, id))) {
        throw ERR_NOT_FOUND();
      }
      await audit(request, 'session.ended', { type: 'staff_session', id });
      return { id };
    },
  );

  app.post(
    ACCOUNT_PATHS.logoutAll,
    { onRequest: sessions.requireStaff, schema: { response: endedResponse } },
    async (request) => {
      const me = request.staff!.user;
      const ended = await sessions.revokeAll(me.id);
      await audit(
        request,
        'logout.all',
        { type: 'staff_user', id: me.id },
        { sessions_ended: ended },
      );
      return { detail: 'Logged out everywhere', sessions_ended: ended };
    },
  );

  app.post<{ Body: z.infer<typeof passwordBody> }>(
    ACCOUNT_PATHS.password,
    { onRequest: sessions.requireStaff, schema: { body: passwordBody, response: endedResponse } },
    async (request) => {
      const { user: me, sessionId } = request.staff!;
      // A try taken before the check, so that passwords sent at once cannot pass the limit.
      await throttle.takeCurrentPassword(me.id);
      const row = await staff.findById(me.id);
      const { ok } = await hasher.verify(request.body.current_password, row?.passwordHash ?? '');
      if (!ok) {
        await audit(request, 'password.change_failed', { type: 'staff_user', id: me.id });
        throw ERR_INVALID_FORM({ current_password: 'The current password is wrong' });
      }
      await throttle.giveBackCurrentPassword(me.id);
      try {
        const ended = await staff.setPassword(
          me.id,
          request.body.new_password,
          { mustChange: false, keepSession: sessionId, event: 'password.changed' },
          actorOf(request),
        );
        return { detail: 'Password changed', sessions_ended: ended };
      } catch (err) {
        if (err instanceof StaffAccountError && err.kind === 'invalid') {
          throw ERR_INVALID_FORM({ new_password: err.message });
        }
        throw err;
      }
    },
  );

  app.post<{ Body: z.infer<typeof codeBody> }>(
    ACCOUNT_PATHS.recoveryCodes,
    {
      onRequest: sessions.requireStaff,
      schema: {
        body: codeBody,
        response: { 200: recoveryCodes, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.staff!.user;
      // A try taken before the check (given back unless a code is wrong): codes sent at once
      // cannot pass the account's limit.
      await throttle.takeCode(me.id);
      const row = await staff.findById(me.id);
      const secret = row ? staff.mfa.totpSecretOf(row) : null;
      if (!row || !secret || !row.mfaEnrolledAt) {
        await throttle.giveBackCode(me.id);
        throw ERR_NOT_FOUND();
      }
      const step = checkTotp(secret, request.body.code, row.totpLastStep);
      if (step === null || !(await staff.mfa.markTotpStep(me.id, step))) {
        await audit(request, 'mfa.challenge_failed', { type: 'staff_user', id: me.id });
        throw ERR_INVALID_FORM({ code: 'Invalid code' });
      }
      await throttle.giveBackCode(me.id);
      const codes = await staff.mfa.replaceRecoveryCodes(me.id);
      await audit(request, 'mfa.recovery_regenerated', { type: 'staff_user', id: me.id });
      return { recovery_codes: codes };
    },
  );
}
