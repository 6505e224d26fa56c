/**
 * How long applicant data stays (docs/DESK.md): applications older than RETENTION_DAYS go, with
 * their resumes, notes and history, by a job in the server (at start, then daily); an applicant's
 * every application goes on request (erasure by email). Logged and audited as counts only.
 */
import { and, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { mailQueue } from '../db/desk-schema.ts';
import { investorApplications, spartanApplications } from '../db/schema.ts';
import { deleteApplications } from '../applications.ts';
import type { FileStore } from '../storage/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement, so no delete holds its locks for long. */
const BATCH = 500;

export interface Deleted {
  spartan: number;
  investor: number;
}

const TABLES = { spartan: spartanApplications, investor: investorApplications } as const;

/** Deletes, a batch at a time, every application of both kinds matching `where(table)`. */
async function deleteWhere(
  db: Db,
  files: FileStore,
  where: (table: (typeof TABLES)[keyof typeof TABLES]) => SQL,
): Promise<Deleted> {
  const deleted: Deleted = { spartan: 0, investor: 0 };
  for (const kind of ['spartan', 'investor'] as const) {
    const table = TABLES[kind];
    for (;;) {
      const batch = db.select({ id: table.id }).from(table).where(where(table)).limit(BATCH);
      const gone = await deleteApplications(db, files, kind, sql`${table.id} IN (${batch})`);
      deleted[kind] += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return deleted;
}

/** Deletes the applications older than `days` days. */
export function purgeExpired(
  db: Db,
  files: FileStore,
  days: number,
  now = Date.now(),
): Promise<Deleted> {
  const cutoff = new Date(now - days * DAY_MS);
  return deleteWhere(db, files, (table) => and(lt(table.createdAt, cutoff))!);
}

/** Deletes every application with this email (any case), and mail still queued to it. */
export async function eraseApplicant(db: Db, files: FileStore, email: string): Promise<Deleted> {
  const address = email.trim().toLowerCase();
  const deleted = await deleteWhere(db, files, (table) => sql`lower(${table.email}) = ${address}`);
  await db.delete(mailQueue).where(sql`lower(${mailQueue.to}) = ${address}`);
  return deleted;
}

/** Runs `purgeExpired` now and then daily until the returned stop is called. */
export function startRetention(
  db: Db,
  files: FileStore,
  days: number,
  onDone: (deleted: Deleted) => void,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => purgeExpired(db, files, days).then(onDone, onError));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
