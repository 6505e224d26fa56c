/**
 * Deleting applications: the one way to do it, for the staff's delete, retention and erasure
 * alike. The rows go first (a Spartan application's resume row with it, by cascade), then the
 * resume files: a row never names a missing file. A file whose deletion fails (storage down) is
 * left to the orphan sweep (server/storage/open.ts), which deletes it within the hour once the
 * storage answers.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReviewKind } from '../content/review.ts';
import type { Db } from './db/index.ts';
import type { RunStatement } from './db/prepared.ts';
import type { Mailer, ReceivedApplication } from './mail/mailer.ts';
import { investorApplications, spartanApplications } from './db/schema.ts';
import type { FileStore } from './storage/index.ts';

export type ApplicationKind = 'spartan' | 'investor';

export const APPLICATION_TABLES = {
  spartan: spartanApplications,
  investor: investorApplications,
} as const;

/**
 * Deletes the applications of `kind` matching `where` (a condition on that kind's table, e.g.
 * `eq(spartanApplications.id, id)` or `lt(investorApplications.createdAt, cutoff)`), with their
 * resume files. Returns the ids deleted. `onFileError` hears a file deletion that failed.
 */
export async function deleteApplications(
  db: Db,
  files: FileStore,
  kind: ApplicationKind,
  where: SQL,
  onFileError: (err: unknown) => void = () => undefined,
): Promise<string[]> {
  const table = APPLICATION_TABLES[kind];
  const deleted = await db.delete(table).where(where).returning({ id: table.id });
  const ids = deleted.map((r) => r.id);
  if (kind === 'spartan' && ids.length > 0) {
    await files.delete(ids).catch(onFileError);
  }
  return ids;
}

/**
 * Stores a new application with its mail (its confirmation and the staff's notices) in one
 * statement: `inserts` (drizzle inserts, not yet run: the application's row first, then the rows
 * that reference it) and the mail queue's insert, as the parts of one WITH. One round trip and
 * one commit (one WAL flush on PostgreSQL) instead of a BEGIN, an INSERT each and a COMMIT, then
 * the mail's own; all or nothing, so the confirmation cannot be lost between two commits.
 * Foreign keys are checked at the statement's end, when every part has run. Then the mailer
 * is woken to send.
 */
export async function insertWithMail(
  run: RunStatement,
  mailer: Mailer,
  kind: ReviewKind,
  application: ReceivedApplication,
  inserts: SQLWrapper[],
): Promise<void> {
  const parts = [...inserts.map((i) => i.getSQL()), mailer.applicationMailSql(kind, application)];
  const withs = sql.join(
    parts.map((part, i) => sql`${sql.raw(`part${i}`)} AS (${part})`),
    sql`, `,
  );
  await run(sql`WITH ${withs} SELECT 1`);
  mailer.kick();
}
