/** PostgreSQL connections that fail or go (server/db/index.ts), in the error-hygiene suite. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app.ts';
import { MIGRATION_LOCK_KEY } from '../../../server/db/index.ts';
import { startupMessage } from '../../../server/main.ts';
import { fakeDist, freshIp } from '../harness.ts';
import { cuttingRelay, type HygieneHarness, temp, until } from '../setup/hygiene.ts';

export function connectionTests(h: HygieneHarness): void {
  const { target, logs, invest } = h;
  let app: FastifyInstance;
  let token = '';
  let databaseUrl: string | undefined;
  beforeAll(() => {
    ({ app, token, databaseUrl } = h);
  });

  if (target.cluster) {
    const connectCluster = target.cluster;
    describe('PostgreSQL connections', () => {
      it('given an export whose query fails after the headers went out, then the log has its code, not the search', async () => {
        const secret = `Zed${crypto.randomBytes(4).toString('hex')}`;
        const applied = await invest({ fullname: `${secret} Person` });
        expect(applied.statusCode).toBe(201);
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          // The export's first query waits behind this lock, the headers already sent; the column
          // is renamed before the lock goes, so that query fails.
          await admin.query('BEGIN');
          await admin.query('LOCK TABLE investor_applications IN ACCESS EXCLUSIVE MODE');
          const exported = app
            .inject({
              method: 'GET',
              url: `/api/staff/applications/investor/export.csv?q=${secret}`,
              headers: { authorization: `Bearer ${token}` },
              remoteAddress: freshIp(),
            })
            .catch(() => null);
          await until(async () => {
            const waiting = await admin.query(
              `SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'investor_applications'::regclass`,
            );
            return waiting.rowCount;
          });
          await admin.query(
            'ALTER TABLE investor_applications RENAME COLUMN fullname TO fullname_gone',
          );
          await admin.query('COMMIT');
          await exported;
          const line = await until(async () =>
            logs.find((l) => l.includes('response terminated with an error')),
          );
          expect(JSON.parse(line).err).toMatchObject({ code: '42703' });
          expect(logs.join('')).not.toContain(secret);
        } finally {
          await admin.query('ROLLBACK').catch(() => undefined);
          await admin
            .query('ALTER TABLE investor_applications RENAME COLUMN fullname_gone TO fullname')
            .catch(() => undefined);
          await admin.end();
        }
      });

      it('given the migrations connection dropped between two statements, then start-up fails with one sentence and the process lives on', async () => {
        const fresh = await (await connectCluster()).createDatabase(`hygiene_idle_${process.pid}`);
        const relay = await cuttingRelay(fresh, 'pg_advisory_lock');
        try {
          const err = await build({
            dataDir: temp(),
            distDir: fakeDist(),
            databaseUrl: relay.url,
          }).then(
            async (started) => {
              await started.close();
              return new Error('started');
            },
            (e: unknown) => e,
          );
          expect(startupMessage(err)).toBe(
            'The server cannot start: the connection to PostgreSQL dropped while the migrations ran (57P01); start it again once the database answers',
          );
        } finally {
          await relay.close();
        }
      });

      it('given the migrations connection cut while it waits for their lock, then start-up fails with one sentence and the process lives on', async () => {
        const fresh = await (await connectCluster()).createDatabase(`hygiene_drop_${process.pid}`);
        const holder = new pg.Client({ connectionString: fresh });
        await holder.connect();
        try {
          // The migrations wait for this lock, their connection idle in a query: then it is cut.
          await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          const starting = build({
            dataDir: temp(),
            distDir: fakeDist(),
            databaseUrl: fresh,
          }).then(
            async (started) => {
              await started.close();
              throw new Error('started');
            },
            (err: unknown) => err,
          );
          await until(async () => {
            const cut = await holder.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
            );
            return cut.rowCount;
          });
          const err = await starting;
          const message = startupMessage(err);
          expect(message).toMatch(
            /^The server cannot start: the connection to PostgreSQL dropped while the migrations ran \(57P01\); start it again once the database answers$/,
          );
        } finally {
          await holder.end();
        }
      });
    });
  }
}
