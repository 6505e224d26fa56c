/**
 * What the API suites share (tests/api/suites.ts, hygiene.test.ts and the single-purpose test
 * files): the test secrets, the desk suites' `build` options, a fake dist folder and fresh client
 * addresses. Each suite's own app and helpers are in tests/api/setup/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import type { BuildOptions } from '../../server/app.ts';

export const PARTNER = 'https://partner.example';
export const AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** The password of the staff accounts the suites create. */
export const PASSWORD = 'correct horse battery staple';

/**
 * `build` options of the desk suites: no log, password-only logins, and submission and login
 * limits no test reaches (the limits are tested in the API suite).
 */
export const DESK_BUILD = {
  logger: false,
  authSecret: AUTH_SECRET,
  staffMfa: 'optional',
  rateLimits: {
    submit: { max: 10_000, windowSeconds: 600 },
    login: { max: 100, windowSeconds: 900 },
    loginFailuresPerUser: { max: 10, windowSeconds: 900 },
  },
} as const satisfies Partial<BuildOptions>;

export interface SuiteTarget {
  /** Database options for `build` (dataDir and/or databaseUrl). */
  database(): Promise<Pick<BuildOptions, 'dataDir' | 'databaseUrl'>>;
  cleanup?(): Promise<void>;
}

/**
 * A dist folder with one page, the not-found page and one widget file, to check headers on them.
 * In the run's own temporary folder, removed when the run ends (tests/api/pglite-template.ts).
 */
export function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(inject('runTemp'), 'dist-'));
  fs.mkdirSync(path.join(dir, 'site'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'widgets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site', 'index.html'), '<!doctype html><title>Spartans</title>');
  fs.writeFileSync(path.join(dir, 'site', '404.html'), '<!doctype html><title>Not found</title>');
  fs.writeFileSync(path.join(dir, 'widgets', 'spartan-counter.js'), 'export {};\n');
  return dir;
}

let ipCounter = 0;
/** A fresh client address, so rate limits only bite where a test means them to. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Logs a staff account in with PASSWORD (password only: DESK_BUILD); its token. */
export async function staffLogin(app: FastifyInstance, username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/security-login/',
    remoteAddress: freshIp(),
    payload: { username, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access: string }>().access;
}

/** The desk suites' staff, `<prefix>-admin` and `<prefix>-reviewer`, created and logged in. */
export async function deskStaff(
  app: FastifyInstance,
  prefix: string,
): Promise<{ admin: string; reviewer: string }> {
  await app.staff.create({ username: `${prefix}-admin`, password: PASSWORD, name: 'Ada Admin' });
  await app.staff.create({
    username: `${prefix}-reviewer`,
    password: PASSWORD,
    name: 'Rita Reviewer',
    role: 'reviewer',
  });
  return {
    admin: await staffLogin(app, `${prefix}-admin`),
    reviewer: await staffLogin(app, `${prefix}-reviewer`),
  };
}
