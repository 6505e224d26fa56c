/** Opens the configured file store, moves older resumes into it and keeps it free of orphans. */
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import { asyncCommitPool, type Database } from '../db/index.ts';
import { DiskFileStore } from './disk.ts';
import { moveLegacyResumes, ORPHAN_GRACE_MS, sweepOrphans, type FileStore } from './index.ts';
import { PostgresFileStore } from './postgres.ts';

/** How often a running server sweeps orphan files. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function storageKind(
  config: Pick<ServerConfig, 'fileStorage' | 's3' | 'databaseUrl'>,
): FileStore['kind'] {
  return config.fileStorage ?? (config.s3 ? 's3' : config.databaseUrl ? 'postgres' : 'disk');
}

export async function openFileStore(
  config: Pick<ServerConfig, 'fileStorage' | 's3' | 'databaseUrl' | 'dataDir'>,
  database: Database,
): Promise<FileStore> {
  const kind = storageKind(config);
  if (kind === 's3') {
    if (!config.s3) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET (and usually S3_ENDPOINT).');
    // Loaded only when used: the SDK is large, and warns about Node versions when loaded.
    const { S3FileStore } = await import('./s3.ts');
    return new S3FileStore(config.s3);
  }
  if (kind === 'postgres') {
    if (!database.url) throw new Error('FILE_STORAGE=postgres needs DATABASE_URL.');
    return new PostgresFileStore(
      asyncCommitPool(database.url, Number(process.env.DATABASE_POOL_SIZE ?? 10)),
    );
  }
  return DiskFileStore.open(path.join(config.dataDir, 'files'));
}

export interface FileUpkeep {
  /** Stops the hourly sweep and waits for one under way. */
  stop(): Promise<void>;
}

/**
 * At start-up: moves resumes stored in rows into the store, then sweeps orphans. With the embedded
 * database and files on disk, this process is the folder's only user (the lock) and no request
 * runs yet, so every orphan goes at once; elsewhere other processes may be mid-upload, so only
 * orphans older than an hour do. Then a sweep every hour, in the background.
 */
export async function startFileUpkeep(
  database: Database,
  files: FileStore,
  onError: (err: unknown) => void,
): Promise<FileUpkeep> {
  await moveLegacyResumes(database.db, files);
  const alone = database.kind === 'pglite' && files.kind === 'disk';
  await sweepOrphans(database.db, files, alone ? 0 : ORPHAN_GRACE_MS);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepOrphans(database.db, files, ORPHAN_GRACE_MS).catch(onError);
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
