/**
 * The staff-security API suite, run once per database (tests/api/pglite.test.ts and
 * tests/api/postgres.test.ts): login steps with TOTP (STAFF_MFA=required, the default),
 * recovery codes, password policy and changes, throttling, sessions, staff management,
 * the audit trail, and every staff call × role. Real app, real database, `app.inject()`; the
 * calls sent at once go over real HTTP to the same app, listening on a free port.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type net from 'node:net';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { build } from '../../server/app.ts';
import { Sessions } from '../../server/staff/sessions.ts';
import { CODES } from '../../server/api-errors.ts';
import { TokenService } from '../../server/security/tokens.ts';
import {
  ACCOUNT_PATHS,
  APPLICATION_PATHS,
  BACKGROUND_HEADER,
  deskRoot,
  LOGIN_MFA_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
} from '../../schemas/api-paths.ts';
import { fetchFresh } from '../fetch.ts';
import { investorPayload, MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { compiled } from './compiled.ts';
import { run } from './processes.ts';
import { AUTH_SECRET, fakeDist, freshIp, type SuiteTarget } from './suite.ts';

const PASSWORD = 'correct horse battery staple';
const PAIR_LIMIT = 3;
const EXPIRED = { detail: 'This login has expired: start again', code: CODES.LOGIN_EXPIRED };
const WEAK = ['            ', 'passwordpassword', '123456789012', 'Password1234'];

interface Account {
  username: string;
  password: string;
  secret: string;
  recovery: string[];
  token: string;
  id: string;
}

/** The TOTP code of `secret` for the step `steps` ahead of now (a later step is accepted once). */
function totp(secret: string, steps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** `n` six-digit codes, none of them one that `secret` gives around now. */
function wrongCodes(secret: string, n: number): string[] {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => totp(secret, steps)));
  const codes: string[] = [];
  for (let i = 100_000; codes.length < n; i += 7_919) {
    if (!near.has(String(i))) codes.push(String(i));
  }
  return codes;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const count = (answers: Answer[], status: number) =>
  answers.filter((a) => a.status === status).length;

export function staffSuite(
  label: string,
  target: SuiteTarget,
  options: { postgres: boolean } = { postgres: false },
): void {
  describe(`staff security on ${label}`, () => {
    let app: FastifyInstance;
    let distDir = '';
    let dataDir = '';
    let databaseUrl: string | undefined;
    let admin: Account;
    let reviewer: Account;

    const call = (opts: InjectOptions & { ip?: string }): Promise<LightMyRequestResponse> =>
      app.inject({ remoteAddress: opts.ip ?? freshIp(), ...opts });
    const as = (token: string, opts: InjectOptions & { ip?: string }) =>
      call({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
    const login = (username: string, password: string, ip?: string) =>
      call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username, password },
        ...(ip ? { ip } : {}),
      });
    /** Rows of a raw query (both drivers answer `{rows}`). */
    const rows = async (query: SQL) =>
      ((await app.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const step = (url: string, payload: object) => call({ method: 'POST', url, payload });

    /** Creates an account, then logs in for the first time: TOTP set up from the answer. */
    async function enrolled(role: 'admin' | 'reviewer', username: string): Promise<Account> {
      await app.staff.create({ username, password: PASSWORD, role });
      const first = await login(username, PASSWORD);
      expect(first.statusCode).toBe(200);
      const setup = first.json();
      expect(setup).toMatchObject({ mfa_setup_required: true, user: { username } });
      const done = await step('/api/security-login/mfa-setup/', {
        challenge: setup.challenge,
        code: totp(setup.secret),
      });
      expect(done.statusCode).toBe(200);
      const body = done.json();
      return {
        username,
        password: PASSWORD,
        secret: setup.secret,
        recovery: body.recovery_codes,
        token: body.access,
        id: body.user.id,
      };
    }

    /**
     * A full login with password and the current TOTP code. A code is good once, so first
     * the account's last used step is forgotten, as if the next 30 seconds had passed.
     */
    async function fullLogin(account: Account): Promise<string> {
      await app.db.execute(
        sql`UPDATE staff_users SET totp_last_step = NULL WHERE id = ${account.id}`,
      );
      const first = await login(account.username, account.password);
      expect(first.json()).toMatchObject({ mfa_required: true });
      const done = await step('/api/security-login/mfa/', {
        challenge: first.json().challenge,
        code: totp(account.secret),
      });
      expect(done.statusCode).toBe(200);
      return done.json().access as string;
    }

    beforeAll(async () => {
      distDir = fakeDist();
      const db = await target.database();
      databaseUrl = db.databaseUrl;
      dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-staff-'));
      app = await build({
        ...db,
        dataDir,
        distDir,
        logger: false,
        authSecret: AUTH_SECRET,
        rateLimits: {
          submit: { max: 50, windowSeconds: 600 },
          login: { max: 6, windowSeconds: 900 },
          loginFailuresPerUser: { max: PAIR_LIMIT, windowSeconds: 900 },
          // The progressive delay is real but short here (its growth: tests/api/hash-gate.test.ts).
          loginFailureDelayMaxMs: 20,
        },
        // The calls sent at once over HTTP name their client in X-Forwarded-For (`inject` sets
        // the socket's address), and the password gate has room for all of them.
        trustProxy: true,
        hashPool: { size: 1, queue: 100 },
      });
      admin = await enrolled('admin', 'ada');
      reviewer = await enrolled('reviewer', 'rex');
    });

    afterAll(async () => {
      await app?.close();
      fs.rmSync(distDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await target.cleanup?.();
    });

    describe('login with a second factor', () => {
      it('given the first login, then TOTP is set up from a QR code or key, with ten recovery codes', async () => {
        await app.staff.create({ username: 'newbie', password: PASSWORD });
        const first = await login('newbie', PASSWORD);
        const body = first.json();
        expect(body.access).toBeUndefined();
        expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
        expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*newbie\?.*secret=/);
        expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        const wrong = await step('/api/security-login/mfa-setup/', {
          challenge: body.challenge,
          code: '000000' === totp(body.secret) ? '111111' : '000000',
        });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ detail: 'Invalid code', code: CODES.INVALID_CODE });
        const done = await step('/api/security-login/mfa-setup/', {
          challenge: body.challenge,
          code: totp(body.secret),
        });
        expect(done.statusCode).toBe(200);
        const codes = done.json().recovery_codes as string[];
        expect(codes).toHaveLength(10);
        expect(new Set(codes).size).toBe(10);
        for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
        // Only hashes are stored.
        const stored = await rows(
          sql`SELECT code_hash FROM staff_recovery_codes WHERE code_hash = ${codes[0]}`,
        );
        expect(stored).toHaveLength(0);
        // The challenge was used up.
        const again = await step('/api/security-login/mfa-setup/', {
          challenge: body.challenge,
          code: totp(body.secret),
        });
        expect(again.json()).toEqual({
          detail: 'This login has expired: start again',
          code: CODES.LOGIN_EXPIRED,
        });
      });

      it('given a TOTP code, then it logs in once; the same code again is refused', async () => {
        const first = await login('ada', PASSWORD);
        expect(first.json()).toEqual({
          mfa_required: true,
          challenge: expect.any(String),
          user: { username: 'ada', name: '' },
        });
        const code = totp(admin.secret, 1);
        const ok = await step('/api/security-login/mfa/', {
          challenge: first.json().challenge,
          code: `${code.slice(0, 3)} ${code.slice(3)}`,
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({
          access: expect.any(String),
          user: { id: admin.id, username: 'ada', role: 'admin', name: '' },
          recovery_codes_left: 10,
        });
        const second = await login('ada', PASSWORD);
        const replay = await step('/api/security-login/mfa/', {
          challenge: second.json().challenge,
          code,
        });
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toEqual({ detail: 'Invalid code', code: CODES.INVALID_CODE });
      });

      it('given a recovery code, then it works once and is spent', async () => {
        const [code] = reviewer.recovery as [string];
        const first = await login('rex', PASSWORD);
        const ok = await step('/api/security-login/mfa/', {
          challenge: first.json().challenge,
          code: code.toLowerCase(),
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().recovery_codes_left).toBe(9);
        const again = await login('rex', PASSWORD);
        const spent = await step('/api/security-login/mfa/', {
          challenge: again.json().challenge,
          code,
        });
        expect(spent.statusCode).toBe(401);
        expect(spent.json().code).toBe(CODES.INVALID_CODE);
      });

      it('given five wrong codes, then the challenge is dead', async () => {
        const first = await login('rex', PASSWORD);
        const challenge = first.json().challenge;
        for (let i = 0; i < 5; i += 1) {
          const res = await step('/api/security-login/mfa/', { challenge, code: '12345' + i });
          expect(res.statusCode).toBe(401);
          expect(res.json().code).toBe(CODES.INVALID_CODE);
        }
        const late = await step('/api/security-login/mfa/', {
          challenge,
          code: totp(reviewer.secret, 1),
        });
        expect(late.json()).toEqual({
          detail: 'This login has expired: start again',
          code: CODES.LOGIN_EXPIRED,
        });
      });
    });

    describe('a password-only session from STAFF_MFA=optional', () => {
      it('given the rule is required now (a restart, another process), then it is refused', async () => {
        const plain = await app.staff.create({ username: 'plain', password: PASSWORD });
        // Opened as a process with STAFF_MFA=optional opens it: after the password alone.
        const optional = new Sessions(
          app.db,
          new TokenService(new TextEncoder().encode(AUTH_SECRET)),
          {
            mfaRequired: false,
          },
        );
        const { access } = await optional.open(plain, {
          ip: '10.0.0.9',
          userAgent: 'test',
          partnerOrigin: null,
        });
        expect(
          (
            await call({
              method: 'GET',
              url: '/api/security-session/',
              headers: { authorization: `Bearer ${access}` },
            })
          ).statusCode,
        ).toBe(401);
        expect(
          (await as(access, { method: 'GET', url: '/api/spartan_join/applications/' })).statusCode,
        ).toBe(401);
        // Accounts with a second factor keep theirs.
        expect(
          (await as(reviewer.token, { method: 'GET', url: '/api/security-session/' })).statusCode,
        ).toBe(200);
        await app.staff.remove('plain');
      });
    });

    describe('usernames and hostile input', () => {
      it('given Ada typed as " ADA " or in full-width letters, then it is the same account', async () => {
        for (const typed of [' ADA ', 'Ａｄａ']) {
          const res = await login(typed, PASSWORD);
          expect(res.statusCode, typed).toBe(200);
          expect(res.json().mfa_required).toBe(true);
        }
      });

      it('given a NUL or other control character in the username, then 400, never 500', async () => {
        for (const username of ['bob\u0000', 'b\u0007ob', '\u0000']) {
          const res = await login(username, 'some password here');
          expect(res.statusCode, JSON.stringify(username)).toBe(400);
          expect(res.json().code).toBe(CODES.INVALID_FORM);
          expect(res.json().errors.username).toBeDefined();
          expect(res.body).not.toMatch(/stack|at .*\.ts/);
        }
      });

      it("given a display name the staff screens refuse, then the CLI's way in refuses it too", async () => {
        // The service the CLI calls: a tab or a line break would split `list`'s columns, a bidi
        // override would show another name in the staff list.
        const names = ['Dave\tX', 'Dave\nX', 'Evil\u202eTxet', 'A\u200bda', 'x'.repeat(151)];
        for (const name of names) {
          await expect(
            app.staff.create({ username: 'named-badly', password: PASSWORD, name }),
            JSON.stringify(name),
          ).rejects.toMatchObject({ name: 'StaffAccountError', field: 'name' });
          await expect(app.staff.rename(reviewer.id, name), JSON.stringify(name)).rejects.toThrow();
        }
        expect(await app.staff.idOf('named-badly').catch(() => null)).toBeNull();
        const made = await app.staff.create({
          username: 'named-well',
          password: PASSWORD,
          name: '  José Ñúñez  ',
        });
        expect(made.name).toBe('José Ñúñez');
        await app.staff.remove('named-well');
      });
    });

    describe('throttling', () => {
      it('given a flood of wrong passwords for bob from many addresses, then bob still logs in from his own', async () => {
        await app.staff.create({ username: 'bob', password: PASSWORD });
        const attackers = Array.from({ length: 4 }, () => freshIp());
        for (const ip of attackers) {
          for (let i = 0; i < 3; i += 1) {
            const res = await login(i % 2 ? 'BOB' : ' bob ', `wrong guess ${i} for bob`, ip);
            expect(res.statusCode).toBe(401);
            expect(res.json().code).toBe(CODES.INVALID_CREDENTIALS);
          }
          const locked = await login('bob', PASSWORD, ip);
          expect(locked.statusCode).toBe(429);
          expect(locked.json().code).toBe(CODES.RATE_LIMITED);
        }
        const home = await login('bob', PASSWORD, freshIp());
        expect(home.statusCode).toBe(200);
        expect(home.json().mfa_setup_required).toBe(true);
        const locked = await app.auditLog.query({ event: 'login.locked' }, 1, 100);
        expect(locked.rows.filter((r) => r.actor === 'bob').length).toBe(attackers.length);
      });

      it('given many attempts from one address, then 429 with Retry-After, whatever the bodies', async () => {
        const ip = freshIp();
        const codes: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const res = await call({ method: 'POST', url: '/api/security-login/', payload: {}, ip });
          codes.push(res.statusCode);
          if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
        expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
      });
    });

    describe('passwords', () => {
      it('given weak, common or control-character passwords, then each is refused with a reason', async () => {
        for (const password of [...WEAK, 'a\u0000long enough password', 'short']) {
          const res = await as(admin.token, {
            method: 'POST',
            url: '/api/staff/users/',
            payload: {
              username: `weak-${crypto.randomUUID().slice(0, 8)}`,
              role: 'reviewer',
              setup: 'password',
              password,
            },
          });
          expect(res.statusCode, JSON.stringify(password)).toBe(400);
          expect(res.json().code).toBe(CODES.INVALID_FORM);
          expect(res.json().errors.password).toMatch(/at least 12|too common|control/);
        }
      });

      it('given the current password, then staff change their own; other sessions end, this one stays', async () => {
        const own = await enrolled('reviewer', 'changer');
        const other = await fullLogin(own);
        const wrong = await as(own.token, {
          method: 'POST',
          url: '/api/security-password/',
          payload: {
            current_password: 'not my password at all',
            new_password: 'a fresh and sturdy passphrase',
          },
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().code).toBe(CODES.INVALID_FORM);
        expect(wrong.json().errors).toEqual({ current_password: 'The current password is wrong' });
        const weak = await as(own.token, {
          method: 'POST',
          url: '/api/security-password/',
          payload: { current_password: PASSWORD, new_password: 'Password1234' },
        });
        expect(weak.json().errors.new_password).toMatch(/too common/);
        const ok = await as(own.token, {
          method: 'POST',
          url: '/api/security-password/',
          payload: { current_password: PASSWORD, new_password: 'a fresh and sturdy passphrase' },
        });
        expect(ok.json()).toEqual({ detail: 'Password changed', sessions_ended: 1 });
        const list = '/api/spartan_join/applications/';
        expect((await as(other, { method: 'GET', url: list })).statusCode).toBe(401);
        expect((await as(own.token, { method: 'GET', url: list })).statusCode).toBe(200);
        expect((await login('changer', PASSWORD)).statusCode).toBe(401);
        expect((await login('changer', 'a fresh and sturdy passphrase')).statusCode).toBe(200);
      });

      it('given an account with an old scrypt hash, then it logs in and is re-hashed with argon2id', async () => {
        const salt = crypto.randomBytes(16);
        const key = crypto.scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
        const hash = ['scrypt', 14, 8, 1, salt.toString('base64'), key.toString('base64')].join(
          '$',
        );
        const id = crypto.randomUUID();
        await app.db.execute(
          sql`INSERT INTO staff_users (id, username, name, role, password_hash) VALUES (${id}, 'legacy', '', 'reviewer', ${hash})`,
        );
        expect((await login('legacy', 'the wrong password')).statusCode).toBe(401);
        expect((await app.staff.findById(id))?.passwordHash).toBe(hash);
        const res = await login('legacy', PASSWORD);
        expect(res.statusCode).toBe(200);
        const rehashed = (await app.staff.findById(id))?.passwordHash ?? '';
        expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
        const [, m, t] = /m=(\d+),t=(\d+)/.exec(rehashed) ?? [];
        expect(Number(m)).toBeGreaterThanOrEqual(19_456);
        expect(Number(t)).toBeGreaterThanOrEqual(2);
        expect((await login('legacy', PASSWORD)).statusCode).toBe(200);
      });
    });

    describe('sessions', () => {
      it('given a login on a partner page (its login widget), then the token says who is logged in and logs out there, and every staff call refuses it, sent from anywhere', async () => {
        // A partner the server lists (CORS_ORIGINS; its default outside production).
        const partner = { origin: 'http://127.0.0.1:5174' };
        await app.db.execute(
          sql`UPDATE staff_users SET totp_last_step = NULL WHERE id = ${admin.id}`,
        );
        const first = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: admin.username, password: admin.password },
          headers: partner,
        });
        const done = await call({
          method: 'POST',
          url: '/api/security-login/mfa/',
          payload: { challenge: first.json().challenge, code: totp(admin.secret) },
          headers: partner,
        });
        expect(done.statusCode).toBe(200);
        const token = done.json().access as string;
        const who = await as(token, {
          method: 'GET',
          url: '/api/security-session/',
          headers: partner,
        });
        expect(who.statusCode).toBe(200);
        expect(who.json().user).toMatchObject({ username: admin.username, role: 'admin' });
        // Staff calls, of any role, with or without the page's Origin (a script sending it on).
        for (const headers of [{}, partner]) {
          for (const [method, url] of [
            ['GET', '/api/spartan_join/applications/'],
            ['GET', '/api/staff/applications/spartan/latest/'],
            ['GET', '/api/staff/users/'],
            ['POST', '/api/security-session/extend/'],
          ] as const) {
            const res = await as(token, { method, url, headers });
            expect(res.statusCode, `${method} ${url}`).toBe(403);
            expect(res.json().code).toBe(CODES.FORBIDDEN_ORIGIN);
          }
        }
        // The same account logged in on our own pages makes them.
        const own = await fullLogin(admin);
        expect(
          (await as(own, { method: 'GET', url: '/api/spartan_join/applications/' })).statusCode,
        ).toBe(200);
        const out = await as(token, {
          method: 'POST',
          url: '/api/security-logout/',
          headers: partner,
        });
        expect(out.statusCode).toBe(200);
        const after = await as(token, { method: 'GET', url: '/api/security-session/' });
        expect(after.statusCode).toBe(401);
      });

      it('given two logins, then both are listed, one can end the other, and "everywhere" ends all', async () => {
        const me = await enrolled('reviewer', 'sessions-user');
        const second = await fullLogin(me);
        const mine = await as(me.token, { method: 'GET', url: '/api/security-sessions/' });
        const sessions = mine.json().data as Array<{ id: string; current: boolean }>;
        expect(sessions).toHaveLength(2);
        expect(sessions.filter((s) => s.current)).toHaveLength(1);
        const otherId = sessions.find((s) => !s.current)!.id;
        const notMine = await as(admin.token, {
          method: 'DELETE',
          url: `/api/security-sessions/${otherId}/`,
        });
        expect(notMine.statusCode).toBe(404);
        expect(notMine.json().code).toBe(CODES.NOT_FOUND);
        const end = await as(me.token, {
          method: 'DELETE',
          url: `/api/security-sessions/${otherId}/`,
        });
        expect(end.json()).toEqual({ id: otherId });
        expect(
          (await as(second, { method: 'GET', url: '/api/security-session/' })).statusCode,
        ).toBe(401);
        const third = await fullLogin(me);
        const all = await as(me.token, { method: 'POST', url: '/api/security-logout-all/' });
        expect(all.json()).toEqual({ detail: 'Logged out everywhere', sessions_ended: 2 });
        for (const token of [me.token, third]) {
          expect(
            (await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode,
          ).toBe(401);
        }
      });

      it('given extend, then a new token works, the old one stops, and the end dates are reported', async () => {
        const token = await fullLogin(admin);
        const info = await as(token, { method: 'GET', url: '/api/security-session/' });
        expect(info.statusCode).toBe(200);
        const { session } = info.json();
        const created = Date.parse(session.created_at);
        expect(Date.parse(session.expires_at) - created).toBe(60 * 60 * 1000);
        expect(Date.parse(session.idle_expires_at)).toBeLessThanOrEqual(
          Date.parse(session.last_seen_at) + 30 * 60 * 1000,
        );
        expect(Date.parse(session.absolute_expires_at) - created).toBe(12 * 60 * 60 * 1000);
        expect(info.json()).toMatchObject({
          user: { username: 'ada', role: 'admin' },
          mfa_enrolled: true,
        });
        const extended = await as(token, { method: 'POST', url: '/api/security-session/extend/' });
        expect(extended.statusCode).toBe(200);
        const fresh = extended.json().access as string;
        expect(fresh).not.toBe(token);
        expect(extended.json().session.id).toBe(session.id);
        expect((await as(fresh, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          200,
        );
        expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          401,
        );
      });

      it('given calls the staff area made by itself (the Spartan-Background header), then they are not activity; the same calls asked for are', async () => {
        const token = await fullLogin(admin);
        const session = async () =>
          (await as(token, { method: 'GET', url: '/api/security-session/' })).json().session as {
            id: string;
            idle_expires_at: string;
          };
        const { id } = await session();
        // Ten idle minutes: past the interval the server records activity at.
        await app.db.execute(
          sql`UPDATE staff_sessions SET last_seen_at = now() - interval '10 minutes' WHERE id = ${id}`,
        );
        const before = (await session()).idle_expires_at;
        const root = deskRoot('spartan');
        const list = APPLICATION_PATHS.spartan.list;
        for (const url of [list, `${root}/origins/`, `${root}/latest/`]) {
          const res = await as(token, {
            method: 'GET',
            url,
            headers: { [BACKGROUND_HEADER]: '1' },
          });
          expect(res.statusCode, url).toBe(200);
        }
        expect((await session()).idle_expires_at).toBe(before);
        expect((await as(token, { method: 'GET', url: list })).statusCode).toBe(200);
        const after = (await session()).idle_expires_at;
        expect(Date.parse(after) - Date.parse(before)).toBeGreaterThan(9 * 60_000);
      });

      it('given 30 minutes without a call, or the absolute limit passed, then the session has ended', async () => {
        const idle = await fullLogin(admin);
        const sid = (await as(idle, { method: 'GET', url: '/api/security-session/' })).json()
          .session.id;
        await app.db.execute(
          sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = ${sid}`,
        );
        expect((await as(idle, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          401,
        );
        expect(
          (await as(idle, { method: 'POST', url: '/api/security-session/extend/' })).statusCode,
        ).toBe(401);
        const old = await fullLogin(admin);
        const oldSid = (await as(old, { method: 'GET', url: '/api/security-session/' })).json()
          .session.id;
        await app.db.execute(
          sql`UPDATE staff_sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = ${oldSid}`,
        );
        expect(
          (await as(old, { method: 'GET', url: '/api/spartan_join/applications/' })).statusCode,
        ).toBe(401);
      });
    });

    describe('staff management', () => {
      it('given an account made with a setup link, then the link sets the password once, then TOTP follows', async () => {
        const made = await as(admin.token, {
          method: 'POST',
          url: '/api/staff/users/',
          payload: { username: ' Linda ', name: 'Linda Link', role: 'reviewer', setup: 'link' },
        });
        expect(made.statusCode).toBe(201);
        const { data, setup_url } = made.json();
        expect(data).toMatchObject({
          username: 'linda',
          role: 'reviewer',
          setup_pending: true,
          mfa_enrolled: false,
        });
        expect(setup_url).toMatch(/^http:\/\/[^/]+\/security-setup#[A-Za-z0-9_-]{43}$/);
        const token = setup_url.split('#')[1];
        expect((await login('linda', '')).statusCode).toBe(400);
        const peek = await step('/api/security-setup/', { token });
        expect(peek.json()).toMatchObject({ username: 'linda', name: 'Linda Link' });
        const weak = await step('/api/security-setup/complete/', {
          token,
          new_password: 'passwordpassword',
        });
        expect(weak.json().errors.new_password).toMatch(/too common/);
        const done = await step('/api/security-setup/complete/', {
          token,
          new_password: 'my own long phrase here',
        });
        expect(done.json()).toMatchObject({ mfa_setup_required: true });
        const reused = await step('/api/security-setup/', { token });
        expect(reused.statusCode).toBe(404);
        expect(reused.json()).toEqual({
          detail: 'This setup link is not valid or has expired',
          code: CODES.SETUP_LINK,
        });
        expect((await login('linda', 'my own long phrase here')).json().mfa_setup_required).toBe(
          true,
        );
      });

      it('given an initial password, then it must be changed at first login before anything else', async () => {
        const made = await as(admin.token, {
          method: 'POST',
          url: '/api/staff/users/',
          payload: {
            username: 'ivan',
            role: 'reviewer',
            setup: 'password',
            password: 'initial words chosen for him',
          },
        });
        expect(made.json().data.password_change_required).toBe(true);
        const first = await login('ivan', 'initial words chosen for him');
        expect(first.json()).toMatchObject({ password_change_required: true });
        const same = await step('/api/security-login/password/', {
          challenge: first.json().challenge,
          new_password: 'Password1234',
        });
        expect(same.statusCode).toBe(400);
        expect(same.json().code).toBe(CODES.INVALID_FORM);
        const changed = await step('/api/security-login/password/', {
          challenge: first.json().challenge,
          new_password: 'he now has his own phrase',
        });
        expect(changed.json()).toMatchObject({ mfa_setup_required: true });
        expect((await login('ivan', 'initial words chosen for him')).statusCode).toBe(401);
      });

      it('given role changes, resets and removal, then each takes effect and the last admin stays', async () => {
        const target = await enrolled('reviewer', 'mover');
        const promote = await as(admin.token, {
          method: 'PATCH',
          url: `/api/staff/users/${target.id}/`,
          payload: { role: 'admin', name: 'Mo Ver' },
        });
        expect(promote.json().data).toMatchObject({
          role: 'admin',
          name: 'Mo Ver',
          active_sessions: 0,
        });
        // The role change ended its sessions.
        expect(
          (await as(target.token, { method: 'GET', url: '/api/security-session/' })).statusCode,
        ).toBe(401);
        const token = await fullLogin(target);
        // The role it has already: nothing changes, its session stays (the CLI says so).
        expect(await app.staff.setRole(target.id, 'admin')).toBe(false);
        expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          200,
        );
        const sessions = await as(admin.token, {
          method: 'GET',
          url: `/api/staff/users/${target.id}/sessions/`,
        });
        expect(sessions.json().data).toHaveLength(1);
        // The account list counts the same live sessions.
        const activeSessions = async () =>
          (await as(admin.token, { method: 'GET', url: '/api/staff/users/' }))
            .json<{ data: Array<{ id: string; active_sessions: number }> }>()
            .data.find((u) => u.id === target.id)?.active_sessions;
        expect(await activeSessions()).toBe(1);
        const ended = await as(admin.token, {
          method: 'DELETE',
          url: `/api/staff/users/${target.id}/sessions/`,
        });
        expect(ended.json()).toEqual({ sessions_ended: 1 });
        expect(await activeSessions()).toBe(0);
        expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          401,
        );
        const reset = await as(admin.token, {
          method: 'POST',
          url: `/api/staff/users/${target.id}/reset-mfa/`,
        });
        expect(reset.json().data.mfa_enrolled).toBe(false);
        // The set-up goes through the link the reset answered (tests/api/staff/security-findings-suite.ts).
        expect((await login('mover', PASSWORD)).statusCode).toBe(403);
        const link = await as(admin.token, {
          method: 'POST',
          url: `/api/staff/users/${target.id}/reset-password/`,
        });
        expect(link.json().setup_url).toMatch(/#/);
        expect((await login('mover', PASSWORD)).statusCode).toBe(401);
        // A reset of one's own password would end one's session before its link could be seen.
        const selfReset = await as(admin.token, {
          method: 'POST',
          url: `/api/staff/users/${admin.id}/reset-password/`,
        });
        expect(selfReset.statusCode).toBe(409);
        expect(selfReset.json()).toEqual({
          detail:
            'You cannot reset your own password: change it under My account, with your current one',
          code: CODES.CONFLICT,
        });
        expect(
          (await as(admin.token, { method: 'GET', url: '/api/staff/users/' })).statusCode,
        ).toBe(200);
        const self = await as(admin.token, {
          method: 'DELETE',
          url: `/api/staff/users/${admin.id}/`,
        });
        expect(self.statusCode).toBe(409);
        expect(self.json()).toEqual({
          detail: 'You cannot remove your own account',
          code: CODES.CONFLICT,
        });
        const removed = await as(admin.token, {
          method: 'DELETE',
          url: `/api/staff/users/${target.id}/`,
        });
        expect(removed.json()).toEqual({ id: target.id });
        const lastAdmin = await as(admin.token, {
          method: 'PATCH',
          url: `/api/staff/users/${admin.id}/`,
          payload: { role: 'reviewer' },
        });
        expect(lastAdmin.statusCode).toBe(409);
        expect(lastAdmin.json()).toEqual({
          detail: 'There must be at least one admin',
          code: CODES.CONFLICT,
        });
        const duplicate = await as(admin.token, {
          method: 'POST',
          url: '/api/staff/users/',
          payload: { username: 'REX', role: 'reviewer', setup: 'link' },
        });
        expect(duplicate.statusCode).toBe(409);
        expect(duplicate.json()).toEqual({
          detail: 'A staff account named rex already exists',
          code: CODES.CONFLICT,
        });
        const listed = await as(admin.token, { method: 'GET', url: '/api/staff/users/' });
        const names = (listed.json().data as Array<{ username: string }>).map((u) => u.username);
        expect(names).toContain('rex');
        expect(names).not.toContain('mover');
      });
    });

    describe('audit trail', () => {
      it('given staff work on applications, then list, search, view, download and delete are recorded without applicant data', async () => {
        const applied = await call({
          method: 'POST',
          url: '/api/spartan_join/apply-spartan/',
          headers: { 'content-type': MULTIPART_TYPE },
          payload: multipartBody(spartanFields({ fullname: 'Audited Applicant' }), [
            { filename: 'cv.pdf', contentType: 'application/pdf', data: pdf() },
          ]),
        });
        const id = applied.json().application_id as string;
        const calls: Array<[NonNullable<InjectOptions['method']>, string]> = [
          ['GET', '/api/spartan_join/applications/'],
          ['GET', '/api/spartan_join/applications/?q=Audited'],
          ['GET', `/api/spartan_join/application/${id}/`],
          ['GET', `/api/spartan_join/application/${id}/resume/`],
          ['DELETE', `/api/application/${id}/delete/`],
        ];
        for (const [method, url] of calls) {
          expect((await as(admin.token, { method, url })).statusCode, url).toBe(200);
        }
        const trail = await as(admin.token, {
          method: 'GET',
          url: `/api/staff/audit/?target=${id}`,
        });
        const events = (trail.json().data as Array<{ event: string }>).map((e) => e.event);
        expect(events).toEqual([
          'application.delete',
          'application.resume_download',
          'application.view',
          // The first open moved it from new to in review.
          'application.status',
        ]);
        const search = await as(admin.token, {
          method: 'GET',
          url: '/api/staff/audit/?event=application.search&actor=ADA&page_size=1',
        });
        expect(search.json().data[0]).toMatchObject({
          event: 'application.search',
          actor: 'ada',
          actor_id: admin.id,
          ip: expect.stringMatching(/^10\./),
          detail: { kind: 'spartan_applications', page: 1 },
        });
        const dump = JSON.stringify(await rows(sql`SELECT * FROM staff_audit`));
        expect(dump).not.toContain('Audited');
        expect(dump).not.toContain('leonidas@example.com');
        expect(dump).not.toContain(PASSWORD);
      });

      it('given filters, then only matching entries; bad filters 400; reviewers 403', async () => {
        await login('ada', 'a wrong password, audited');
        const failures = await as(admin.token, {
          method: 'GET',
          url: `/api/staff/audit/?event=login.&from=${new Date().toISOString().slice(0, 10)}`,
        });
        const body = failures.json();
        expect(body.total).toBeGreaterThan(0);
        expect(body.data.every((e: { event: string }) => e.event.startsWith('login.'))).toBe(true);
        expect(
          body.data.some(
            (e: { event: string; actor: string }) =>
              e.event === 'login.failure' && e.actor === 'ada',
          ),
        ).toBe(true);
        const none = await as(admin.token, {
          method: 'GET',
          url: '/api/staff/audit/?to=2000-01-01',
        });
        expect(none.json()).toMatchObject({ data: [], total: 0 });
        const bad = await as(admin.token, {
          method: 'GET',
          url: '/api/staff/audit/?from=yesterday&page_size=500&event=DROP%20TABLE',
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe(CODES.INVALID_FORM);
        expect(Object.keys(bad.json().errors).sort()).toEqual(['event', 'from', 'page_size']);
        expect(
          (await as(reviewer.token, { method: 'GET', url: '/api/staff/audit/' })).statusCode,
        ).toBe(403);
      });

      it('given the table, then updates and deletes are refused; only retention removes old entries', async () => {
        await expect(
          app.db.execute(sql`UPDATE staff_audit SET actor = 'mallory'`),
        ).rejects.toThrow();
        await expect(app.db.execute(sql`DELETE FROM staff_audit`)).rejects.toThrow();
        await expect(app.db.execute(sql`TRUNCATE staff_audit`)).rejects.toThrow();
        await app.db.execute(
          sql`INSERT INTO staff_audit (at, event) VALUES (now() - interval '400 days', 'test.ancient')`,
        );
        const before = await app.auditLog.query({}, 1, 1);
        expect(await app.auditLog.purge(365)).toBe(1);
        const after = await app.auditLog.query({}, 1, 1);
        expect(after.total).toBe(before.total - 1);
        expect((await app.auditLog.query({ event: 'test.ancient' }, 1, 1)).total).toBe(0);
      });
    });

    describe('roles on every staff call', () => {
      const some = crypto.randomUUID();
      /** Every staff call; `admin` true where reviewers get 403. */
      const calls: Array<{
        method: NonNullable<InjectOptions['method']>;
        url: string;
        admin: boolean;
        payload?: object;
        fresh?: boolean;
      }> = [
        { method: 'GET', url: '/api/spartan_join/applications/', admin: false },
        { method: 'GET', url: `/api/spartan_join/application/${some}/`, admin: false },
        { method: 'GET', url: `/api/spartan_join/application/${some}/resume/`, admin: false },
        { method: 'POST', url: `/api/spartan_join/application/${some}/resume/view/`, admin: false },
        { method: 'DELETE', url: `/api/application/${some}/delete/`, admin: true },
        { method: 'GET', url: '/api/investors/get_investor_applications/', admin: false },
        {
          method: 'GET',
          url: `/api/investors/get_investor_application_detail/${some}/`,
          admin: false,
        },
        {
          method: 'DELETE',
          url: `/api/investors/delete_investor_application/${some}/`,
          admin: true,
        },
        { method: 'GET', url: '/api/security-session/', admin: false },
        { method: 'GET', url: '/api/security-sessions/', admin: false },
        { method: 'DELETE', url: `/api/security-sessions/${some}/`, admin: false },
        { method: 'POST', url: '/api/security-password/', admin: false, payload: {} },
        { method: 'POST', url: '/api/security-mfa/recovery-codes/', admin: false, payload: {} },
        { method: 'GET', url: '/api/staff/users/', admin: true },
        { method: 'POST', url: '/api/staff/users/', admin: true, payload: {} },
        { method: 'PATCH', url: `/api/staff/users/${some}/`, admin: true, payload: {} },
        { method: 'DELETE', url: `/api/staff/users/${some}/`, admin: true },
        { method: 'POST', url: `/api/staff/users/${some}/reset-mfa/`, admin: true },
        { method: 'POST', url: `/api/staff/users/${some}/reset-password/`, admin: true },
        { method: 'GET', url: `/api/staff/users/${some}/sessions/`, admin: true },
        { method: 'DELETE', url: `/api/staff/users/${some}/sessions/`, admin: true },
        { method: 'DELETE', url: `/api/staff/users/${some}/sessions/${some}/`, admin: true },
        { method: 'GET', url: '/api/staff/audit/', admin: true },
        ...(['spartan', 'investor'] as const).flatMap((kind) => [
          {
            method: 'PUT' as const,
            url: `/api/staff/applications/${kind}/${some}/status/`,
            admin: false,
            payload: {},
          },
          {
            method: 'GET' as const,
            url: `/api/staff/applications/${kind}/${some}/activity/`,
            admin: false,
          },
          {
            method: 'POST' as const,
            url: `/api/staff/applications/${kind}/${some}/notes/`,
            admin: false,
            payload: {},
          },
          {
            method: 'GET' as const,
            url: `/api/staff/applications/${kind}/export.csv`,
            admin: false,
          },
          { method: 'GET' as const, url: `/api/staff/applications/${kind}/latest/`, admin: false },
          { method: 'GET' as const, url: `/api/staff/applications/${kind}/origins/`, admin: false },
          {
            method: 'PUT' as const,
            url: `/api/staff/applications/${kind}/${some}/assignee/`,
            admin: false,
            payload: {},
          },
          {
            method: 'POST' as const,
            url: `/api/staff/applications/${kind}/bulk/`,
            admin: false,
            payload: {},
          },
          { method: 'GET' as const, url: `/api/staff/overview/${kind}/`, admin: false },
        ]),
        { method: 'GET', url: '/api/staff/assignees/', admin: false },
        { method: 'GET', url: '/api/staff/applications/spartan/resumes.zip', admin: false },
        { method: 'GET', url: '/api/staff/notifications/', admin: false },
        { method: 'PUT', url: '/api/staff/notifications/', admin: false, payload: {} },
        { method: 'POST', url: '/api/staff/erase/', admin: true, payload: {} },
        // These end or replace the token they are called with: each gets a login of its own.
        { method: 'POST', url: '/api/security-session/extend/', admin: false, fresh: true },
        { method: 'POST', url: '/api/security-logout-all/', admin: false, fresh: true },
        { method: 'POST', url: '/api/security-logout/', admin: false, fresh: true },
      ];
      const publicCalls = new Set([
        'POST /api/security-login/',
        'POST /api/security-login/mfa/',
        'POST /api/security-login/mfa-setup/',
        'POST /api/security-login/password/',
        'POST /api/security-setup/',
        'POST /api/security-setup/complete/',
        'POST /api/security-setup/mfa/',
        'POST /api/spartan_join/apply-spartan/',
        'POST /api/investors/join_investor/',
        'GET /api/health',
        // A frame's own request: a ticket from the POST above, not a bearer token, opens it
        // (tests/api/team-desk-suite.ts, "résumé read in place").
        'GET /api/spartan_join/application/:id/resume/view/',
      ]);

      it('given the route table, then every staff call of the app is in this test', () => {
        // printRoutes draws a tree: rebuild each full path from its indentation.
        const routes: string[] = [];
        const stack: string[] = [];
        for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
          const m = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
          if (!m) continue;
          const depth = m[1]!.length / 4;
          const full = (depth > 0 ? stack[depth - 1] : '') + m[2]!;
          stack[depth] = full;
          for (const verb of m[3]!.split(', ')) {
            if (verb !== 'HEAD' && full.startsWith('/api/')) routes.push(`${verb} ${full}`);
          }
        }
        expect(routes.length).toBeGreaterThan(20);
        const pattern = (url: string) =>
          url.replace(/[0-9a-f-]{36}/g, ':id').replace(/:id\/sessions\/:id/, ':id/sessions/:sid');
        const covered = new Set(calls.map((c) => `${c.method} ${pattern(c.url)}`));
        const missing = routes.filter((r) => !covered.has(r) && !publicCalls.has(r));
        expect(missing, 'add these calls to the role table in tests/api/staff-suite.ts').toEqual(
          [],
        );
      });

      for (const role of ['none', 'reviewer', 'admin'] as const) {
        it(`given ${role === 'none' ? 'no token' : `a ${role}`}, then each staff call answers accordingly`, async () => {
          // An account of its own, removed after: logging out everywhere below ends every
          // session of the account, and the suite's shared admin and reviewer keep theirs (and
          // the shared admin stays the only one, as the last-admin check expects).
          const account = role === 'none' ? null : await enrolled(role, `roles-${role}`);
          if (account) onTestFinished(() => app.staff.removeById(account.id));
          const shared = account ? await fullLogin(account) : null;
          for (const c of calls) {
            const token = account && c.fresh ? await fullLogin(account) : shared;
            const res = await call({
              method: c.method,
              url: c.url,
              ...(c.payload ? { payload: c.payload } : {}),
              ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
            });
            const where = `${role} ${c.method} ${c.url}`;
            if (!token) {
              expect(res.statusCode, where).toBe(401);
              expect(res.json().code, where).toBe(CODES.NOT_AUTHENTICATED);
            } else if (c.admin && role === 'reviewer') {
              expect(res.statusCode, where).toBe(403);
              expect(res.json(), where).toEqual({
                detail: 'Your role does not allow this',
                code: CODES.FORBIDDEN_ROLE,
              });
            } else expect([200, 400, 404], where).toContain(res.statusCode);
          }
        });
      }
    });

    // On PGlite the command goes through the server's admin socket: tests/api/staff-cli.test.ts.
    if (options.postgres) {
      it('given two app processes on one PostgreSQL, then they share the failure counters', async () => {
        const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-staff-b-'));
        const other = await build({
          databaseUrl,
          dataDir: otherDir,
          distDir,
          logger: false,
          authSecret: AUTH_SECRET,
          rateLimits: {
            submit: { max: 50, windowSeconds: 600 },
            login: { max: 50, windowSeconds: 900 },
            loginFailuresPerUser: { max: 3, windowSeconds: 900 },
            loginFailureDelayMaxMs: 20,
          },
        });
        try {
          await app.staff.create({ username: 'shared', password: PASSWORD });
          const ip = freshIp();
          const payload = { username: 'shared', password: 'wrong, and wrong again' };
          const on = (server: FastifyInstance) =>
            server.inject({
              method: 'POST',
              url: '/api/security-login/',
              payload,
              remoteAddress: ip,
            });
          expect((await on(app)).statusCode).toBe(401);
          expect((await on(other)).statusCode).toBe(401);
          expect((await on(app)).statusCode).toBe(401);
          // The third failure, counted by two processes, locked this pair on both.
          expect((await on(other)).statusCode).toBe(429);
        } finally {
          await other.close();
          fs.rmSync(otherDir, { recursive: true, force: true });
        }
      });

      it('given an empty PostgreSQL database, then the first account the CLI adds is an admin whatever --role says; the next is a reviewer', async () => {
        const empty = await target.database();
        const env = {
          DATABASE_URL: empty.databaseUrl ?? '',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-pg-first-')),
          AUTH_SECRET,
        };
        const cli = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
        const first = await cli(['add', 'founder', '--role', 'reviewer'], 'a sturdy passphrase\n');
        expect(first.stderr).toBe('');
        // Said with the database it was carried out on (its host and name, never its password).
        expect(first.stdout).toMatch(
          /Created staff account founder\b.*role admin \(PostgreSQL [^@)]+\/spartan[^@)]*\)\.\n$/,
        );
        const second = await cli(['add', 'second'], 'another sturdy phrase\n');
        expect(second.stdout).toMatch(
          /Created staff account second\b.*role reviewer \(PostgreSQL /,
        );
        expect((await cli(['list'])).stdout).toMatch(/^founder\t.*\tadmin\t/m);
        fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      });

      it('given PostgreSQL, then the CLI adds, lists, changes and removes accounts beside the running app', async () => {
        const env = {
          DATABASE_URL: databaseUrl ?? '',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-pg-')),
          AUTH_SECRET,
        };
        const cli = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
        const add = await cli(
          ['add', 'pg-cli', '--name', 'Pat Gee', '--role', 'reviewer'],
          'a sturdy passphrase\n',
        );
        expect(add.stderr).toBe('');
        expect(add.stdout).toMatch(/Created staff account pg-cli \(Pat Gee\), role reviewer/);
        expect((await login('pg-cli', 'a sturdy passphrase')).json().mfa_setup_required).toBe(true);
        expect((await cli(['set-role', 'pg-cli', 'admin'])).code).toBe(0);
        expect((await cli(['list'])).stdout).toMatch(/^pg-cli\tPat Gee\tadmin\t/m);
        expect((await cli(['reset-password', 'PG-CLI'], 'another sturdy passphrase\n')).code).toBe(
          0,
        );
        expect((await login('pg-cli', 'another sturdy passphrase')).statusCode).toBe(200);
        expect((await cli(['remove', 'pg-cli'])).code).toBe(0);
        expect((await login('pg-cli', 'another sturdy passphrase')).statusCode).toBe(401);
        fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      });
    }

    it('keeps investor applications readable by reviewers', async () => {
      const made = await call({
        method: 'POST',
        url: '/api/investors/join_investor/',
        payload: investorPayload(),
      });
      const id = made.json().investor_id as string;
      const token = await fullLogin(reviewer);
      const read = await as(token, {
        method: 'GET',
        url: `/api/investors/get_investor_application_detail/${id}/`,
      });
      expect(read.statusCode).toBe(200);
      const gone = await as(token, {
        method: 'DELETE',
        url: `/api/investors/delete_investor_application/${id}/`,
      });
      expect(gone.statusCode).toBe(403);
      expect(gone.json().code).toBe(CODES.FORBIDDEN_ROLE);
      const adminToken = await fullLogin(admin);
      const asAdmin = await as(adminToken, {
        method: 'GET',
        url: `/api/investors/get_investor_application_detail/${id}/`,
      });
      expect(asAdmin.statusCode).toBe(200);
    });

    /**
     * A challenge, a setup link and a forced password change are each good for one completed
     * step, and wrong codes or passwords count against their limits however many arrive at once.
     */
    describe('calls sent at once', () => {
      let base = '';
      beforeAll(async () => {
        await app.listen({ host: '127.0.0.1', port: 0 });
        base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      });

      /** A POST over HTTP, from `ip` (a fresh address unless given). */
      const post = async (
        url: string,
        payload: object,
        opts: { token?: string; ip?: string } = {},
      ) => {
        const res = await fetchFresh(`${base}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': opts.ip ?? freshIp(),
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify(payload),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const atOnce = (n: number, send: (i: number) => Promise<Answer>) =>
        Promise.all(Array.from({ length: n }, (_, i) => send(i)));
      const counted = async (query: SQL) => Number((await rows(query))[0]?.n);
      const audited = (event: string, id: string) =>
        counted(sql`SELECT count(*) AS n FROM staff_audit
                    WHERE event = ${event} AND target_id = ${id}`);
      const challengeOf = async (username: string, password = PASSWORD) => {
        const first = await post(LOGIN_PATH, { username, password });
        expect(first.status).toBe(200);
        return String(first.body.challenge);
      };
      /** An account with TOTP and recovery codes (as an operator's script makes one). */
      const withTotp = async (username: string) => {
        const { id } = await app.staff.create({ username, password: PASSWORD });
        return { id, ...(await app.staff.enrolNewTotp(username)) };
      };
      const sessionOf = async (username: string, secret: string) => {
        const challenge = await challengeOf(username);
        const done = await post(LOGIN_MFA_PATH, { challenge, code: totp(secret) });
        return String(done.body.access);
      };

      it('given one challenge and two right codes at once, then one login; the other is told the login expired', async () => {
        const { id, secret, recoveryCodes } = await withTotp('twin');
        const [a, b, c] = recoveryCodes;
        const challenge = await challengeOf('twin');
        const answers = await atOnce(2, (i) =>
          post(LOGIN_MFA_PATH, { challenge, code: i === 0 ? a : b }),
        );
        expect(answers.map((x) => x.status).sort()).toEqual([200, 401]);
        expect(answers.find((x) => x.status === 401)?.body).toEqual(EXPIRED);
        // Only the code that logged in is spent.
        expect(answers.find((x) => x.status === 200)?.body.recovery_codes_left).toBe(9);
        expect(await audited('mfa.recovery_used', id)).toBe(1);
        const sessions = sql`SELECT count(*) AS n FROM staff_sessions WHERE user_id = ${id}`;
        expect(await counted(sessions)).toBe(1);

        const next = await challengeOf('twin');
        const mixed = await atOnce(2, (i) =>
          post(LOGIN_MFA_PATH, { challenge: next, code: i === 0 ? totp(secret) : c }),
        );
        expect(mixed.map((x) => x.status).sort()).toEqual([200, 401]);
        expect(await counted(sessions)).toBe(2);
      });

      it('given one challenge and 40 wrong codes at once, then at most 5 are checked', async () => {
        const { id, secret } = await withTotp('guesser');
        const challenge = await challengeOf('guesser');
        const codes = wrongCodes(secret, 40);
        const answers = await atOnce(40, (i) =>
          post(LOGIN_MFA_PATH, { challenge, code: codes[i] }),
        );
        const checked = answers.filter((x) => x.body.code === CODES.INVALID_CODE).length;
        expect(checked).toBeGreaterThan(0);
        expect(checked).toBeLessThanOrEqual(5);
        for (const x of answers) {
          if (x.body.code !== CODES.INVALID_CODE) expect(x.body).toEqual(EXPIRED);
        }
        expect(await audited('mfa.challenge_failed', id)).toBe(checked);
      });

      it('given 40 wrong codes at once for one account, then at most 10 are checked', async () => {
        const { secret } = await withTotp('regen');
        const token = await sessionOf('regen', secret);
        const codes = wrongCodes(secret, 40);
        const answers = await atOnce(40, (i) =>
          post(ACCOUNT_PATHS.recoveryCodes, { code: codes[i] }, { token }),
        );
        expect(count(answers, 400)).toBeGreaterThan(0);
        expect(count(answers, 400)).toBeLessThanOrEqual(10);
        expect(count(answers, 400) + count(answers, 429)).toBe(40);
      });

      it('given 12 wrong current passwords at once, then at most 5 are checked', async () => {
        const { secret } = await withTotp('swapper');
        const token = await sessionOf('swapper', secret);
        const answers = await atOnce(12, (i) =>
          post(
            ACCOUNT_PATHS.password,
            { current_password: `not it, try ${i}`, new_password: 'a brand new phrase of mine' },
            { token },
          ),
        );
        expect(count(answers, 400)).toBeGreaterThan(0);
        expect(count(answers, 400)).toBeLessThanOrEqual(5);
        expect(count(answers, 400) + count(answers, 429)).toBe(12);
      });

      it(`given 6 wrong passwords at once from one address, then at most ${PAIR_LIMIT} are checked`, async () => {
        await app.staff.create({ username: 'pair', password: PASSWORD });
        const ip = freshIp();
        // Six: as many login calls as one address may make here.
        const answers = await atOnce(6, (i) =>
          post(LOGIN_PATH, { username: 'pair', password: `wrong guess ${i}` }, { ip }),
        );
        expect(count(answers, 401)).toBeGreaterThan(0);
        expect(count(answers, 401)).toBeLessThanOrEqual(PAIR_LIMIT);
        expect(count(answers, 401) + count(answers, 429)).toBe(6);
      });

      it('given one setup link used twice at once, then one password is set; the other is told the link is used', async () => {
        const user = await app.staff.create({ username: 'linked', setup: 'link' });
        const token = user.setupLink?.token;
        const phrases = ['the first phrase chosen', 'a second phrase, other'];
        const answers = await atOnce(2, (i) =>
          post(ACCOUNT_PATHS.setupComplete, { token, new_password: phrases[i] }),
        );
        expect(answers.map((x) => x.status).sort()).toEqual([200, 404]);
        expect(answers.find((x) => x.status === 404)?.body.code).toBe(CODES.SETUP_LINK);
        expect(await audited('setup.completed', user.id)).toBe(1);
        const won = answers[0]?.status === 200 ? 0 : 1;
        expect((await login('linked', phrases[won] ?? '')).statusCode).toBe(200);
        expect((await login('linked', phrases[1 - won] ?? '')).statusCode).toBe(401);
      });

      it('given one forced password change sent twice at once, then one is set; the other is told the login expired', async () => {
        const initial = 'initial words chosen for him';
        const user = await app.staff.create({
          username: 'forced',
          password: initial,
          setup: 'password',
        });
        const challenge = await challengeOf('forced', initial);
        const phrases = ['his very own phrase', 'another phrase of his'];
        const answers = await atOnce(2, (i) =>
          post(LOGIN_PASSWORD_PATH, { challenge, new_password: phrases[i] }),
        );
        expect(answers.map((x) => x.status).sort()).toEqual([200, 401]);
        expect(answers.find((x) => x.status === 401)?.body).toEqual(EXPIRED);
        expect(await audited('password.changed', user.id)).toBe(1);
        const won = answers[0]?.status === 200 ? 0 : 1;
        expect((await login('forced', phrases[won] ?? '')).statusCode).toBe(200);
      });
    });
  });
}
