/**
 * Login steps sent at once over real HTTP (server/staff/login-challenges.ts,
 * server/security/login-limiter.ts), in the staff-security suite.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import {
  ACCOUNT_PATHS,
  LOGIN_MFA_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
} from '../../../schemas/api-paths.ts';
import { fetchFresh } from '../../fetch.ts';
import { freshIp, PASSWORD } from '../harness.ts';
import {
  type Answer,
  count,
  EXPIRED,
  PAIR_LIMIT,
  type StaffHarness,
  totp,
  wrongCodes,
} from '../setup/staff.ts';

export function concurrentCallTests(h: StaffHarness): void {
  const { login, rows } = h;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
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
      const answers = await atOnce(40, (i) => post(LOGIN_MFA_PATH, { challenge, code: codes[i] }));
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
}
