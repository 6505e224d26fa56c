/**
 * The API suite's app (tests/api/suites.ts): one app per database, with the submission and login
 * limits the suite reaches on purpose, a partner origin, and a staff account logged in.
 * Everything goes through `app.inject()` against the real app and database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { build } from '../../../server/app.ts';
import {
  investorPayload,
  MULTIPART_TYPE,
  multipartBody,
  spartanFields,
  type FilePart,
} from '../fixtures.ts';
import { AUTH_SECRET, fakeDist, freshIp, PARTNER, PASSWORD, type SuiteTarget } from '../harness.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export type ApiHarness = ReturnType<typeof apiHarness>;

/** Builds the app before the suite's tests and closes it after; call inside its `describe`. */
export function apiHarness(target: SuiteTarget) {
  let app: FastifyInstance;
  let token = '';
  let distDir = '';
  let dataDir = '';

  const call = (opts: InjectOptions & { ip?: string }): Promise<LightMyRequestResponse> =>
    app.inject({ remoteAddress: opts.ip ?? freshIp(), ...opts });
  const staff = (opts: InjectOptions & { ip?: string }) =>
    call({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
  const apply = (
    fields: Record<string, string> | Array<[string, string]> = spartanFields(),
    files: FilePart[] = [],
    ip?: string,
  ) =>
    call({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { 'content-type': MULTIPART_TYPE },
      payload: multipartBody(fields, files),
      ...(ip ? { ip } : {}),
    });
  const invest = (payload: Record<string, unknown> = investorPayload()) =>
    call({ method: 'POST', url: '/api/investors/join_investor/', payload });
  const unique = () => crypto.randomBytes(5).toString('hex');
  /** The bytes the file store holds for an application, or null. */
  const storedBytes = async (id: string): Promise<Buffer | null> => {
    const file = await app.files.get(id);
    if (!file) return null;
    if (Buffer.isBuffer(file.body)) return file.body;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  /** Whether the resume row still carries bytes itself. */
  const inRow = async (id: string): Promise<boolean> => {
    const result = (await app.db.execute(
      sql`SELECT data IS NOT NULL AS held FROM spartan_resumes WHERE application_id = ${id}`,
    )) as unknown as { rows: Array<{ held: boolean }> };
    return result.rows[0]?.held ?? false;
  };

  beforeAll(async () => {
    distDir = fakeDist();
    const db = await target.database();
    dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-api-'));
    app = await build({
      ...db,
      dataDir,
      distDir,
      logger: false,
      corsOrigins: [PARTNER],
      authSecret: AUTH_SECRET,
      // Password-only logins here; the second factor is tested in tests/api/staff/login-steps.suite.ts.
      staffMfa: 'optional',
      rateLimits: {
        submit: { max: 5, windowSeconds: 600 },
        login: { max: 8, windowSeconds: 900 },
        loginFailuresPerUser: { max: 3, windowSeconds: 900 },
      },
    });
    await app.staff.create({ username: 'warden', password: PASSWORD, name: 'The Warden' });
    const login = await call({
      method: 'POST',
      url: '/api/security-login/',
      payload: { username: 'warden', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    token = login.json<{ access: string }>().access;
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
    get token() {
      return token;
    },
    get distDir() {
      return distDir;
    },
    get dataDir() {
      return dataDir;
    },
    call,
    staff,
    apply,
    invest,
    unique,
    storedBytes,
    inRow,
  };
}
