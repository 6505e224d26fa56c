/**
 * API benchmarks, measured in one run on this machine, every server on 127.0.0.1 in this
 * process and the load generator (autocannon) in a process of its own (bench/load-client.ts):
 * - apply with a 200 KB PDF of random (incompressible) content on PGlite and on PostgreSQL,
 *   against a bare Fastify route that only parses the same multipart body. The three variants
 *   are interleaved, ROUNDS times in a rotating order, so that drift on a shared machine hits
 *   them alike; each figure is the median of its rounds and its ratio the median of its ratios
 *   to the bare route of the same round;
 * - what a request of each apply variant costs in CPU, by process (the servers' process, the
 *   PostgreSQL cluster's, the load generator's) and for the whole machine (bench/cpu.ts), and the
 *   rate the machine's cores carry at that cost: the ceiling of each ratio on this machine;
 * - the event-loop delay (p99) of the server process during 5 MB uploads and downloads;
 * - one list page at 1,000 and at 100,000 rows (the ratio should stay near 1);
 * - login: its cost (argon2id, m = 19 MiB, t = 2), and an unknown user against a wrong password.
 * The PostgreSQL cluster runs with durable settings (BENCH_PG_SETTINGS, in docs/SERVER.md).
 * `BENCH_BASELINE=<git ref>` adds that commit's server on both databases to the interleaved apply
 * rounds: a change and its base, side by side in one run.
 * The login flood is bench/login-flood.bench.ts.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { APPLY_PATH } from '../schemas/api-paths.ts';
import { build } from '../server/app.ts';
import { TRIGRAM_INDEX_OPTIONS } from '../server/db/index.ts';
import { MULTIPART_TYPE, multipartBody, spartanFields } from '../tests/api/fixtures.ts';
import { startPostgres, type PostgresCluster } from '../tests/api/postgres.ts';
import { autocannon } from './autocannon.ts';
import { machineCpuSeconds, treeCpuSeconds } from './cpu.ts';

const DURATION_S = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const CONNECTIONS = 10;
/**
 * 5 MB transfers at a fixed rate, below what the machine can carry: the event-loop delay then
 * shows how long one request blocks the loop, not how long the OS kept a saturated CPU away.
 */
const BIG_RATE = 4;
const BIG_CONNECTIONS = 4;
const BIG_DURATION_S = 5;
/**
 * The bench cluster: PostgreSQL's own defaults for durability (fsync, synchronous commit, full
 * page writes on), the default 128 MB of shared buffers; only the socket and port are ours.
 */
export const BENCH_PG_SETTINGS: Record<string, string> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  shared_buffers: '128MB',
};
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
 * then go back to the app's setting (a pending list of at most 64 kB).
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
  await setIndexes(TRIGRAM_INDEX_OPTIONS);
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

/** CPU milliseconds per request during a load, by process, and of the whole machine. */
interface CpuPerRequest {
  /** This process: every server of the bench, and PGlite in it. */
  server: number;
  /** The PostgreSQL cluster's processes (NaN when the load is not on it). */
  postgres: number;
  /** The load generator's process. */
  client: number;
  /** Every core's busy time: the above, the kernel's own work (loopback TCP), anything else. */
  machine: number;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  cpu: CpuPerRequest;
}

/**
 * Runs the load generator in its own process against `url`. The CPU figures cover the load
 * alone, from the client's `started` line to its result (its own start-up is left out); the
 * cluster's with `postgresPid`, its postmaster.
 */
function clientLoad(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    bodyFile?: string;
    overallRate?: number;
    connections?: number;
  },
  duration = DURATION_S,
  postgresPid?: number,
): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'load-client.ts'),
      JSON.stringify({ url, connections: CONNECTIONS, duration, ...opts }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const postgresCpu = () => (postgresPid ? treeCpuSeconds(postgresPid) : Number.NaN);
  let out = '';
  let before: { server: NodeJS.CpuUsage; postgres: number; machine: number } | undefined;
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (!before && out.startsWith('started\n')) {
      before = {
        server: process.cpuUsage(),
        postgres: postgresCpu(),
        machine: machineCpuSeconds(),
      };
    }
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0 || !before) {
        reject(new Error(`load client ${code}`));
        return;
      }
      const server = process.cpuUsage(before.server);
      const r = JSON.parse(out.slice('started\n'.length)) as Omit<LoadResult, 'cpu'> & {
        requests: number;
        cpuSeconds: number;
      };
      const perRequest = (seconds: number) => (seconds * 1000) / Math.max(r.requests, 1);
      resolve({
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        failures: r.failures,
        cpu: {
          server: perRequest((server.user + server.system) / 1e6),
          postgres: perRequest(postgresCpu() - before.postgres),
          client: perRequest(r.cpuSeconds),
          machine: perRequest(machineCpuSeconds() - before.machine),
        },
      });
    }),
  );
}

/** The event-loop delay of this (the servers') process while `work` runs: p99 in ms. */
async function withLoopDelay<T>(work: () => Promise<T>): Promise<[T, number]> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await work();
    return [result, histogram.percentile(99) / 1e6];
  } finally {
    histogram.disable();
  }
}

/** Random bytes behind a PDF header: nothing for PostgreSQL (or anyone) to compress. */
function randomPdf(size: number): Buffer {
  const file = crypto.randomBytes(size);
  file.write('%PDF-1.7\n', 0, 'latin1');
  return file;
}

/**
 * `build` of the server at BENCH_BASELINE (a git ref), extracted into .bench-baseline/ (inside
 * the repository, so that its imports find node_modules); undefined without it.
 */
async function baselineBuild(): Promise<{ ref: string; build: typeof build } | undefined> {
  const ref = process.env.BENCH_BASELINE;
  if (!ref) return undefined;
  const root = path.join(import.meta.dirname, '..');
  const dir = path.join(root, '.bench-baseline');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const tar = path.join(dir, 'tree.tar');
  execFileSync('git', ['archive', '--output', tar, ref, 'server', 'content', 'schemas'], {
    cwd: root,
  });
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  const mod = (await import(path.join(dir, 'server', 'app.ts'))) as { build: typeof build };
  return { ref, build: mod.build };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export default async function apiBench(): Promise<string> {
  const rows: Row[] = [];
  const cpuRows: string[][] = [];
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-bench-'));
  const writeBody = (name: string, size: number) => {
    const file = path.join(temp, name);
    fs.writeFileSync(
      file,
      multipartBody(spartanFields(), [
        { filename: 'cv.pdf', contentType: 'application/pdf', data: randomPdf(size) },
      ]),
    );
    return file;
  };
  const small = writeBody('apply-200k.bin', 200 * 1024);
  const large = writeBody('apply-5m.bin', 5 * 1024 * 1024 - 1024);
  const apply = (bodyFile: string) => ({
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    bodyFile,
  });
  /** Every server under test is built alike, each on its own data folder (and database). */
  const serverOptions = (folder: string) => ({
    dataDir: path.join(temp, folder),
    distDir: temp,
    logger: false,
    rateLimits: RELAXED,
    staffMfa: 'optional' as const,
  });
  const applyUrl = (base: string) => `${base}${APPLY_PATH}`;
  let cluster: PostgresCluster | undefined;
  const apps: FastifyInstance[] = [];
  try {
    const bare = await bareServer();
    apps.push(bare);
    const variants: Array<{ name: string; url: string; postgres?: boolean }> = [
      { name: 'bare Fastify route, same 200 KB multipart', url: `${await listen(bare)}/bare` },
    ];

    const pglite = await build(serverOptions('data'));
    apps.push(pglite);
    const pgliteBase = await listen(pglite);
    variants.push({
      name: 'apply, 200 KB random PDF, PGlite (files on disk)',
      url: applyUrl(pgliteBase),
    });

    const baseline = await baselineBuild();
    if (baseline) {
      const old = await baseline.build(serverOptions('data-baseline'));
      apps.push(old);
      variants.push({
        name: `apply, PGlite, baseline ${baseline.ref}`,
        url: applyUrl(await listen(old)),
      });
    }

    let pgBase: string | undefined;
    try {
      cluster = await startPostgres(BENCH_PG_SETTINGS);
      const postgres = await build({
        ...serverOptions('pg-app'),
        databaseUrl: await cluster.createDatabase('spartan_bench'),
      });
      apps.push(postgres);
      pgBase = await listen(postgres);
      variants.push({
        name: 'apply, 200 KB random PDF, PostgreSQL 15 (files in resume_files)',
        url: applyUrl(pgBase),
        postgres: true,
      });
      if (baseline) {
        const old = await baseline.build({
          ...serverOptions('pg-baseline'),
          databaseUrl: await cluster.createDatabase('spartan_bench_baseline'),
        });
        apps.push(old);
        variants.push({
          name: `apply, PostgreSQL 15, baseline ${baseline.ref}`,
          url: applyUrl(await listen(old)),
          postgres: true,
        });
      }
    } catch (err) {
      rows.push([
        'apply, PostgreSQL 15',
        '–',
        '–',
        '–',
        `not measured: ${(err as Error).message.slice(0, 80)}`,
      ]);
    }

    // Interleaved rounds, the order rotating: each variant runs first, middle and last once.
    const results = new Map<string, LoadResult[]>();
    const ratios = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
      const inRound = new Map<string, LoadResult>();
      for (const variant of order) {
        const pid = variant.postgres ? cluster?.pid() : undefined;
        const r = await clientLoad(variant.url, apply(small), DURATION_S, pid);
        inRound.set(variant.name, r);
        results.set(variant.name, [...(results.get(variant.name) ?? []), r]);
      }
      const bareRps = inRound.get(variants[0]!.name)!.rps;
      for (const variant of variants.slice(1)) {
        ratios.set(variant.name, [
          ...(ratios.get(variant.name) ?? []),
          inRound.get(variant.name)!.rps / bareRps,
        ]);
      }
    }
    for (const variant of variants) {
      const runs = results.get(variant.name)!;
      const failures = runs.reduce((n, r) => n + r.failures, 0);
      const ratio = ratios.get(variant.name);
      rows.push([
        variant.name,
        fmt(median(runs.map((r) => r.rps))),
        fmt(median(runs.map((r) => r.p50))),
        fmt(median(runs.map((r) => r.p99))),
        [
          ratio
            ? `${fmt(median(ratio) * 100, 1)}% of bare (rounds: ${ratio.map((x) => fmt(x * 100, 1)).join(', ')})`
            : 'baseline',
          failures ? `${failures} failed` : '',
        ]
          .filter(Boolean)
          .join('; '),
      ]);
    }

    // What a request costs in CPU, by process: at full use of every core, the machine carries
    // at most cores / cost requests a second, whatever the software's concurrency. Set beside the
    // bare route's measured rate (one Node thread is its limit, not the machine), that is the
    // most a variant's ratio can be on this machine.
    const cores = os.cpus().length;
    const costOf = (name: string, part: keyof CpuPerRequest) =>
      median(results.get(name)!.map((r) => r.cpu[part]));
    const bareRps = median(results.get(variants[0]!.name)!.map((r) => r.rps));
    for (const variant of variants) {
      const machine = costOf(variant.name, 'machine');
      const ceiling = (cores * 1000) / machine;
      cpuRows.push([
        variant.name,
        ...(['server', 'postgres', 'client'] as const).map((part) => {
          const ms = costOf(variant.name, part);
          return Number.isFinite(ms) ? fmt(ms, 2) : '–';
        }),
        Number.isFinite(machine) ? fmt(machine, 2) : '–',
        !Number.isFinite(ceiling)
          ? '–'
          : variant === variants[0]
            ? `${fmt(ceiling)} req/s`
            : `${fmt(ceiling)} req/s, ${fmt((ceiling / bareRps) * 100, 1)}% of bare`,
      ]);
    }

    // 5 MB uploads and downloads: the event loop of the servers' process meanwhile.
    const big = { overallRate: BIG_RATE, connections: BIG_CONNECTIONS };
    const token = await staffToken(pgliteBase, pglite);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const bigTargets: Array<[string, string]> = [['bare Fastify route', `${variants[0]!.url}`]];
    bigTargets.push(['PGlite', applyUrl(pgliteBase)]);
    if (pgBase) bigTargets.push(['PostgreSQL 15', applyUrl(pgBase)]);
    for (const [name, url] of bigTargets) {
      const [r, delay] = await withLoopDelay(() =>
        clientLoad(url, { ...apply(large), ...big }, BIG_DURATION_S),
      );
      rows.push([
        `5 MB uploads, ${name}`,
        fmt(r.rps, 1),
        fmt(r.p50),
        fmt(r.p99),
        `event-loop delay p99 ${fmt(delay, 1)} ms${r.failures ? `; ${r.failures} failed` : ''}`,
      ]);
    }
    const bigOne = (await (
      await fetch(`${pgliteBase}/api/spartan_join/applications/?page_size=1`, auth)
    ).json()) as { data: Array<{ id: string; resume: { size: number } | null }> };
    const bigFile = bigOne.data.find((a) => (a.resume?.size ?? 0) > 4_000_000);
    if (bigFile) {
      const [r, delay] = await withLoopDelay(() =>
        clientLoad(
          `${pgliteBase}/api/spartan_join/application/${bigFile.id}/resume/`,
          { ...auth, ...big },
          BIG_DURATION_S,
        ),
      );
      rows.push([
        '5 MB downloads, PGlite (streamed from disk)',
        fmt(r.rps, 1),
        fmt(r.p50),
        fmt(r.p99),
        `event-loop delay p99 ${fmt(delay, 1)} ms${r.failures ? `; ${r.failures} failed` : ''}`,
      ]);
    }

    // Lists on PGlite (the default): bring the table to 1,000 rows, then to 100,000.
    const existing = Number(
      (
        (await pglite.db.execute(sql`SELECT count(*)::int AS n FROM spartan_applications`)) as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]?.n ?? 0,
    );
    const listUrl = `${pgliteBase}/api/spartan_join/applications/?page=1&page_size=20`;
    const searchUrl = `${pgliteBase}/api/spartan_join/applications/?q=seed777%40example&page_size=20`;
    const measured: Record<string, LoadResult> = {};
    for (const size of [1_000, 100_000]) {
      const current = size === 1_000 ? existing : 1_000;
      if (size > current) await seed(pglite, size - current);
      await load(listUrl, auth, 1); // warm-up, not recorded
      for (const [kind, url] of [
        ['page 1 of 20', listUrl],
        ['search "seed777@example"', searchUrl],
      ] as const) {
        const r = await clientLoad(url, auth);
        const baseline = measured[kind];
        measured[kind] ??= r;
        rows.push([
          `list ${kind}, ${size.toLocaleString('en-US')} rows, PGlite`,
          fmt(r.rps),
          fmt(r.p50),
          fmt(r.p99),
          `${baseline ? `${fmt(r.rps / baseline.rps, 2)}× the 1,000-row rate` : ''}${r.failures ? ` ${r.failures} failed` : ''}`.trim(),
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
    fs.rmSync(path.join(import.meta.dirname, '..', '.bench-baseline'), {
      recursive: true,
      force: true,
    });
  }
  const header = `| case | req/s | p50 ms | p99 ms | note |\n| --- | ---: | ---: | ---: | --- |`;
  return [
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ` +
      `autocannon in its own process, ${CONNECTIONS} connections × ${DURATION_S} s per run; ` +
      `apply rows: medians of ${ROUNDS} interleaved rounds; 5 MB rows: ${BIG_RATE} requests/s ` +
      `over ${BIG_CONNECTIONS} connections; load average ${os.loadavg()[0]!.toFixed(1)} at the end; ` +
      'all on 127.0.0.1',
    '',
    header,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `CPU milliseconds per request in the apply rounds (medians), by process; the whole machine's ` +
      `busy time also counts the kernel's own work (loopback TCP) and anything else running. ` +
      `The ceiling is what ${os.cpus().length} cores carry at that cost, fully used, and that ` +
      `rate as a share of the bare route's measured one: the most its ratio can be here.`,
    '',
    '| case | server process | PostgreSQL | load generator | whole machine | ceiling |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...cpuRows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
