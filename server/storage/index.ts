/**
 * The file store: where resume bytes live, apart from the database rows (which keep the name,
 * type and size). One interface, three stores:
 *
 * - `disk` (the default on the embedded database): files under DATA_DIR/files, each written to a
 *   temporary file, fsynced, renamed into place and its folder fsynced before the application's
 *   row commits (server/storage/disk.ts);
 * - `postgres` (the default with DATABASE_URL): the `resume_files` table, written by a statement
 *   of its own before the application's transaction, so every app process on every machine sees
 *   the files with no other service (server/storage/postgres.ts);
 * - `s3`: any S3-compatible object storage (server/storage/s3.ts).
 *
 * Keys are application ids. A file is stored before its row commits and deleted after its row is
 * deleted, so a row never names a missing file; a crash between the two leaves an orphan file,
 * which `sweepOrphans` deletes (at start-up and every hour).
 */
import type { Readable } from 'node:stream';
import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { spartanResumes } from '../db/schema.ts';

export interface StoredFile {
  size: number;
  /** The bytes, streamed where the store can (disk, S3). */
  body: Readable | Buffer;
}

export interface FileStore {
  readonly kind: 'disk' | 'postgres' | 's3';
  /** Stores `data` under `key`, replacing any earlier file; durable once it resolves. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file under `key`, or null. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes the files under `keys` (missing ones are no error). */
  delete(keys: readonly string[]): Promise<void>;
  /** The keys of files stored before `before`, in batches (for the orphan sweep). */
  list(before: Date): AsyncIterable<string[]>;
  close(): Promise<void>;
}

/** A file store that failed (disk full, object storage unreachable): the request answers 503. */
export class StorageUnavailableError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    const code = (cause as { code?: unknown; name?: unknown }).code;
    const name = (cause as { name?: unknown }).name;
    const label = typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
    // The cause's code only: a message could carry a path or a key, never bytes, but stay terse.
    super(`File storage unavailable (${label})`);
    this.name = 'StorageUnavailableError';
    this.code = label;
  }
}

/** Runs a store operation, turning its failure into StorageUnavailableError. */
export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    throw err instanceof StorageUnavailableError ? err : new StorageUnavailableError(err);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys are application ids: anything else is refused before it reaches a path or a URL. */
export function checkKey(key: string): string {
  if (!UUID.test(key)) throw new Error('A file key must be an application id');
  return key;
}

export function isKey(key: string): boolean {
  return UUID.test(key);
}

/** How old an unreferenced file must be before a sweep may delete it (an upload in flight). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the files that no resume row names and that were stored more than `graceMs` ago.
 * Returns how many were deleted.
 */
export async function sweepOrphans(db: Db, files: FileStore, graceMs: number): Promise<number> {
  let swept = 0;
  for await (const batch of files.list(new Date(Date.now() - graceMs))) {
    const keys = batch.filter(isKey);
    if (keys.length === 0) continue;
    const named = await db
      .select({ id: spartanResumes.applicationId })
      .from(spartanResumes)
      .where(inArray(spartanResumes.applicationId, keys));
    const kept = new Set(named.map((r) => r.id));
    const orphans = keys.filter((k) => !kept.has(k));
    if (orphans.length > 0) await files.delete(orphans);
    swept += orphans.length;
  }
  return swept;
}

/**
 * Moves the bytes of applications stored before the file store (spartan_resumes.data) into it,
 * a few at a time: each file is stored, then its row's copy cleared. Idempotent, and safe to run
 * from several processes at once (a file stored twice is the same file).
 */
export async function moveLegacyResumes(db: Db, files: FileStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ id: spartanResumes.applicationId, data: spartanResumes.data })
      .from(spartanResumes)
      .where(isNotNull(spartanResumes.data))
      .limit(16);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      if (row.data) await files.put(row.id, row.data);
    }
    await db
      .update(spartanResumes)
      .set({ data: sql`NULL` })
      .where(
        inArray(
          spartanResumes.applicationId,
          rows.map((r) => r.id),
        ),
      );
    moved += rows.length;
  }
}
