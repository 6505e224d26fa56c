/**
 * The staff security review's findings, each shown fixed, run once per database
 * (tests/api/pglite.test.ts and tests/api/postgres.test.ts). Real app, real database,
 * `app.inject()`; mail over a real SMTP server (tests/api/smtp.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app.ts';
import { CODES } from '../../../server/api-errors.ts';
import { TokenService } from '../../../server/security/tokens.ts';
import { normaliseRecoveryCode, TotpKeys } from '../../../server/security/totp.ts';
import { mailQueue } from '../../../server/db/desk-schema.ts';
import { staffRecoveryCodes, staffUsers } from '../../../server/staff/schema.ts';
import { investorPayload } from '../fixtures.ts';
import { startSmtp } from '../smtp.ts';
import { AUTH_SECRET, DESK_BUILD, fakeDist, freshIp, type SuiteTarget } from '../harness.ts';

const PASSWORD = 'correct horse battery staple';
const PUBLIC_URL = 'https://spartans.example';

/** The TOTP code of `secret` now, or `steps` of 30 seconds ahead. */
function totp(secret: string, steps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export function securityFindingsSuite(label: string, target: SuiteTarget): void {
  describe(`security review findings on ${label}`, () => {
    let app: FastifyInstance;
    let distDir = '';
    let dataDir = '';
    let adminToken = '';

    const call = (opts: InjectOptions): Promise<LightMyRequestResponse> =>
      app.inject({ remoteAddress: freshIp(), ...opts });
    const as = (token: string, opts: InjectOptions) =>
      call({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
    const step = (url: string, payload: object) => call({ method: 'POST', url, payload });
    const login = (username: string, password: string) =>
      step('/api/security-login/', { username, password });

    /** Logs in for the first time, setting up TOTP: the access token and the TOTP key. */
    async function firstLogin(username: string, password = PASSWORD) {
      const first = (await login(username, password)).json();
      expect(first).toMatchObject({ mfa_setup_required: true });
      const done = await step('/api/security-login/mfa-setup/', {
        challenge: first.challenge,
        code: totp(first.secret),
      });
      expect(done.statusCode).toBe(200);
      return {
        token: done.json().access as string,
        secret: first.secret as string,
        recovery: done.json().recovery_codes as string[],
        id: done.json().user.id as string,
      };
    }

    beforeAll(async () => {
      distDir = fakeDist();
      const db = await target.database();
      dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-findings-'));
      app = await build({
        ...db,
        dataDir,
        distDir,
        logger: false,
        authSecret: AUTH_SECRET,
        publicUrl: PUBLIC_URL,
        rateLimits: {
          submit: { max: 1000, windowSeconds: 600 },
          login: { max: 100, windowSeconds: 900 },
          loginFailuresPerUser: { max: 10, windowSeconds: 900 },
        },
      });
      await app.staff.create({ username: 'boss', password: PASSWORD, role: 'admin' });
      adminToken = (await firstLogin('boss')).token;
    });

    afterAll(async () => {
      await app?.close();
      fs.rmSync(distDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await target.cleanup?.();
    });

    describe('the forced password change', () => {
      it('given the password an admin chose, then the forced change refuses it, naming why', async () => {
        const initial = 'words the admin chose for her';
        const made = await as(adminToken, {
          method: 'POST',
          url: '/api/staff/users/',
          payload: { username: 'fern', role: 'reviewer', setup: 'password', password: initial },
        });
        expect(made.statusCode).toBe(201);
        const first = (await login('fern', initial)).json();
        expect(first).toMatchObject({ password_change_required: true });
        const same = await step('/api/security-login/password/', {
          challenge: first.challenge,
          new_password: initial,
        });
        expect(same.statusCode).toBe(400);
        expect(same.json()).toEqual({
          detail: 'Please correct the highlighted fields',
          code: CODES.INVALID_FORM,
          errors: {
            new_password: 'Choose a password of your own, not the one you were given',
          },
        });
        // The refusal leaves the step open: her own password is then taken.
        const own = await step('/api/security-login/password/', {
          challenge: first.challenge,
          new_password: 'a phrase only she knows well',
        });
        expect(own.json()).toMatchObject({ mfa_setup_required: true });
        expect((await login('fern', initial)).statusCode).toBe(401);
      });
    });

    describe('links the server hands out', () => {
      it('given PUBLIC_URL, then a setup link is under it, not under the Host the request named', async () => {
        await app.staff.create({ username: 'hugo', password: PASSWORD });
        const hugo = await app.staff.idOf('hugo');
        const reset = await as(adminToken, {
          method: 'POST',
          url: `/api/staff/users/${hugo}/reset-password/`,
          headers: { host: 'attacker.example' },
        });
        expect(reset.statusCode).toBe(200);
        expect(reset.json().setup_url).toMatch(
          /^https:\/\/spartans\.example\/security-setup#[\w-]{40,}$/,
        );
      });
    });

    describe('recovery codes at rest', () => {
      const stored = async (id: string) =>
        (
          await app.db
            .select({ codeHash: staffRecoveryCodes.codeHash })
            .from(staffRecoveryCodes)
            .where(eq(staffRecoveryCodes.userId, id))
        ).map((r) => r.codeHash);
      const plainSha256 = (code: string, encoding: 'base64url' | 'hex') =>
        crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest(encoding);
      const recoveryLogin = async (username: string, code: string) => {
        const first = (await login(username, PASSWORD)).json();
        expect(first).toMatchObject({ mfa_required: true });
        return step('/api/security-login/mfa/', { challenge: first.challenge, code });
      };

      it('given new recovery codes, then what is stored is keyed: no plain SHA-256, and a copy of the database alone cannot check a code', async () => {
        await app.staff.create({ username: 'rosa', password: PASSWORD });
        const rosa = await firstLogin('rosa');
        const hashes = await stored(rosa.id);
        expect(hashes).toHaveLength(10);
        for (const code of rosa.recovery) {
          expect(hashes).not.toContain(plainSha256(code, 'base64url'));
          expect(hashes).not.toContain(plainSha256(code, 'hex'));
        }
        // Only the server's key, derived from its secret, gives the stored values; another
        // secret's key does not.
        const underKeyOf = (secret: string, code: string) =>
          new TotpKeys(
            Buffer.alloc(32),
            new TokenService(Buffer.from(secret)).derive('recovery-codes'),
          ).hashRecoveryCode(code);
        expect(hashes).toContain(underKeyOf(AUTH_SECRET, rosa.recovery[0]!));
        expect(hashes).not.toContain(underKeyOf(`${AUTH_SECRET}-other`, rosa.recovery[0]!));
        // A code still logs in, once.
        const done = await recoveryLogin('rosa', rosa.recovery[0]!.toLowerCase());
        expect(done.statusCode).toBe(200);
        expect(done.json().recovery_codes_left).toBe(9);
        expect((await recoveryLogin('rosa', rosa.recovery[0]!)).statusCode).toBe(401);
      });

      it('given a code stored as plain SHA-256 before, then it still logs in, and the start rewrites it keyed', async () => {
        await app.staff.create({ username: 'otto', password: PASSWORD });
        const otto = await firstLogin('otto');
        const [older, rewritten] = otto.recovery;
        // Two rows as an older server stored them.
        await app.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, otto.id));
        await app.db.insert(staffRecoveryCodes).values(
          [older!, rewritten!].map((code) => ({
            userId: otto.id,
            codeHash: plainSha256(code, 'base64url'),
          })),
        );
        const done = await recoveryLogin('otto', older!);
        expect(done.statusCode).toBe(200);
        expect(done.json().recovery_codes_left).toBe(1);
        // What the server does when it starts: the plain row left becomes keyed, and still works.
        expect(await app.staff.mfa.rekeyRecoveryCodes()).toBeGreaterThanOrEqual(1);
        const left = await stored(otto.id);
        expect(left).not.toContain(plainSha256(rewritten!, 'base64url'));
        expect((await recoveryLogin('otto', rewritten!)).statusCode).toBe(200);
      });
    });

    describe('a second-factor reset', () => {
      const resetMfa = async (id: string) => {
        const res = await as(adminToken, {
          method: 'POST',
          url: `/api/staff/users/${id}/reset-mfa/`,
        });
        expect(res.statusCode).toBe(200);
        return res.json<{ data: { mfa_enrolled: boolean }; setup_url: string }>();
      };
      const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
      const MFA_LINK = '/api/security-setup/mfa/';

      it('given a reset, then the password alone no longer reaches the set-up step; the link does, once', async () => {
        await app.staff.create({ username: 'mila', password: PASSWORD });
        const mila = await firstLogin('mila');
        const reset = await resetMfa(mila.id);
        expect(reset.data.mfa_enrolled).toBe(false);
        expect(reset.setup_url).toMatch(/^https:\/\/spartans\.example\/security-setup#[\w-]{40,}$/);
        // Whoever has the password only: no set-up step, no session.
        const alone = await login('mila', PASSWORD);
        expect(alone.statusCode).toBe(403);
        expect(alone.json()).toEqual({
          detail:
            'Your second factor was reset: open the setup link an admin gave you, or ask for a new one',
          code: CODES.SETUP_LINK,
        });
        const token = tokenOf(reset.setup_url);
        const info = await step('/api/security-setup/', { token });
        expect(info.json()).toMatchObject({ username: 'mila', purpose: 'mfa' });
        // The link with a wrong password: refused.
        const wrong = await step(MFA_LINK, { token, password: 'not her password at all' });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().code).toBe(CODES.INVALID_CREDENTIALS);
        // The link with her password: the set-up step, then a session.
        const setup = await step(MFA_LINK, { token, password: PASSWORD });
        expect(setup.json()).toMatchObject({
          mfa_setup_required: true,
          user: { username: 'mila' },
        });
        const done = await step('/api/security-login/mfa-setup/', {
          challenge: setup.json().challenge,
          code: totp(setup.json().secret),
        });
        expect(done.statusCode).toBe(200);
        expect(done.json().recovery_codes).toHaveLength(10);
        // Used up: the link answers 404, and the password asks for the new second factor.
        expect((await step(MFA_LINK, { token, password: PASSWORD })).statusCode).toBe(404);
        expect((await step('/api/security-setup/', { token })).statusCode).toBe(404);
        expect((await login('mila', PASSWORD)).json()).toMatchObject({ mfa_required: true });
      });

      it('given a second reset, then the first link is revoked; an expired link is refused', async () => {
        await app.staff.create({ username: 'nils', password: PASSWORD });
        const nils = await firstLogin('nils');
        const first = tokenOf((await resetMfa(nils.id)).setup_url);
        const second = tokenOf((await resetMfa(nils.id)).setup_url);
        expect((await step(MFA_LINK, { token: first, password: PASSWORD })).statusCode).toBe(404);
        await app.db
          .update(staffUsers)
          .set({ mfaSetupExpiresAt: new Date(Date.now() - 1000) })
          .where(eq(staffUsers.id, nils.id));
        const expired = await step(MFA_LINK, { token: second, password: PASSWORD });
        expect(expired.statusCode).toBe(404);
        expect(expired.json().code).toBe(CODES.SETUP_LINK);
        // Still no enrolment with the password alone.
        expect((await login('nils', PASSWORD)).statusCode).toBe(403);
      });

      it('given a password reset after a second-factor reset, then the password link leads through the set-up', async () => {
        await app.staff.create({ username: 'olga', password: PASSWORD });
        const olga = await firstLogin('olga');
        await resetMfa(olga.id);
        const link = await as(adminToken, {
          method: 'POST',
          url: `/api/staff/users/${olga.id}/reset-password/`,
        });
        const token = tokenOf(link.json().setup_url as string);
        expect((await step('/api/security-setup/', { token })).json()).toMatchObject({
          purpose: 'password',
        });
        const next = await step('/api/security-setup/complete/', {
          token,
          new_password: 'her very own new phrase',
        });
        expect(next.json()).toMatchObject({ mfa_setup_required: true });
      });
    });
    describe('the new-application mail address', () => {
      it('given a new address, then it gets a confirmation link and nothing else until it is confirmed', async () => {
        const smtp = await startSmtp();
        const db = await target.database();
        const mailDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-findings-'));
        const mailApp = await build({
          ...db,
          dataDir: mailDir,
          distDir,
          ...DESK_BUILD,
          smtpUrl: smtp.url,
          publicUrl: PUBLIC_URL,
        });
        try {
          await mailApp.staff.create({ username: 'nora', password: PASSWORD });
          const token = (
            await mailApp.inject({
              method: 'POST',
              url: '/api/security-login/',
              payload: { username: 'nora', password: PASSWORD },
            })
          ).json().access as string;
          const staffCall = (opts: InjectOptions) =>
            mailApp.inject({ ...opts, headers: { authorization: `Bearer ${token}` } });
          const notify = (email: string) =>
            staffCall({
              method: 'PUT',
              url: '/api/staff/notifications/',
              payload: { mode: 'each', email },
            });
          const confirm = (link: string) =>
            staffCall({
              method: 'POST',
              url: '/api/staff/notifications/confirm/',
              payload: { token: link.slice(link.indexOf('=') + 1) },
            });
          const mailsTo = (address: string) =>
            smtp.received.filter((m) => m.to.includes(address)).map((m) => unfold(m.raw));
          /** An application, once all its mail has gone out (the queue is empty again). */
          const applyAndSettle = async (applicant: string) => {
            const res = await mailApp.inject({
              method: 'POST',
              url: '/api/investors/join_investor/',
              payload: investorPayload({ email: applicant }),
            });
            expect(res.statusCode).toBe(201);
            await expect.poll(() => mailsTo(applicant).length, { timeout: 15_000 }).toBe(1);
            await expect
              .poll(async () => (await mailApp.db.select().from(mailQueue)).length, {
                timeout: 15_000,
              })
              .toBe(0);
            return res.json().data.id as string;
          };

          const set = await notify('nora@staff.example');
          expect(set.statusCode).toBe(200);
          expect(set.json()).toEqual({
            mode: 'each',
            email: '',
            pending_email: 'nora@staff.example',
          });
          await expect
            .poll(() => mailsTo('nora@staff.example').length, { timeout: 15_000 })
            .toBe(1);
          const confirmation = mailsTo('nora@staff.example')[0]!;
          expect(confirmation).toMatch(/^Subject: Confirm your new-application mail/m);
          const link = /https:\/\/spartans\.example\/staff#confirm-mail=[\w-]{43}/.exec(
            confirmation,
          )?.[0];
          expect(link).toBeDefined();

          // Before it is confirmed: the applicant hears back, the new address nothing.
          await applyAndSettle('first@example.com');
          expect(mailsTo('nora@staff.example')).toHaveLength(1);

          const confirmed = await confirm(link!);
          expect(confirmed.statusCode).toBe(200);
          expect(confirmed.json()).toEqual({
            mode: 'each',
            email: 'nora@staff.example',
            pending_email: null,
          });
          expect((await confirm(link!)).statusCode).toBe(404);
          const id = await applyAndSettle('second@example.com');
          await expect
            .poll(() => mailsTo('nora@staff.example').length, { timeout: 15_000 })
            .toBe(2);
          expect(mailsTo('nora@staff.example')[1]).toContain(id);

          // Another address: pending; the confirmed one keeps receiving, the new one only its link.
          const moved = await notify('elsewhere@staff.example');
          expect(moved.json()).toEqual({
            mode: 'each',
            email: 'nora@staff.example',
            pending_email: 'elsewhere@staff.example',
          });
          await expect
            .poll(() => mailsTo('elsewhere@staff.example').length, { timeout: 15_000 })
            .toBe(1);
          const newLink = /#confirm-mail=[\w-]{43}/.exec(
            mailsTo('elsewhere@staff.example')[0]!,
          )?.[0];
          await applyAndSettle('third@example.com');
          await expect
            .poll(() => mailsTo('nora@staff.example').length, { timeout: 15_000 })
            .toBe(3);
          expect(mailsTo('elsewhere@staff.example')).toHaveLength(1);
          // The first address's old link is used up; the new one works for its owner only.
          const other = await mailApp.staff.create({ username: 'otis', password: PASSWORD });
          const otis = (
            await mailApp.inject({
              method: 'POST',
              url: '/api/security-login/',
              payload: { username: 'otis', password: PASSWORD },
            })
          ).json().access as string;
          expect(other.id).toBeTruthy();
          const stranger = await mailApp.inject({
            method: 'POST',
            url: '/api/staff/notifications/confirm/',
            headers: { authorization: `Bearer ${otis}` },
            payload: { token: newLink!.slice(newLink!.indexOf('=') + 1) },
          });
          expect(stranger.statusCode).toBe(404);
          expect((await confirm(newLink!)).json()).toMatchObject({
            email: 'elsewhere@staff.example',
          });
        } finally {
          await mailApp.close();
          await smtp.close();
          fs.rmSync(mailDir, { recursive: true, force: true });
        }
      });
    });
  });
}

/** A received mail's text, its quoted-printable soft breaks undone. */
function unfold(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
