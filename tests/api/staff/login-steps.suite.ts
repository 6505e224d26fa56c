/**
 * Login in steps (server/staff/login-routes.ts, server/staff/login-challenges.ts): the second
 * factor, password-only sessions, hostile usernames and throttling, in the staff-security suite.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Sessions } from '../../../server/staff/sessions.ts';
import { CODES } from '../../../server/api-errors.ts';
import { TokenService } from '../../../server/security/tokens.ts';
import { AUTH_SECRET, freshIp, PASSWORD } from '../harness.ts';
import { type Account, type StaffHarness, totp } from '../setup/staff.ts';

export function loginStepTests(h: StaffHarness): void {
  const { call, as, login, rows, step } = h;
  let app: FastifyInstance;
  let admin: Account;
  let reviewer: Account;
  beforeAll(() => {
    ({ app, admin, reviewer } = h);
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
}
