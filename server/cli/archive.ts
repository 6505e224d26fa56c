/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: one file (a gzipped tar) that holds what
 * a server needs to come back as it was:
 *
 *   spartan-backup.json  what the file holds (first, so that restore checks it before anything)
 *   auth-secret          the secret that signs tokens and seals the TOTP keys (without it, every
 *                        staff member's authenticator would be lost)
 *   database.pglite.tar  the embedded database, a consistent copy taken by the running server
 *                        over its admin socket (or by this process when no server runs), or
 *   database.pgdump      PostgreSQL's, from pg_dump (custom format; pg_restore reads it back)
 *   files/…              the résumés on disk (FILE_STORAGE=disk). With FILE_STORAGE=postgres they
 *                        are inside the database's copy; an S3 bucket is not copied (its own
 *                        versioning or replication keeps it: docs/DEPLOY.md, "Backups").
 *
 * The database is copied first, then the files: a résumé deleted in between (with its
 * application) is missing from the file, one added in between is there without its application
 * (an orphan, swept by the server an hour later). Restore fills an empty DATA_DIR (and, with
 * DATABASE_URL, an empty database) and refuses anything else.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { configFromEnv, type ServerConfig } from '../config.ts';
import { openDatabase, protectDataDir } from '../db/index.ts';
import { lockDataDir } from '../db/lock.ts';
import { storageKind } from '../storage/open.ts';
import { DUMP_COMMAND, sendToServer } from './admin-socket.ts';
import { commandFailure } from './commands.ts';

const MANIFEST = 'spartan-backup.json';
const SECRET = 'auth-secret';
const PGLITE_DUMP = 'database.pglite.tar';
const PG_DUMP = 'database.pgdump';
const FILES = 'files/';
const FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  fileStorage: 'disk' | 'postgres' | 's3';
  files: number;
}

/** A refusal or a missing tool, said in one sentence (exit 1). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** One sentence naming the missing tool and the package that brings it, or null when it runs. */
function missingTool(tool: 'pg_dump' | 'pg_restore'): string | null {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (!result.error) return null;
  return `${tool} is needed with DATABASE_URL: install PostgreSQL's client programs (apt-get install postgresql-client, of the server's major version or newer) so that ${tool} is on PATH.`;
}

/**
 * pg_dump's and pg_restore's connection: the URL without its password, which goes in PGPASSWORD
 * (a command line is visible to every local user).
 */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(tool, args, { env, encoding: 'utf8' });
  if (result.status !== 0) {
    const first = (result.stderr || result.error?.message || '').trim().split('\n')[0] ?? '';
    throw new BackupError(`${tool} failed: ${first.replace(/postgres(ql)?:\/\/\S+/g, '…')}`);
  }
}

/** The secret the server on this configuration signs with: AUTH_SECRET, else the data folder's. */
function currentSecret(config: ServerConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, SECRET);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new BackupError(
      `Nothing to back up: ${file} does not exist (no server has run on DATA_DIR ${config.dataDir}).`,
    );
  }
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Adds one entry from a file, streamed, and resolves once it is written. */
function addFile(pack: tar.Pack, name: string, file: string): Promise<void> {
  const { size } = fs.statSync(file);
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
    fs.createReadStream(file).on('error', reject).pipe(entry);
  });
}

function addBuffer(pack: tar.Pack, name: string, data: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve()));
  });
}

/** The embedded database's copy into `file`: by the server that holds it, else by this process. */
async function dumpPglite(config: ServerConfig, file: string): Promise<void> {
  const answer = await sendToServer(config.dataDir, { command: DUMP_COMMAND, file });
  if (answer) {
    if (answer.code !== 0) throw new BackupError(answer.stderr.trim());
    return;
  }
  const database = await openDatabase(config); // No server: we hold the folder's lock meanwhile.
  try {
    await database.dump!(file);
  } finally {
    await database.close();
  }
}

export interface BackupSummary {
  file: string;
  bytes: number;
  seconds: number;
  database: Manifest['database'];
  files: number;
  fileStorage: Manifest['fileStorage'];
}

export async function backup(target: string, config: ServerConfig): Promise<BackupSummary> {
  const started = performance.now();
  const file = path.resolve(target);
  if (fs.existsSync(file)) throw new BackupError(`Nothing written: ${file} already exists.`);
  const database: Manifest['database'] = config.databaseUrl ? 'postgres' : 'pglite';
  if (config.databaseUrl) {
    const missing = missingTool('pg_dump');
    if (missing) throw new BackupError(missing);
  }
  const secret = currentSecret(config);
  const fileStorage = storageKind(config);
  const work = fs.mkdtempSync(path.join(path.dirname(file), '.spartan-backup-'));
  const partial = `${file}.partial`;
  try {
    const dump = path.join(work, database === 'pglite' ? PGLITE_DUMP : PG_DUMP);
    if (config.databaseUrl) {
      const { url, env } = pgConnection(config.databaseUrl);
      runTool(
        'pg_dump',
        ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${url}`],
        env,
      );
    } else {
      await dumpPglite(config, dump);
    }
    const filesDir = path.join(config.dataDir, 'files');
    const files = fileStorage === 'disk' ? filesUnder(filesDir) : [];
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database,
      fileStorage,
      files: files.length,
    };
    const pack = tar.pack();
    const written = pipeline(
      pack,
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await addBuffer(pack, MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    await addBuffer(pack, SECRET, `${secret}\n`);
    await addFile(pack, path.basename(dump), dump);
    for (const name of files) await addFile(pack, `${FILES}${name}`, path.join(filesDir, name));
    pack.finalize();
    await written;
    fs.renameSync(partial, file);
    return {
      file,
      bytes: fs.statSync(file).size,
      seconds: (performance.now() - started) / 1000,
      database,
      files: files.length,
      fileStorage,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** Whether the PostgreSQL database at `url` holds no table of ours (or of anyone's). */
async function postgresEmpty(url: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/** A path inside `root` for an archive's entry name, or an error for one that would leave it. */
function inside(root: string, name: string): string {
  const full = path.resolve(root, name);
  if (!full.startsWith(`${root}${path.sep}`)) {
    throw new BackupError(`The backup names a file outside the data folder (${name}): refused.`);
  }
  return full;
}

export interface RestoreSummary {
  dataDir: string;
  database: Manifest['database'];
  files: number;
  seconds: number;
}

export async function restore(source: string, config: ServerConfig): Promise<RestoreSummary> {
  const started = performance.now();
  const file = path.resolve(source);
  if (!fs.existsSync(file)) throw new BackupError(`Nothing restored: ${file} does not exist.`);
  const dataDir = path.resolve(config.dataDir);
  const existing = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (existing.length > 0) {
    throw new BackupError(
      `Nothing restored: DATA_DIR ${dataDir} is not empty; restore into a new, empty folder.`,
    );
  }
  if (config.databaseUrl) {
    const missing = missingTool('pg_restore');
    if (missing) throw new BackupError(missing);
    if (!(await postgresEmpty(config.databaseUrl))) {
      throw new BackupError(
        'Nothing restored: the database at DATABASE_URL is not empty; restore into a new, empty database.',
      );
    }
  }
  // Ours alone while it is filled: a server started meanwhile waits, then refuses (the lock).
  const release = lockDataDir(dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-restore-'));
  let manifest: Manifest | undefined;
  let files = 0;
  try {
    fs.chmodSync(work, 0o700);
    const extract = tar.extract();
    const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST) throw new BackupError(`${file} is not a backup of this platform.`);
        manifest = JSON.parse((await streamToBuffer(entry)).toString('utf8')) as Manifest;
        if (manifest.format !== FORMAT) {
          throw new BackupError(`${file} is a backup of format ${manifest.format}, not ${FORMAT}.`);
        }
        const wanted = config.databaseUrl ? 'postgres' : 'pglite';
        if (manifest.database !== wanted) {
          throw new BackupError(
            manifest.database === 'pglite'
              ? 'This backup holds the embedded database: unset DATABASE_URL to restore it.'
              : 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
          );
        }
        continue;
      }
      if (name === SECRET) {
        const secret = (await streamToBuffer(entry)).toString('utf8').trim();
        if (config.authSecret && config.authSecret !== secret) {
          throw new BackupError(
            'AUTH_SECRET differs from the secret in the backup: the TOTP keys would not open; unset it, or set the backup\u2019s.',
          );
        }
        fs.writeFileSync(path.join(dataDir, SECRET), secret, { mode: 0o600 });
      } else if (name === PGLITE_DUMP) {
        const tarball = await streamToBuffer(entry);
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const db = await PGlite.create(path.join(dataDir, 'pglite'), {
          loadDataDir: new Blob([new Uint8Array(tarball)]),
          extensions: { pg_trgm },
        });
        await db.close();
      } else if (name === PG_DUMP) {
        const dump = path.join(work, PG_DUMP);
        await pipeline(entry, fs.createWriteStream(dump, { mode: 0o600 }));
        const { url, env } = pgConnection(config.databaseUrl!);
        runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, dump], env);
      } else if (name.startsWith(FILES)) {
        const target = inside(path.join(dataDir, 'files'), name.slice(FILES.length));
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }));
        files += 1;
      } else {
        entry.resume();
      }
    }
    await reading;
    if (!manifest) throw new BackupError(`${file} is empty.`);
    protectDataDir(dataDir);
    return {
      dataDir,
      database: manifest.database,
      files,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    release();
  }
}

async function streamToBuffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const databaseWords = { pglite: 'the embedded database', postgres: 'the PostgreSQL database' };

/** `npm run backup -- FILE`: the exit code. */
export async function backupCli(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error('Usage: npm run backup -- FILE   (a new file: the backup is written there)');
    return 2;
  }
  try {
    const done = await backup(argv[0]!, configFromEnv());
    const files =
      done.fileStorage === 'disk'
        ? `${done.files} résumé files`
        : done.fileStorage === 'postgres'
          ? 'the résumés (inside the database)'
          : 'no résumés (they stay in the S3 bucket)';
    console.log(
      `Backup written to ${done.file}: ${databaseWords[done.database]}, ${files} and the secret; ${megabytes(done.bytes)} in ${done.seconds.toFixed(1)} s.`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : commandFailure(err));
    return 1;
  }
}

/** `npm run restore -- FILE`: the exit code. */
export async function restoreCli(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- FILE   (into an empty DATA_DIR, and database)');
    return 2;
  }
  try {
    const done = await restore(argv[0]!, configFromEnv());
    console.log(
      `Restored ${databaseWords[done.database]}, ${done.files} résumé files and the secret into ${done.dataDir} in ${done.seconds.toFixed(1)} s.`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : commandFailure(err));
    return 1;
  }
}
