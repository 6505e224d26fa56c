/**
 * The staff lists at scale: every list and search call the staff area makes, timed at 1,000
 * and at 100,000 Spartan applications, on PGlite and on PostgreSQL. The goal is that each call
 * at 100k costs at most twice its 1k time (the "ratio" column). Calls go through the real app
 * (`app.inject`, so the figure is the server's cost, not the network's), one at a time, the
 * cases interleaved round by round so drift hits all alike; the figure is the median.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOB_ROLES } from '../content/forms.ts';
import { build } from '../server/app.ts';
import { TRIGRAM_INDEX_OPTIONS } from '../server/db/index.ts';
import { startPostgres, type PostgresCluster } from '../tests/api/postgres.ts';

const PASSWORD = 'a quiet lake at dawn';
const ROUNDS = 40;
/** Rounds run first and not recorded (the JIT and the caches warm up on the 1k table). */
const WARM_UP = 15;
const SIZES = [1_000, 100_000] as const;
const LIST = '/api/spartan_join/applications/';
const TRGM_INDEXES = ['spartan_applications_fullname_trgm', 'spartan_applications_email_trgm'];

/** Adds `count` applications in SQL, numbered from `from` (spread over statuses, roles, sources). */
async function seed(app: FastifyInstance, from: number, count: number): Promise<void> {
  const setIndexes = async (options: string) => {
    for (const index of TRGM_INDEXES) {
      await app.db.execute(sql.raw(`ALTER INDEX ${index} SET (${options})`));
    }
  };
  await setIndexes('fastupdate = on, gin_pending_list_limit = 65536');
  const roles = `{${JOB_ROLES.map((r) => `"${r}"`).join(',')}}`;
  await app.db.execute(sql`
    INSERT INTO spartan_applications
      (id, created_at, job_title, fullname, date_of_birth, location, gender, email, phone, origin, status)
    SELECT gen_random_uuid(), now() - make_interval(secs => i * 60),
           (${roles}::text[])[1 + i % ${JOB_ROLES.length}::int],
           'Seeded Spartan ' || i, DATE '1990-01-01', 'Austin', 'Other',
           'seed' || i || '@example.com', '+1 555 000 0000',
           CASE WHEN i % 10 = 0 THEN 'https://partner.example' END,
           (ARRAY['new', 'in_review', 'shortlisted', 'rejected', 'accepted'])[1 + i % 5]
    FROM generate_series(${from}::int, ${from + count - 1}::int) AS i`);
  await app.db.execute(sql`VACUUM ANALYZE spartan_applications`);
  await setIndexes(TRIGRAM_INDEX_OPTIONS);
}

async function token(app: FastifyInstance): Promise<string> {
  await app.staff.create({ username: 'bench', password: PASSWORD });
  const res = await app.inject({
    method: 'POST',
    url: '/api/security-login/',
    payload: { username: 'bench', password: PASSWORD },
  });
  return res.json<{ access: string }>().access;
}

/** The cursor of the row in the middle of the newest-first list: a deep keyset page. */
async function middleCursor(app: FastifyInstance, size: number): Promise<string> {
  const result = (await app.db.execute(
    sql`SELECT id, (extract(epoch FROM created_at) * 1000)::bigint AS ms FROM spartan_applications
        ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(size / 2)} LIMIT 1`,
  )) as unknown as { rows: Array<{ id: string; ms: string | number }> };
  const row = result.rows[0]!;
  return `${row.ms}_${row.id}`;
}

/** Each case's list query, or a whole path for a call beside the list. */
function cases(cursor: string): Record<string, string> {
  const today = new Date().toISOString().slice(0, 10);
  const role = encodeURIComponent('Data Engineer');
  return {
    'default view (status new)': 'status=new&page_size=10',
    'all statuses, page 1': 'page_size=10',
    'all statuses, page 5 (offset)': 'page=5&page_size=10',
    'deep page by cursor (middle of the table)': `cursor=${cursor}&page_size=10`,
    'page before a cursor': `before=${cursor}&page_size=10`,
    'oldest first': 'sort=oldest&page_size=10',
    'job role + status': `job_title=${role}&status=shortlisted&page_size=10`,
    'source: a partner': 'origin=https%3A%2F%2Fpartner.example&page_size=10',
    'date range: today': `from=${today}&to=${today}&page_size=10`,
    'search, one exact email': 'q=seed777%40example.com&page_size=10',
    'search, 2-letter prefix matching all': 'q=se&page_size=10',
    'search, word in every row': 'q=example&page_size=10',
    'search, no match': 'q=nobody-here&page_size=10',
    'search + status new': 'q=spartan&status=new&page_size=10',
    // Not a list query: the Source filter's menu, read once as the list opens.
    'partner origins (Source filter)': '/api/staff/applications/spartan/origins/',
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Median milliseconds per call of each case. */
async function time(
  app: FastifyInstance,
  auth: string,
  list: Record<string, string>,
): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = {};
  const headers = { authorization: `Bearer ${auth}` };
  for (let round = -WARM_UP; round < ROUNDS; round += 1) {
    for (const [name, query] of Object.entries(list)) {
      const started = performance.now();
      const url = query.startsWith('/') ? query : `${LIST}?${query}`;
      const res = await app.inject({ method: 'GET', url, headers });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (round >= 0) (samples[name] ??= []).push(elapsed);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
}

async function measure(label: string, app: FastifyInstance): Promise<string[][]> {
  const auth = await token(app);
  const results: Array<Record<string, number>> = [];
  let names: string[] = [];
  for (const [i, size] of SIZES.entries()) {
    const have = i === 0 ? 0 : SIZES[i - 1]!;
    await seed(app, have + 1, size - have);
    const list = cases(await middleCursor(app, size));
    names = Object.keys(list);
    results.push(await time(app, auth, list));
  }
  return names.map((name) => {
    const small = results[0]![name]!;
    const large = results[1]![name]!;
    const ratio = large / small;
    return [
      `${label}: ${name}`,
      small.toFixed(2),
      large.toFixed(2),
      `${ratio.toFixed(2)}×`,
      ratio <= 2 ? 'within 2×' : 'OVER 2×',
    ];
  });
}

export default async function listsBench(): Promise<string> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-lists-bench-'));
  const rows: string[][] = [];
  let cluster: PostgresCluster | undefined;
  const common = { distDir: temp, logger: false, staffMfa: 'optional' as const };
  try {
    const pglite = await build({ ...common, dataDir: path.join(temp, 'pglite') });
    try {
      rows.push(...(await measure('PGlite', pglite)));
    } finally {
      await pglite.close();
    }
    cluster = await startPostgres();
    const url = await cluster.createDatabase('spartan_lists_bench');
    const postgres = await build({ ...common, dataDir: path.join(temp, 'pg'), databaseUrl: url });
    try {
      rows.push(...(await measure('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
    }
  } finally {
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return [
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ` +
      `median of ${ROUNDS} calls per case, one at a time, through app.inject`,
    '',
    '| list call | 1k rows ms | 100k rows ms | ratio | goal ≤ 2× |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
