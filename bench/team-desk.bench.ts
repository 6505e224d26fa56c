/**
 * The desk for a team at scale: 1,000,000 Spartan applications on PostgreSQL (two years of them,
 * a quarter assigned, some applicants applying twice), then p50 and p95 of the calls a team
 * makes all day: the list's first page, a search, `assignee=me`, the duplicates lookup (alone and
 * as the detail serves it), the overview over 90 days, a bulk status change of 500; and the CSV
 * export of the whole table, streamed over real HTTP, with the memory growth of a server process
 * started after the seed (and, as measured before, of the bench's own process).
 *
 * Seeding is one INSERT … SELECT from generate_series with the table's indexes dropped, then the
 * indexes built again (as a bulk load is done): minutes, not the hour a million submissions would
 * take. `SPARTAN_BENCH_ROWS` seeds fewer (a quick try); the docs' table is from the full million.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { JOB_ROLES } from '../content/forms.ts';
import { build } from '../server/app.ts';
import { duplicatesOf } from '../server/desk/duplicates.ts';
import { startPostgres, type PostgresCluster } from '../tests/api/postgres.ts';
import { startServerProcess } from './server-process.ts';

const ROWS = Number(process.env.SPARTAN_BENCH_ROWS ?? 1_000_000);
const PASSWORD = 'a quiet lake at dawn';
const ROUNDS = 60;
const WARM_UP = 10;
const BULK_ROUNDS = 12;
const LIST = '/api/spartan_join/applications/';
/** Seconds between two seeded applications: the million spread over about two years. */
const SPACING_S = Math.floor((730 * 86400) / ROWS);

const rowsOf = async <T>(app: FastifyInstance, statement: ReturnType<typeof sql>) =>
  ((await app.db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * Seeds ROWS applications through a connection of its own, without the app's 30 s statement
 * timeout: the bulk load's statements run for minutes on a busy machine.
 */
export async function seed(url: string, staffIds: string[]): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await seedWith(client, staffIds);
  } finally {
    await client.end();
  }
}

async function seedWith(client: pg.Client, staffIds: string[]): Promise<string> {
  const started = performance.now();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'spartan_applications' AND indexname <> 'spartan_applications_pkey'`,
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX ${indexname}`);
  const roles = JOB_ROLES as readonly string[];
  // Every 500th applicant applies again a day later (the same address in capitals, another
  // phone format); a quarter of the rows are assigned, round the staff; reviewed ones waited
  // 1 to 96 hours.
  await client.query(
    `
    INSERT INTO spartan_applications
      (id, created_at, job_title, fullname, date_of_birth, location, gender, email, phone, origin,
       status, assignee_id, first_reviewed_at)
    SELECT gen_random_uuid(), at, ($1::text[])[1 + i % $2::int],
           'Seeded Spartan ' || i, DATE '1990-01-01', 'Austin', 'Other',
           CASE WHEN i % 500 = 1 THEN 'SEED' || (i - 1) || '@Example.com'
                ELSE 'seed' || i || '@example.com' END,
           CASE WHEN i % 500 = 1 THEN '(555) ' || lpad((i - 1)::text, 7, '0')
                ELSE '+1 555 ' || lpad(i::text, 7, '0') END,
           CASE WHEN i % 10 = 0 THEN 'https://partner' || (i % 7) || '.example' END,
           status,
           CASE WHEN i % 4 = 0 THEN ($3::uuid[])[1 + (i / 4) % $4::int] END,
           CASE WHEN status <> 'new' THEN at + make_interval(hours => 1 + i % 96) END
      FROM (SELECT i, now() - make_interval(secs => i * $5::int) AS at,
                   (ARRAY['new', 'in_review', 'shortlisted', 'rejected', 'accepted'])[1 + i % 5] AS status
              FROM generate_series(1, $6::int) AS i) s`,
    [roles, roles.length, staffIds, staffIds.length, SPACING_S, ROWS],
  );
  const inserted = performance.now();
  await client.query(`SET maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('VACUUM ANALYZE spartan_applications');
  const done = performance.now();
  return (
    `seeded ${ROWS.toLocaleString('en')} rows in ${((done - started) / 1000).toFixed(0)} s ` +
    `(insert ${((inserted - started) / 1000).toFixed(0)} s, ${indexes.length} indexes and ` +
    `VACUUM ANALYZE ${((done - inserted) / 1000).toFixed(0)} s)`
  );
}

async function login(app: FastifyInstance, username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/security-login/',
    payload: { username, password: PASSWORD },
  });
  return res.json<{ access: string }>().access;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Milliseconds per run of `fn`, ROUNDS times after WARM_UP. */
async function sample(fn: (round: number) => Promise<void>, rounds = ROUNDS, warm = WARM_UP) {
  const times: number[] = [];
  for (let round = -warm; round < rounds; round += 1) {
    const started = performance.now();
    await fn(round);
    if (round >= 0) times.push(performance.now() - started);
  }
  return times;
}

interface Download {
  seconds: number;
  bytes: number;
  lines: number;
}

/** The whole table's CSV from `origin` over HTTP, read and dropped. */
async function download(origin: string, token: string): Promise<Download> {
  const started = performance.now();
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>(
    (resolve, reject) => {
      const req = http.get(
        `${origin}/api/staff/applications/spartan/export.csv`,
        { headers: { authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
          let total = 0;
          let newlines = 0;
          res.on('data', (chunk: Buffer) => {
            total += chunk.length;
            for (const byte of chunk) if (byte === 10) newlines += 1;
          });
          res.on('end', () => resolve({ bytes: total, lines: newlines }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    },
  );
  return { seconds: (performance.now() - started) / 1000, bytes, lines };
}

const mb = (n: number) => n / 1024 / 1024;

/**
 * The export in the bench's own process, the one that seeded the table and created the staff
 * accounts: the resident size, and of it the JavaScript heap (reserved) and the memory outside
 * it (Buffers), their peaks above their values at the start. What the seed left for the garbage
 * collector counts here too; kept as the measure of before, beside the server's own.
 */
async function exportInProcess(app: FastifyInstance, token: string) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heap: start.heapTotal, outside: start.external };
  const watch = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapTotal);
    peak.outside = Math.max(peak.outside, now.external);
  }, 50);
  try {
    const got = await download(`http://127.0.0.1:${port}`, token);
    return {
      ...got,
      growthMb: mb(peak.rss - start.rss),
      heapMb: mb(peak.heap - start.heapTotal),
      outsideMb: mb(peak.outside - start.external),
    };
  } finally {
    clearInterval(watch);
  }
}

/** A process's resident size in bytes, from /proc (Linux). */
const residentBytes = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
};

/**
 * The export from a server process of its own, started as production starts it (server/main.ts,
 * PostgreSQL through DATABASE_URL) after the seed: its resident size sampled every 50 ms during
 * the download, its peak above its size just before the request (after the process started and
 * answered one login).
 */
async function exportFromServer(url: string, dataDir: string, distDir: string) {
  const server = await startServerProcess(['--import', 'tsx', 'server/main.ts'], {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    STAFF_MFA: 'optional',
  });
  try {
    const res = await fetch(`${server.url}/api/security-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`login: ${res.status}`);
    const { access } = (await res.json()) as { access: string };
    const start = residentBytes(server.pid);
    let peak = start;
    const watch = setInterval(() => {
      peak = Math.max(peak, residentBytes(server.pid));
    }, 50);
    try {
      const got = await download(server.url, access);
      peak = Math.max(peak, residentBytes(server.pid));
      return { ...got, startMb: mb(start), growthMb: mb(peak - start) };
    } finally {
      clearInterval(watch);
    }
  } finally {
    await server.stop();
  }
}

export default async function teamDeskBench(): Promise<string> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-team-bench-'));
  let cluster: PostgresCluster | undefined;
  let app: FastifyInstance | undefined;
  try {
    cluster = await startPostgres({ shared_buffers: '256MB', max_wal_size: '4GB' });
    const url = await cluster.createDatabase('spartan_team_bench');
    app = await build({
      distDir: temp,
      dataDir: path.join(temp, 'data'),
      databaseUrl: url,
      logger: false,
      staffMfa: 'optional',
    });
    const names = ['bench', 'colleague1', 'colleague2', 'colleague3'];
    const staffIds: string[] = [];
    for (const username of names) {
      await app.staff.create({ username, password: PASSWORD, name: username });
      const [row] = await rowsOf<{ id: string }>(
        app,
        sql`SELECT id FROM staff_users WHERE username = ${username}`,
      );
      staffIds.push(row!.id);
    }
    const seeded = await seed(url, staffIds);
    const token = await login(app, 'bench');
    const headers = { authorization: `Bearer ${token}` };
    const getOk = async (path: string) => {
      const res = await app!.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    };
    // An applicant with a second application (see seed): the lookup finds one.
    const [twice] = await rowsOf<{ id: string }>(
      app,
      sql`SELECT id FROM spartan_applications WHERE email = 'seed1000@example.com'`,
    );
    const found = await duplicatesOf(app.db, 'spartan', twice!.id);
    if (found.length !== 1) throw new Error(`duplicates: expected 1, found ${found.length}`);

    const rows: Array<[string, number[], string]> = [];
    const timed = async (name: string, goal: string, fn: (round: number) => Promise<void>) =>
      rows.push([name, await sample(fn), goal]);
    await timed('list, first page (status new)', '', () =>
      getOk(`${LIST}?status=new&page_size=20`),
    );
    await timed('list, first page (all)', '', () => getOk(`${LIST}?page_size=20`));
    await timed('search (a name, contains)', '', () =>
      getOk(`${LIST}?q=${encodeURIComponent('Spartan 77777')}&page_size=20`),
    );
    await timed('search (an email)', '', () =>
      getOk(`${LIST}?q=${encodeURIComponent('seed4242@example.com')}&page_size=20`),
    );
    await timed('assignee=me', '', () => getOk(`${LIST}?assignee=me&page_size=20`));
    await timed('assignee=me&status=new', '', () =>
      getOk(`${LIST}?assignee=me&status=new&page_size=20`),
    );
    await timed('duplicates lookup', '', async () => {
      await duplicatesOf(app!.db, 'spartan', twice!.id);
    });
    await timed('detail with its duplicates', '', () =>
      getOk(`/api/spartan_join/application/${twice!.id}/`),
    );
    await timed('overview, last 90 days', 'p95 < 250 ms', () =>
      getOk('/api/staff/overview/spartan/'),
    );
    await timed('overview, 90 days, one partner', '', () =>
      getOk(
        `/api/staff/overview/spartan/?origin=${encodeURIComponent('https://partner3.example')}`,
      ),
    );
    // Bulk: a different 500 each round, none of them rejected yet, moved to rejected.
    const targets = await rowsOf<{ id: string }>(
      app,
      sql`SELECT id FROM spartan_applications WHERE status <> 'rejected'
           ORDER BY created_at DESC LIMIT ${500 * (BULK_ROUNDS + 2)}`,
    );
    const ids = targets.map((t) => t.id);
    rows.push([
      'bulk status change of 500',
      await sample(
        async (round) => {
          const batch = ids.slice((round + 2) * 500, (round + 3) * 500);
          const res = await app!.inject({
            method: 'POST',
            url: '/api/staff/applications/spartan/bulk/',
            headers,
            payload: { action: 'status', ids: batch, status: 'rejected' },
          });
          const answer = res.json<{ done: string[] }>();
          if (res.statusCode !== 200 || answer.done.length !== 500) {
            throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        },
        BULK_ROUNDS,
        2,
      ),
      'under 2 s',
    ]);
    const csv = await exportInProcess(app, token);
    await app.close();
    app = undefined;
    const served = await exportFromServer(url, path.join(temp, 'data'), temp);
    const ms = (v: number) => v.toFixed(1);
    return [
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ` +
        `PostgreSQL (shared_buffers 256MB); ${seeded}. Calls through app.inject, one at a time; ` +
        `${ROUNDS} samples each (bulk: ${BULK_ROUNDS}) after a warm-up.`,
      '',
      `| call (${ROWS.toLocaleString('en')} Spartan applications) | p50 ms | p95 ms | goal |`,
      '| --- | ---: | ---: | --- |',
      ...rows.map(
        ([name, times, goal]) =>
          `| ${name} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${goal} |`,
      ),
      `| CSV export of the whole table, streamed over HTTP from a server process of its own (${(served.lines - 1).toLocaleString('en')} rows, ${mb(served.bytes).toFixed(0)} MB) | ${(served.seconds * 1000).toFixed(0)} total | | the server's memory growth ${served.growthMb.toFixed(0)} MB over its ${served.startMb.toFixed(0)} MB before the request (goal under 100 MB) |`,
      `| the same export in the bench's process, which seeded the table (the measure before) (${(csv.lines - 1).toLocaleString('en')} rows) | ${(csv.seconds * 1000).toFixed(0)} total | | its memory growth ${csv.growthMb.toFixed(0)} MB (heap +${csv.heapMb.toFixed(0)}, Buffers +${csv.outsideMb.toFixed(0)}) |`,
    ].join('\n');
  } finally {
    await app?.close();
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
