/**
 * The hiring desk suite's app (tests/api/suites.ts): limits no test reaches, password-only
 * logins, an admin and a reviewer logged in, and fresh databases for the tests that build servers
 * of their own. Through `app.inject()` against the real app and database.
 */
import { Writable } from 'node:stream';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { build, type BuildOptions } from '../../../server/app.ts';
import { MULTIPART_TYPE, investorPayload, multipartBody, spartanFields } from '../fixtures.ts';
import {
  deskStaff,
  DESK_BUILD,
  fakeDist,
  freshIp,
  staffLogin,
  type SuiteTarget,
} from '../harness.ts';

export const LIST = '/api/spartan_join/applications/';
export const INVESTORS = '/api/investors/get_investor_applications/';
export const DESK = '/api/staff/applications';
/**
 * For the tests that build servers of their own and wait on their mail: on a busy machine (two
 * cores shared with other work) a fresh server and its first sends take tens of seconds.
 */
export const SLOW_TEST_MS = 180_000;
export const SLOW_POLL_MS = 60_000;

export interface Item {
  id: string;
  fullname: string;
  email: string;
  status: string;
  job_title?: string;
  created_at: string;
}

export type DbOptions = Pick<BuildOptions, 'dataDir' | 'databaseUrl'>;

export type DeskHarness = ReturnType<typeof deskHarness>;

/** Builds the app before the suite's tests and closes it after; call inside its `describe`. */
export function deskHarness(target: SuiteTarget) {
  let app: FastifyInstance;
  let admin = '';
  let reviewer = '';
  const dirs: string[] = [];

  const call = (token: string, opts: InjectOptions, on: FastifyInstance = app) =>
    on.inject({
      remoteAddress: freshIp(),
      ...opts,
      headers: { authorization: `Bearer ${token}`, ...opts.headers },
    });
  const get = (url: string, token = admin) => call(token, { method: 'GET', url });
  const list = async (query: string, url = LIST) => {
    const res = await get(`${url}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      data: Item[];
      total: number;
      total_capped: boolean;
      page: number;
      next_cursor: string | null;
      prev_cursor: string | null;
    }>();
  };
  const apply = async (
    fields: Record<string, string> = {},
    resume?: Buffer,
    on: FastifyInstance = app,
  ) => {
    const res = await on.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { 'content-type': MULTIPART_TYPE },
      remoteAddress: freshIp(),
      payload: multipartBody(
        spartanFields(fields),
        resume
          ? [{ name: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', data: resume }]
          : [],
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ application_id: string }>().application_id;
  };
  const invest = async (fields: Record<string, unknown> = {}, on: FastifyInstance = app) => {
    const res = await on.inject({
      method: 'POST',
      url: '/api/investors/join_investor/',
      remoteAddress: freshIp(),
      payload: investorPayload(fields),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ investor_id: string }>().investor_id;
  };
  const marker = () => crypto.randomBytes(4).toString('hex');
  /** A logger stream for `build`, and the JSON lines it received. */
  const captureLog = () => {
    const lines: string[] = [];
    let rest = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const parts = (rest + chunk.toString('utf8')).split('\n');
        rest = parts.pop()!;
        lines.push(...parts.filter(Boolean));
        done();
      },
    });
    const find = (msg: string) =>
      lines.filter((line) => (JSON.parse(line) as { msg?: string }).msg === msg);
    return { logger: { stream }, lines, find };
  };
  const login = (username: string, on: FastifyInstance = app) => staffLogin(on, username);
  const query = async <T>(statement: ReturnType<typeof sql>, on: FastifyInstance = app) =>
    ((await on.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const auditEvents = async (event: string) =>
    (
      await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM staff_audit WHERE event = ${event}`,
      )
    )[0]!.n;

  /** A database of its own (fresh each call), with a data folder that is cleaned up. */
  const freshDatabase = async (): Promise<DbOptions> => {
    const db = await target.database();
    const dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-desk-'));
    dirs.push(dataDir);
    return { ...db, dataDir };
  };
  const distDir = fakeDist();
  dirs.push(distDir);
  const buildApp = (db: DbOptions, extra: Partial<BuildOptions> = {}) =>
    build({ ...db, distDir, ...DESK_BUILD, ...extra });
  let dataDir = '';

  beforeAll(async () => {
    const db = await freshDatabase();
    dataDir = db.dataDir!;
    app = await buildApp(db);
    ({ admin, reviewer } = await deskStaff(app, 'desk'));
  });

  afterAll(async () => {
    await app?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await target.cleanup?.();
  });

  return {
    get app() {
      return app;
    },
    get admin() {
      return admin;
    },
    get reviewer() {
      return reviewer;
    },
    get dataDir() {
      return dataDir;
    },
    dirs,
    call,
    get,
    list,
    apply,
    invest,
    marker,
    captureLog,
    login,
    query,
    auditEvents,
    freshDatabase,
    distDir,
    buildApp,
  };
}
