/**
 * Deleting applications, the one path every delete takes (the staff delete, the erasure by
 * email, the retention job): their resumes, status history and notes go with them (the
 * database cascades), and the ids deleted come back so callers count them.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';

export type DeletableTable = PgTable & { id: PgColumn };

/** Deletes the applications of `table` matching `where`; answers their ids. */
export async function deleteApplications(
  db: Db,
  table: DeletableTable,
  where: SQL,
): Promise<string[]> {
  const gone = await db.delete(table).where(where).returning({ id: table.id });
  return gone.map((row) => String(row.id));
}
