/**
 * Password work never starves the server: a bounded gate in front of the worker threads
 * answers 503 with Retry-After when full; the progressive delay of failed logins grows and
 * is capped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { CODES } from '../../server/api-errors.ts';
import type { FastifyInstance } from 'fastify';
import { HashPool } from '../../server/security/hash-pool.ts';
import { LoginThrottle } from '../../server/security/login-limiter.ts';
import { pgliteDataDir } from './pglite-template.ts';
import { freshIp } from './harness.ts';

const PASSWORD = 'correct horse battery staple';

/**
 * A well-formed argon2id string whose check costs about 20 passes over 19 MiB: some tenths of a
 * second, against the microseconds between taking the worker and the gate's check (the refusals
 * below are decided synchronously, or in the login's onRequest hook, before the body is parsed).
 */
function slowHash(): string {
  const b64 = (n: number) => crypto.randomBytes(n).toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=19456,t=20,p=1$${b64(16)}$${b64(32)}`;
}

describe('the password gate', () => {
  it('given every worker busy and the waiting room full, then the next call is refused at once with 503', async () => {
    const pool = new HashPool({ size: 1, queue: 1 });
    try {
      const args = { password: 'x', stored: slowHash(), options: {} };
      const running = pool.run<boolean>('verify', args);
      const waiting = pool.run<boolean>('verify', args);
      expect(pool.load).toBe(2);
      await expect(pool.run('verify', args)).rejects.toMatchObject({
        code: CODES.BUSY,
        statusCode: 503,
        message: 'Busy: try again in a moment',
        headers: { 'Retry-After': '1' },
      });
      expect(await running).toBe(false);
      expect(await waiting).toBe(false);
      expect(pool.load).toBe(0);
    } finally {
      await pool.close();
    }
  });

  describe('in the API', () => {
    let app: FastifyInstance;
    const dataDir = pgliteDataDir('spartan-gate-');

    beforeAll(async () => {
      app = await build({
        dataDir,
        distDir: dataDir,
        staffMfa: 'optional',
        hashPool: { size: 1, queue: 0 },
      });
      await app.staff.create({ username: 'gatekeeper', password: PASSWORD });
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('given the gate full, then a login answers 503 with Retry-After, and works once it frees', async () => {
      const login = () =>
        app.inject({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 'gatekeeper', password: PASSWORD },
          remoteAddress: freshIp(),
        });
      // Hold the one worker with a long check (its slot is taken synchronously).
      const held = app.passwords.verify('anything', slowHash());
      const refused = await login();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ detail: 'Busy: try again in a moment', code: CODES.BUSY });
      // Token checks and other calls do not go through the gate.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await held;
      expect((await login()).statusCode).toBe(200);
    });
  });
});

describe('the progressive delay', () => {
  it('given failures for one username from anywhere, then failed answers wait longer, up to 3 s', async () => {
    const throttle = LoginThrottle.create(
      {
        submit: { max: 10, windowSeconds: 60 },
        login: { max: 100, windowSeconds: 60 },
        loginFailuresPerUser: { max: 100, windowSeconds: 60 },
      },
      undefined,
    );
    const delays: number[] = [];
    for (let i = 0; i < 9; i += 1) delays.push(await throttle.fail('bob'));
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 3000, 3000]);
    // Another username is not slowed by bob's failures.
    expect(await throttle.fail('alice')).toBe(0);
    await throttle.close();
  });
});
