/**
 * Passwords (server/staff/account-routes.ts, server/security/passwords.ts): the policy, own
 * changes and re-hashing, in the staff-security suite.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { PASSWORD } from '../harness.ts';
import { type Account, type StaffHarness, WEAK } from '../setup/staff.ts';

export function passwordTests(h: StaffHarness): void {
  const { as, login, enrolled, fullLogin } = h;
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(() => {
    ({ app, admin } = h);
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
      const hash = ['scrypt', 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
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
}
