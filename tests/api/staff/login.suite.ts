/**
 * Password login (server/staff/login-routes.ts), in the API suite; its steps with a second factor
 * are in tests/api/staff/login-steps.suite.ts.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { freshIp, PASSWORD } from '../harness.ts';
import { type ApiHarness, UUID } from '../setup/api.ts';

export function loginTests(h: ApiHarness): void {
  const { call, unique } = h;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
  });

  describe('login', () => {
    it('given the right password, then it answers a token and the user', async () => {
      // Done in beforeAll; here the shape of the answer.
      const res = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 'WARDEN', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.access.split('.')).toHaveLength(3);
      expect(body.user).toEqual({
        id: expect.stringMatching(UUID),
        username: 'warden',
        role: 'admin',
        name: 'The Warden',
      });
    });

    it('given a wrong password or an unknown user, then both get the same 401', async () => {
      const wrong = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 'warden', password: 'not the password at all' },
      });
      const unknown = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: `nobody-${unique()}`, password: 'not the password at all' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        detail: 'Invalid credentials',
        code: CODES.INVALID_CREDENTIALS,
      });
      expect(unknown.body).toBe(wrong.body);
    });

    it('given extra or mistyped fields, then 400 with field errors, nothing coerced', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 123, password: ['x'], admin: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.INVALID_FORM);
      expect(res.json().errors).toEqual({
        username: 'Enter your username',
        password: 'Enter your password',
        admin: 'This field is not accepted',
      });
    });

    it('given brute force on one username from one IP, then that IP gets 429, its owner elsewhere logs in', async () => {
      const username = `target-${unique()}`;
      await app.staff.create({ username, password: PASSWORD });
      const attacker = freshIp();
      for (let i = 0; i < 3; i += 1) {
        const res = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username, password: `guess number ${i} wrong` },
          ip: attacker,
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username, password: PASSWORD },
        ip: attacker,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe(CODES.RATE_LIMITED);
      expect(blocked.json().detail).toMatch(/Too many requests/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const owner = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username, password: PASSWORD },
      });
      expect(owner.statusCode).toBe(200);
    });

    it('given many attempts from one IP, then 429', async () => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const res = await call({ method: 'POST', url: '/api/security-login/', payload: {}, ip });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 8).every((c) => c === 400)).toBe(true);
      expect(codes[8]).toBe(429);
    });
  });
}
