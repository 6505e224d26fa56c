/**
 * How long applicant data stays (docs/DESK.md): applications older than RETENTION_DAYS go, with
 * their resumes, notes and history, and so do the outbox's mail files of that age, by a job in
 * the server (at start, then daily); an applicant's every application goes on request (erasure
 * by email), with the mail to or about them. Logged and audited as counts only.
 */
import { and, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.ts';
import { mailQueue } from '../db/desk-schema.ts';
import { investorApplications, spartanApplications } from '../db/schema.ts';
import { deleteApplications } from '../applications.ts';
import { eraseFromOutbox, pruneOutbox } from '../mail/outbox.ts';
import type { FileStore } from '../storage/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement, so no delete holds its locks for long. */
const BATCH = 500;

export interface Deleted {
  spartan: number;
  investor: number;
}

const TABLES = { spartan: spartanApplications, investor: investorApplications } as const;

/**
 * Deletes, a batch at a time, every application of both kinds matching `where(table)`; answers
 * the counts, and the ids to `onIds`.
 */
async function deleteWhere(
  db: Db,
  files: FileStore,
  where: (table: (typeof TABLES)[keyof typeof TABLES]) => SQL,
  onIds: (ids: string[]) => void = () => undefined,
): Promise<Deleted> {
  const deleted: Deleted = { spartan: 0, investor: 0 };
  for (const kind of ['spartan', 'investor'] as const) {
    const table = TABLES[kind];
    for (;;) {
      const batch = db.select({ id: table.id }).from(table).where(where(table)).limit(BATCH);
      const gone = await deleteApplications(db, files, kind, sql`${table.id} IN (${batch})`);
      deleted[kind] += gone.length;
      onIds(gone);
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

/** The embedded mail outbox, and how to wait for a send under way (server/mail/mailer.ts). */
export interface Outbox {
  dir: string;
  settled: () => Promise<unknown>;
}

/** Applications deleted, and mail files deleted from the outbox. */
export interface Removed extends Deleted {
  mails: number;
}

/**
 * Deletes every application with this email (any case), the mail still queued to it or naming
 * one of its applications, and the outbox's mail files to or about it.
 */
export async function eraseApplicant(
  db: Db,
  files: FileStore,
  email: string,
  outbox: Outbox,
): Promise<Removed> {
  const address = email.trim().toLowerCase();
  const ids: string[] = [];
  const deleted = await deleteWhere(
    db,
    files,
    (table) => sql`lower(${table.email}) = ${address}`,
    (gone) => ids.push(...gone),
  );
  await db.delete(mailQueue).where(sql`lower(${mailQueue.to}) = ${address}`);
  // Staff notices naming an erased application.
  for (let i = 0; i < ids.length; i += BATCH) {
    const named = ids
      .slice(i, i + BATCH)
      .map((id) => sql`position(${id} in ${mailQueue.body}) > 0`);
    await db.delete(mailQueue).where(or(...named));
  }
  // A mail claimed before its row went may be being written: the outbox is searched after it.
  await outbox.settled();
  const mails = await eraseFromOutbox(outbox.dir, address, ids);
  return { ...deleted, mails };
}

/** How often a process asks whether the day's run is due. */
const CLAIM_EVERY_MS = 60 * 60 * 1000;

/**
 * Claims today's run of job `name` for this process: true when no process (of those sharing the
 * database) has run it in the last day. One statement, so two processes asking at once cannot
 * both win; a process that dies after claiming leaves the day's run done (it runs again the next
 * day), never run twice.
 */
export async function claimDailyRun(db: Db, name: string): Promise<boolean> {
  // db.execute's answer differs between the two drivers: both have the rows.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const claimed = (await db.execute(sql`
    INSERT INTO job_runs (name, ran_at) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET ran_at = excluded.ran_at, runs = job_runs.runs + 1
      WHERE job_runs.ran_at <= now() - interval '1 day'
    RETURNING name`)) as unknown as { rows: unknown[] };
  return claimed.rows.length > 0;
}

/**
 * Runs `purgeExpired`, and deletes the outbox's mail files as old, once a day across the
 * processes that share the database (claimDailyRun, asked at start and then hourly) until the
 * returned stop is called.
 */
export function startRetention(
  db: Db,
  files: FileStore,
  days: number,
  outboxDir: string,
  onDone: (removed: Removed) => void,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const once = async (): Promise<Removed> => {
    const now = Date.now();
    const deleted = await purgeExpired(db, files, days, now);
    const mails = await pruneOutbox(outboxDir, new Date(now - days * DAY_MS));
    return { ...deleted, mails };
  };
  const run = () => {
    running = running.then(() =>
      claimDailyRun(db, 'retention')
        .then((due) => (due ? once().then(onDone) : undefined), onError)
        .catch(onError),
    );
  };
  run();
  const timer = setInterval(run, CLAIM_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}

/**
 * The retention job as a plugin ('retention', needs 'database' and 'mailer'): started once the
 * app is ready, stopped before the database closes (onClose hooks run in reverse order of adding).
 */
export const retentionJob = fp(
  async (app: FastifyInstance, { days }: { days: number }) => {
    let stop = async (): Promise<void> => undefined;
    app.addHook('onReady', async () => {
      stop = startRetention(
        app.db,
        app.files,
        days,
        app.outbox.dir,
        (removed) => {
          if (removed.spartan + removed.investor + removed.mails > 0) {
            app.log.info({ retention: { days, ...removed } }, 'expired applications deleted');
          }
        },
        (err) =>
          app.log.error({ err: { name: (err as Error).name } }, 'application retention failed'),
      );
    });
    app.addHook('onClose', () => stop());
  },
  { name: 'retention', dependencies: ['database', 'mailer'] },
);
