/**
 * The staff-security suite's app (tests/api/suites.ts): login steps with TOTP
 * (STAFF_MFA=required, the default), tight login limits, and two enrolled accounts, an admin
 * and a reviewer. Real app, real database, `app.inject()`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, expect } from 'vitest';
import { build } from '../../../server/app.ts';
import { CODES } from '../../../server/api-errors.ts';
import { AUTH_SECRET, fakeDist, freshIp, PASSWORD, type SuiteTarget } from '../harness.ts';
export const PAIR_LIMIT = 3;
export const EXPIRED = { detail: 'This login has expired: start again', code: CODES.LOGIN_EXPIRED };
export const WEAK = ['            ', 'passwordpassword', '123456789012', 'Password1234'];

export interface Account {
  username: string;
  password: string;
  secret: string;
  recovery: string[];
  token: string;
  id: string;
}

/** The TOTP code of `secret` for the step `steps` ahead of now (a later step is accepted once). */
export function totp(secret: string, steps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** `n` six-digit codes, none of them one that `secret` gives around now. */
export function wrongCodes(secret: string, n: number): string[] {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => totp(secret, steps)));
  const codes: string[] = [];
  for (let i = 100_000; codes.length < n; i += 7_919) {
    if (!near.has(String(i))) codes.push(String(i));
  }
  return codes;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export const count = (answers: Answer[], status: number) =>
  answers.filter((a) => a.status === status).length;

export type StaffHarness = ReturnType<typeof staffHarness>;

/** Builds the app before the suite's tests and closes it after; call inside its `describe`. */
export function staffHarness(target: SuiteTarget, options: { postgres: boolean }) {
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

  return {
    get app() {
      return app;
    },
    get distDir() {
      return distDir;
    },
    get dataDir() {
      return dataDir;
    },
    get databaseUrl() {
      return databaseUrl;
    },
    get admin() {
      return admin;
    },
    get reviewer() {
      return reviewer;
    },
    target,
    options,
    call,
    as,
    login,
    rows,
    step,
    enrolled,
    fullLogin,
  };
}
