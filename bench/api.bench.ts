/**
 * API benchmarks, measured in one run on this machine, every server on
 * 127.0.0.1 (autocannon, a few seconds per row):
 * - apply with a 200 KB PDF on PGlite and on PostgreSQL, against a bare
 *   Fastify route that only parses the same multipart body (the ratio is our cost);
 * - one list page at 1,000 and at 100,000 rows (the ratio should stay near 1);
 * - login: its cost (argon2id, m = 19 MiB, t = 2), and an unknown user against a wrong password.
 * The login flood is bench/login-flood.bench.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { build } from '../server/app.ts';
import { MULTIPART_TYPE, multipartBody, pdf, spartanFields } from '../tests/api/fixtures.ts';
import { startPostgres, type PostgresCluster } from '../tests/api/postgres.ts';
import { autocannon } from './autocannon.ts';

const DURATION_S = 3;
const PASSWORD = 'a quiet lake at dawn';
const RELAXED = {
  submit: { max: 10_000_000, windowSeconds: 60 },
  login: { max: 10_000_000, windowSeconds: 60 },
  loginFailuresPerUser: { max: 10_000_000, windowSeconds: 60 },
};

type Row = [string, string, string, string, string];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

async function load(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer },
  duration = DURATION_S,
) {
  const r = await autocannon({ url, connections: 10, duration, ...opts });
  const failures = r.non2xx + r.errors + r.timeouts;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    note: failures ? `${failures} failed` : '',
  };
}

async function bareServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  app.post('/bare', async (request, reply) => {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
    return reply.code(201).send({ application_id: 'x', data: fields });
  });
  return app;
}

async function staffToken(base: string, app: FastifyInstance): Promise<string> {
  await app.staff.create({ username: 'bench', password: PASSWORD });
  const res = await fetch(`${base}/api/security-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  return ((await res.json()) as { access: string }).access;
}

const TRGM_INDEXES = ['spartan_applications_fullname_trgm', 'spartan_applications_email_trgm'];

/**
 * Adds `count` Spartan applications straight in SQL (the API path is measured above).
 * The trigram indexes take the bulk through their pending list, merged by one VACUUM,
 * then go back to the app's setting (no pending list).
 */
async function seed(app: FastifyInstance, count: number): Promise<void> {
  const setIndexes = async (options: string) => {
    for (const index of TRGM_INDEXES) {
      await app.db.execute(sql.raw(`ALTER INDEX ${index} SET (${options})`));
    }
  };
  await setIndexes('fastupdate = on, gin_pending_list_limit = 65536');
  await app.db.execute(sql`
    INSERT INTO spartan_applications
      (id, created_at, job_title, fullname, date_of_birth, location, gender, email, phone)
    SELECT gen_random_uuid(), now() - make_interval(secs => i), 'Data Engineer',
           'Seeded Spartan ' || i, DATE '1990-01-01', 'Austin', 'Other',
           'seed' || i || '@example.com', '+1 555 000 0000'
    FROM generate_series(1, ${count}) AS i`);
  await app.db.execute(sql`VACUUM ANALYZE spartan_applications`);
  await setIndexes('fastupdate = off');
}

/** Mean milliseconds per login for each case, the cases interleaved so drift hits all alike. */
async function timeLogins(
  base: string,
  cases: Record<string, { username: string; password: string }>,
  rounds = 5,
): Promise<Record<string, number>> {
  const total: Record<string, number> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, body] of Object.entries(cases)) {
      const started = performance.now();
      await fetch(`${base}/api/security-login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      total[name] = (total[name] ?? 0) + performance.now() - started;
    }
  }
  return Object.fromEntries(Object.entries(total).map(([k, v]) => [k, v / rounds]));
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

export default async function apiBench(): Promise<string> {
  const rows: Row[] = [];
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-bench-'));
  const body = multipartBody(spartanFields(), [
    { filename: 'cv.pdf', contentType: 'application/pdf', data: pdf(200 * 1024) },
  ]);
  const apply = { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body };
  let cluster: PostgresCluster | undefined;
  const apps: FastifyInstance[] = [];
  try {
    const bare = await bareServer();
    apps.push(bare);
    const bareResult = await load(`${await listen(bare)}/bare`, apply);
    rows.push([
      'bare Fastify route, same 200 KB multipart',
      fmt(bareResult.rps),
      fmt(bareResult.p50),
      fmt(bareResult.p99),
      `baseline ${bareResult.note}`.trim(),
    ]);

    const pglite = await build({
      dataDir: path.join(temp, 'data'),
      distDir: temp,
      logger: false,
      rateLimits: RELAXED,
      staffMfa: 'optional',
    });
    apps.push(pglite);
    const pgliteBase = await listen(pglite);
    const lite = await load(`${pgliteBase}/api/spartan_join/apply-spartan/`, apply);
    rows.push([
      'apply, 200 KB PDF, PGlite',
      fmt(lite.rps),
      fmt(lite.p50),
      fmt(lite.p99),
      `${fmt(lite.rps / bareResult.rps, 2)}× bare ${lite.note}`.trim(),
    ]);

    try {
      cluster = await startPostgres();
      const postgres = await build({
        dataDir: path.join(temp, 'pg-app'),
        databaseUrl: await cluster.createDatabase('spartan_bench'),
        distDir: temp,
        logger: false,
        rateLimits: RELAXED,
      });
      apps.push(postgres);
      const pgBase = await listen(postgres);
      const pg = await load(`${pgBase}/api/spartan_join/apply-spartan/`, apply);
      rows.push([
        'apply, 200 KB PDF, PostgreSQL 15',
        fmt(pg.rps),
        fmt(pg.p50),
        fmt(pg.p99),
        `${fmt(pg.rps / bareResult.rps, 2)}× bare ${pg.note}`.trim(),
      ]);
    } catch (err) {
      rows.push([
        'apply, 200 KB PDF, PostgreSQL 15',
        '–',
        '–',
        '–',
        `not measured: ${(err as Error).message.slice(0, 80)}`,
      ]);
    }

    // Lists on PGlite (the default): bring the table to 1,000 rows, then to 100,000.
    const token = await staffToken(pgliteBase, pglite);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const existing = Number(
      (
        (await pglite.db.execute(sql`SELECT count(*)::int AS n FROM spartan_applications`)) as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]?.n ?? 0,
    );
    const listUrl = `${pgliteBase}/api/spartan_join/applications/?page=1&page_size=20`;
    const searchUrl = `${pgliteBase}/api/spartan_join/applications/?q=seed777%40example&page_size=20`;
    const measured: Record<string, Awaited<ReturnType<typeof load>>> = {};
    for (const size of [1_000, 100_000]) {
      const current = size === 1_000 ? existing : 1_000;
      if (size > current) await seed(pglite, size - current);
      await load(listUrl, auth, 1); // warm-up, not recorded
      for (const [kind, url] of [
        ['page 1 of 20', listUrl],
        ['search "seed777@example"', searchUrl],
      ] as const) {
        const r = await load(url, auth);
        const baseline = measured[kind];
        measured[kind] ??= r;
        rows.push([
          `list ${kind}, ${size.toLocaleString('en-US')} rows, PGlite`,
          fmt(r.rps),
          fmt(r.p50),
          fmt(r.p99),
          `${baseline ? `${fmt(r.rps / baseline.rps, 2)}× the 1,000-row rate ` : ''}${r.note}`.trim(),
        ]);
      }
    }

    const times = await timeLogins(pgliteBase, {
      good: { username: 'bench', password: PASSWORD },
      wrong: { username: 'bench', password: 'wrong password here' },
      unknown: { username: 'nobody-at-all', password: 'wrong password here' },
    });
    const { good = 0, wrong = 0, unknown = 0 } = times;
    rows.push([
      'login, right password (argon2id m=19 MiB, t=2)',
      fmt(1000 / good, 1),
      fmt(good),
      '–',
      'mean of 5, one at a time',
    ]);
    rows.push(['login, wrong password', fmt(1000 / wrong, 1), fmt(wrong), '–', 'mean of 5']);
    rows.push([
      'login, unknown user (dummy hash)',
      fmt(1000 / unknown, 1),
      fmt(unknown),
      '–',
      `${fmt(unknown / wrong, 2)}× the wrong-password time`,
    ]);
  } finally {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(temp, { recursive: true, force: true });
  }
  const header = `| case | req/s | p50 ms | p99 ms | note |\n| --- | ---: | ---: | ---: | --- |`;
  return [
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ` +
      `autocannon 10 connections × ${DURATION_S} s per row, all on 127.0.0.1`,
    '',
    header,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
