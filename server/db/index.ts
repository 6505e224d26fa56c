/**
 * Opens the database: PGlite in `dataDir` by default, PostgreSQL when
 * `databaseUrl` is set. Same schema, same migrations (run here, at start-up,
 * idempotently), same drizzle query layer for both.
 *
 * The embedded default runs PGlite, whose Node file system writes without
 * fsync: a crash of the process keeps every acknowledged write (the files are
 * in the OS page cache), a power loss or kernel crash may lose the last ones.
 * Production belongs on PostgreSQL (docs/SERVER.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { schema } from './schema.ts';
import { LOCK_FILE, lockDataDir } from './lock.ts';
import { onOwnConnection } from './own-connection.ts';
import { pgliteStatements, postgresStatements, type RunStatement } from './prepared.ts';
import { databaseUnavailable, errorLabel } from '../api-errors.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The query layer handed to a transaction's body. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** On PostgreSQL: the URL, for the pools of the file store and the submission limit. */
  url?: string;
  /** Runs one statement for its effect, prepared once per text (server/db/prepared.ts). */
  run: RunStatement;
  /** Runs `body` in one transaction; a connection that breaks on the way is never leaked. */
  transaction<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * The embedded database only: writes a consistent copy of it (PGlite's data folder as a tar,
   * taken between two statements, after a checkpoint) to `file`, mode 0600.
   */
  dump?: (file: string) => Promise<void>;
  /** PostgreSQL's pool: clients open, idle, and requests waiting for one (server/metrics.ts). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** Closes connections and, for PGlite, releases the data-folder lock. Idempotent. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** The SQL migrations, beside this module (scripts/build-server.ts copies them beside its own). */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * The trigram indexes' storage options, as migration 0013 sets them: a pending list of at most
 * 64 kB. The benches, which load rows in bulk through a larger list, set these back after.
 */
export const TRIGRAM_INDEX_OPTIONS = 'fastupdate = on, gin_pending_list_limit = 64';

/** Serialises start-up migrations of several servers on one PostgreSQL database. */
export const MIGRATION_LOCK_KEY = 7_311_042_001;

const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex form with Buffer's native codec: PGlite's own codec goes
 * through JavaScript one byte at a time (about 0.9 s of a blocked event loop for 5 MB).
 */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

export function parseBytea(text: string): Buffer {
  return Buffer.from(text.slice(2), 'hex');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir));
}

/**
 * What the server keeps in the data folder: the only entries protectDataDir touches. An operator's
 * own files beside them (a folder that holds other things, by mistake or not) keep their modes.
 */
const SERVER_FOLDERS = ['pglite', 'outbox'];
const SERVER_FILES = ['auth-secret', LOCK_FILE];
/** Resume files are created 0600 by the file store: their folder alone, not 100,000 files. */
const FILES_FOLDER = 'files';

/**
 * The data folder is the owner's alone, whatever the umask: the process's umask is tightened (on
 * the main thread, where it can be), the folder is made 0700, and every folder of the server's in
 * it 0700 and every file 0600. PGlite's file system sets 0666 on the files it creates whatever the
 * umask, so this runs again once the database is open and when it closes; in between, the
 * folder's 0700 keeps every other user out.
 */
export function protectDataDir(dataDir: string): void {
  if (isMainThread) process.umask(process.umask(0o077) | 0o077);
  const walk = (dir: string) => {
    fs.chmodSync(dir, 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) fs.chmodSync(full, 0o600);
    }
  };
  fs.chmodSync(dataDir, 0o700);
  const here = (name: string) => {
    const full = path.join(dataDir, name);
    return fs.existsSync(full) ? full : null;
  };
  for (const name of SERVER_FOLDERS) {
    const full = here(name);
    if (full) walk(full);
  }
  const files = here(FILES_FOLDER);
  if (files) fs.chmodSync(files, 0o700);
  for (const name of SERVER_FILES) {
    const full = here(name);
    if (full) fs.chmodSync(full, 0o600);
  }
}

/** ANALYZE of every table of the database's own (not the system catalogs), in one statement. */
const ANALYZE_OUR_TABLES = `DO $$ BEGIN
  EXECUTE (SELECT 'ANALYZE ' || string_agg(format('%I.%I', schemaname, relname), ', ')
           FROM pg_stat_user_tables);
END $$`;

async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    protectDataDir(dataDir);
    client = await PGlite.create(path.join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
      serializers: { [BYTEA]: serializeBytea },
      parsers: { [BYTEA]: parseBytea },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    // PGlite runs no autovacuum daemon: refresh the planner's statistics at each start, of our
    // tables (whichever the migrations made). PostgreSQL's own catalogs are left as they are:
    // analysing them too took about 0.3 CPU-s a start on an empty database, our tables 0.05-0.1.
    await client.exec(ANALYZE_OUR_TABLES);
    protectDataDir(dataDir);
    const opened = client;
    let closed: Promise<void> | undefined;
    return {
      db,
      kind: 'pglite',
      run: pgliteStatements(opened),
      transaction: (body) => db.transaction(body),
      ping: async () => {
        await opened.query('SELECT 1');
      },
      dump: async (file) => {
        await opened.exec('CHECKPOINT');
        const tar = await opened.dumpDataDir('none');
        fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()), { mode: 0o600, flag: 'wx' });
      },
      close: () =>
        (closed ??= (async () => {
          try {
            await opened.close();
            protectDataDir(dataDir);
          } finally {
            release();
          }
        })()),
    };
  } catch (err) {
    await client?.close().catch(() => undefined);
    release();
    throw err;
  }
}

/**
 * A pool whose commits do not wait for their WAL flush (`synchronous_commit = off`), for writes
 * whose durability comes from a later commit or does not matter:
 * - a resume file, written just before its application's transaction: that transaction's commit
 *   flushes the WAL up to itself, the file's records included (the WAL is one sequence), and
 *   nothing is acknowledged before it; a file whose application never committed is an orphan;
 * - rate-limit counters (a crash forgets a few counts).
 * One WAL flush per submission instead of three. Every client's errors are heard (see below).
 */
export function asyncCommitPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    options: '-c synchronous_commit=off -c statement_timeout=30000',
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

async function openPostgres(url: string): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  // A connection that drops while the migrations run (a restart, pg_terminate_backend) makes the
  // client emit 'error', which unheard would end the process with a stack. Heard, the query in
  // flight (or the next one) fails, and start-up fails with one sentence.
  let dropped: unknown;
  migrator.on('error', (err) => {
    dropped ??= err;
  });
  await migrator.connect();
  try {
    await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder: MIGRATIONS });
    await migrator.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } catch (err) {
    if (dropped === undefined && !databaseUnavailable(err)) throw err;
    const { code } = { ...errorLabel(dropped), ...errorLabel(err) };
    throw new Error(
      `the connection to PostgreSQL dropped while the migrations ran${code ? ` (${code})` : ''}; start it again once the database answers`,
    );
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 30_000,
  });
  // A connection that drops (a restart, a failover, pg_terminate_backend) makes its client emit
  // 'error'. Unheard, that event would end the process; the query using the client fails on its
  // own (the request answers 503) and the pool replaces the client. Idle clients: the pool's own
  // 'error' event; checked-out ones: their own, heard from the moment they connect.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Not drizzle's own pool transaction: it sends BEGIN before its try/finally, so a connection
  // that has just dropped is never given back to the pool, and ten of those exhaust it (and
  // `pool.end()` then waits for ever). Here the connection is checked out and released by us,
  // destroyed when anything failed. It also replaces `db.transaction`, so that every caller
  // (staff accounts, the audit trail) gets it.
  const transaction: Database['transaction'] = (body) =>
    onOwnConnection(pool, (client) => drizzlePg(client, { schema }).transaction(body));
  (db as { transaction: unknown }).transaction = transaction;
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    url,
    run: postgresStatements(pool),
    transaction,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => (closed ??= pool.end()),
  };
}
