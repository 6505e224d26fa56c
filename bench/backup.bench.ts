/**
 * `npm run bench -- backup`: `npm run backup` of a running server that holds 10,000 Spartan
 * applications, each with a résumé of 100 to 300 KB, then `npm run restore` of that file into an
 * empty DATA_DIR (and database): the file's size and each command's wall time, on the embedded
 * database (résumés on disk) and on PostgreSQL (résumés in the database, its default).
 *
 * The data is stored in-process before the server starts: the rows in SQL, the résumés through the
 * server's own file store (what an upload does once it is validated; 10,000 uploads through the API
 * would meet its rate limits). A résumé is a PDF whose body is random bytes: a real one's content
 * streams are compressed, so gzip gains as little on it. Then the server starts as `npm start` runs
 * it, and the commands run as `npm run backup` and `npm run restore` do (scripts/bootstrap.mjs), the
 * backup while the server serves. Needs a built dist/ (`npm run build`) and about 10 GB of free
 * disk in the temporary folder.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JOB_ROLES } from '../content/forms.ts';
import { build } from '../server/app.ts';
import { spartanApplications, spartanResumes } from '../server/db/schema.ts';
import { DIST, ROOT } from '../scripts/paths.ts';
import { startPostgres, type PostgresCluster } from '../tests/api/postgres.ts';
import { startServerProcess } from './server-process.ts';

const APPLICATIONS = 10_000;
const BATCH = 500;
const STATUSES = ['new', 'in_review', 'shortlisted', 'rejected', 'accepted'];
const KB = 1024;

/** Application `i`'s résumé size: spread evenly over 100–300 KB (a mean of 200 KB). */
const resumeSize = (i: number) => 100 * KB + ((i * 7919) % (200 * KB));

/** A PDF of `size` bytes whose one stream is random (as compressed content is to gzip). */
function resume(size: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      '3 0 obj << /Filter /FlateDecode >> stream\n',
  );
  const tail = Buffer.from('\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length - tail.length), tail]);
}

/** Runs `fn` over `items`, `width` at a time. */
async function eachAtOnce<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** Stores the applications and their résumés; the résumés' total bytes. */
async function seed(app: FastifyInstance): Promise<number> {
  let bytes = 0;
  for (let from = 0; from < APPLICATIONS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, APPLICATIONS - from) }, (_, j) => ({
      i: from + j,
      id: crypto.randomUUID(),
    }));
    // The file first, as an upload stores it: once the row exists, its file does.
    await eachAtOnce(batch, 8, async ({ i, id }) => {
      await app.files.put(id, resume(resumeSize(i)));
      bytes += resumeSize(i);
    });
    await app.db.insert(spartanApplications).values(
      batch.map(({ i, id }) => ({
        id,
        createdAt: new Date(Date.now() - i * 60_000),
        jobTitle: JOB_ROLES[i % JOB_ROLES.length]!,
        fullname: `Seeded Spartan ${i}`,
        dateOfBirth: '1990-01-01',
        location: 'Austin',
        gender: 'Other',
        email: `seed${i}@example.com`,
        phone: '+1 555 000 0000',
        status: STATUSES[i % STATUSES.length]!,
      })),
    );
    await app.db.insert(spartanResumes).values(
      batch.map(({ i, id }) => ({
        applicationId: id,
        filename: `resume-${i}.pdf`,
        contentType: 'application/pdf',
        size: resumeSize(i),
      })),
    );
  }
  return bytes;
}

/** `node scripts/bootstrap.mjs …args` as npm runs it: its output, and its wall time in s. */
async function command(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/bootstrap.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${args[0]} exited ${code}: ${output}`);
  return { seconds: (performance.now() - started) / 1000, output: output.trim() };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface Target {
  name: string;
  stored: string;
  /** The environment of the server and the commands, given a fresh DATA_DIR. */
  env: (dataDir: string) => Promise<NodeJS.ProcessEnv>;
}

async function measure(target: Target, temp: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(temp, 'run-'));
  try {
    const env = await target.env(path.join(dir, 'data'));
    const app = await build({
      dataDir: env.DATA_DIR!,
      distDir: DIST,
      logger: false,
      staffMfa: 'optional',
      ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    });
    let resumeBytes: number;
    try {
      resumeBytes = await seed(app);
    } finally {
      await app.close();
    }
    const server = await startServerProcess(['scripts/bootstrap.mjs', 'start'], {
      ...env,
      DIST_DIR: DIST,
    });
    const file = path.join(dir, 'spartans.backup');
    let backup: { seconds: number; output: string };
    try {
      backup = await command(['backup', file], { ...env, DIST_DIR: DIST });
    } finally {
      await server.stop();
    }
    const restoredEnv = await target.env(path.join(dir, 'restored'));
    const restore = await command(['restore', file], { ...restoredEnv, DIST_DIR: DIST });
    return [
      target.name,
      target.stored,
      APPLICATIONS.toLocaleString('en-US'),
      mb(resumeBytes),
      mb(fs.statSync(file).size),
      backup.seconds.toFixed(1),
      restore.seconds.toFixed(1),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function backupBench(): Promise<string> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-backup-bench-'));
  let cluster: PostgresCluster | undefined;
  const rows: string[][] = [];
  let databases = 0;
  try {
    const targets: Target[] = [
      {
        name: 'PGlite',
        stored: 'on disk (files/ in the backup)',
        env: async (dataDir) => ({ DATA_DIR: dataDir }),
      },
      {
        name: 'PostgreSQL 15',
        stored: 'in the database (in its pg_dump)',
        env: async (dataDir) => {
          cluster ??= await startPostgres();
          databases += 1;
          return {
            DATA_DIR: dataDir,
            DATABASE_URL: await cluster.createDatabase(`spartan_backup_bench_${databases}`),
          };
        },
      },
    ];
    for (const target of targets) rows.push(await measure(target, temp));
  } finally {
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return [
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; one run each; ` +
      'backup taken while the server runs (npm run backup), restore into an empty DATA_DIR and database',
    '',
    '| database | résumés | applications | résumé MB | backup file MB | backup s | restore s |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
