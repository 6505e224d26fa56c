/** The rows of a raw statement, on either driver. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './index.ts';

/**
 * Runs `statement` and answers its rows as `T`: db.execute's answer differs between the two
 * drivers (both carry `rows`), so the rows' shape is asserted here, once.
 */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
