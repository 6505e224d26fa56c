/**
 * Deleting applications: the one way to do it, for the staff's delete, retention and erasure
 * alike. The rows go first (a Spartan application's resume row with it, by cascade), then the
 * resume files: a row never names a missing file. A file whose deletion fails (storage down) is
 * left to the orphan sweep (server/storage/open.ts), which deletes it within the hour once the
 * storage answers.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './db/index.ts';
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
