/**
 * The API suite on a real PostgreSQL (a throwaway cluster started here), plus
 * what only a shared server can show: several apps on one database, migrations
 * run twice, production headers. Fails loudly when no PostgreSQL can be
 * started, unless SPARTAN_SKIP_POSTGRES=1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { CODES } from '../../server/api-errors.ts';
import {
  SKIP_POSTGRES,
  startPostgres,
  warnSkippedPostgres,
  type PostgresCluster,
} from './postgres.ts';
import { MULTIPART_TYPE, investorPayload, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { fakeDist } from './harness.ts';
import { securityFindingsSuite } from './staff/security-findings-suite.ts';
import { apiSuite, deskSuite, staffSuite } from './suites.ts';
import { teamDeskSuite } from './team-desk-suite.ts';

let cluster: PostgresCluster | undefined;
let counter = 0;

async function freshDatabase(): Promise<string> {
  cluster ??= await startPostgres();
  counter += 1;
  return cluster.createDatabase(`spartan_test_${process.pid}_${counter}`);
}

if (SKIP_POSTGRES) warnSkippedPostgres();

// Skipped as a whole under SPARTAN_SKIP_POSTGRES=1: the report lists each of these tests as skipped.
describe.skipIf(SKIP_POSTGRES)('on PostgreSQL', () => {
  afterAll(async () => {
    await cluster?.stop();
  });

  apiSuite('PostgreSQL 15', {
    database: async () => ({ databaseUrl: await freshDatabase() }),
  });

  deskSuite('PostgreSQL 15', { database: async () => ({ databaseUrl: await freshDatabase() }) });

  teamDeskSuite('PostgreSQL 15', {
    database: async () => ({ databaseUrl: await freshDatabase() }),
  });

  staffSuite(
    'PostgreSQL 15',
    { database: async () => ({ databaseUrl: await freshDatabase() }) },
    { postgres: true },
  );

  securityFindingsSuite('PostgreSQL 15', {
    database: async () => ({ databaseUrl: await freshDatabase() }),
  });

  describe('PostgreSQL specifics', () => {
    let url = '';
    const dirs: string[] = [];
    const tempDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-pg-app-'));
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      url = await freshDatabase();
    });
    /** A Spartan application with a 64 KB resume, from `ip`. */
    const applyOn = (app: FastifyInstance, ip: string, fullname?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: multipartBody(spartanFields(fullname ? { fullname } : {}), [
          {
            name: 'resume',
            filename: 'cv.pdf',
            contentType: 'application/pdf',
            data: pdf(64 * 1024),
          },
        ]),
        remoteAddress: ip,
      });
    afterAll(() => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('given two servers on one database started together, then migrations run once and both serve', async () => {
      const common = { databaseUrl: url, distDir: tempDir(), logger: false };
      const [a, b] = await Promise.all([
        build({ ...common, dataDir: tempDir() }),
        build({ ...common, dataDir: tempDir() }),
      ]);
      try {
        const res = await a.inject({
          method: 'POST',
          url: '/api/investors/join_investor/',
          payload: investorPayload(),
        });
        expect(res.statusCode).toBe(201);
        const health = await b.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toEqual({ status: 'ok' });
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
      const again = await build({ ...common, dataDir: tempDir() });
      expect((await again.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await again.close();
    });

    it('given the database goes away, then health and calls say 503, no stack', async () => {
      const name = `spartan_vanishing_${process.pid}`;
      const doomed = await cluster!.createDatabase(name);
      const app = await build({
        databaseUrl: doomed,
        dataDir: tempDir(),
        distDir: tempDir(),
        staffMfa: 'optional',
      });
      try {
        await app.staff.create({ username: 'soon-gone', password: 'a long enough password' });
        const login = await app.inject({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 'soon-gone', password: 'a long enough password' },
        });
        const token = login.json().access as string;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({ detail: 'Database unavailable', code: CODES.UNAVAILABLE });
        expect(health.headers['retry-after']).toBe('5');
        const list = await app.inject({
          method: 'GET',
          url: '/api/investors/get_investor_applications/',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.statusCode).toBe(503);
        expect(list.json()).toEqual({ detail: 'Service unavailable', code: CODES.UNAVAILABLE });
        expect(list.headers['retry-after']).toBeDefined();
        const apply = await app.inject({
          method: 'POST',
          url: '/api/investors/join_investor/',
          payload: investorPayload(),
        });
        expect(apply.statusCode).toBe(503);
        expect(apply.body).toBe(
          '{"detail":"Service unavailable","code":"SPARTAN_ERR_UNAVAILABLE"}',
        );
      } finally {
        await app.close();
      }
    });

    it('given its connections terminated under load, then calls answer 201 or 503, the process lives on, and service comes back by itself', async () => {
      const app = await build({ databaseUrl: url, dataDir: tempDir(), distDir: tempDir() });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // A Spartan application is stored in a transaction, on a connection checked out of the
      // pool: the case where a dropped connection used to end the process.
      const apply = (ip: string) => applyOn(app, ip);
      const statuses = new Set<number>();
      try {
        for (let round = 0; round < 6; round++) {
          const calls = Array.from({ length: 10 }, (_, i) => apply(`10.9.${round}.${i}`));
          // Every other connection to this database, mid-flight: what a failover or an
          // operator's pg_terminate_backend does.
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          for (const res of await Promise.all(calls)) {
            statuses.add(res.statusCode);
            if (res.statusCode === 503)
              expect(res.json()).toEqual({
                detail: 'Service unavailable',
                code: CODES.UNAVAILABLE,
              });
          }
        }
        expect([...statuses].every((s) => s === 201 || s === 503)).toBe(true);
        expect(statuses.has(503)).toBe(true);
        // The pool replaces the dead connections on its own.
        expect((await apply('10.9.99.1')).statusCode).toBe(201);
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await admin.end();
        await app.close();
      }
    });

    it('given a submission held open at its commit, then another completes meanwhile: no row every submission locks', async () => {
      const app = await build({ databaseUrl: url, dataDir: tempDir(), distDir: tempDir() });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      let ips = 0;
      const apply = (fullname: string) => applyOn(app, `10.8.0.${++ips}`, fullname);
      const PAUSE = 7_311_042_099;
      try {
        // A deferred trigger runs at commit, after all of the transaction's statements: the
        // marked application waits there, holding every lock its submission took.
        await admin.query(`CREATE FUNCTION test_pause() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.fullname = 'Paused Applicant' THEN PERFORM pg_advisory_xact_lock(${PAUSE}); END IF;
            RETURN NULL;
          END $$`);
        await admin.query(`CREATE CONSTRAINT TRIGGER test_pause AFTER INSERT ON spartan_applications
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_pause()`);
        await admin.query('SELECT pg_advisory_lock($1)', [PAUSE]);
        let pausedAnswered = false;
        const paused = apply('Paused Applicant').finally(() => (pausedAnswered = true));
        const deadline = Date.now() + 20_000;
        for (;;) {
          const waiting = await admin.query(
            `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          );
          if (waiting.rowCount) break;
          if (Date.now() > deadline)
            throw new Error('the paused submission never reached its commit');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const other = await apply('Other Applicant');
        expect(other.statusCode).toBe(201);
        expect(pausedAnswered).toBe(false);
        await admin.query('SELECT pg_advisory_unlock($1)', [PAUSE]);
        expect((await paused).statusCode).toBe(201);
      } finally {
        await admin.query('SELECT pg_advisory_unlock_all()');
        await admin.query('DROP TRIGGER IF EXISTS test_pause ON spartan_applications');
        await admin.query('DROP FUNCTION IF EXISTS test_pause()');
        await admin.end();
        await app.close();
      }
    });

    it('given production, then pages carry HSTS and upgrade-insecure-requests', async () => {
      const app = await build({
        databaseUrl: url,
        dataDir: tempDir(),
        distDir: (() => {
          const dir = fakeDist();
          dirs.push(dir);
          return dir;
        })(),
        production: true,
        logger: false,
      });
      try {
        const res = await app.inject({ method: 'GET', url: '/' });
        expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
        expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      } finally {
        await app.close();
      }
    });
  });
});
