/**
 * The same applicant's other applications, of either kind: the same email (without regard to
 * case or a `+tag` in the local part) or the same phone digits (at least 7, in any format). The
 * keys are columns the database computes (migration 0015), each with an index ordered by time:
 * every branch below reads at most MAX_DUPLICATES entries of one index, so the lookup costs the
 * same whatever the table's size.
 */
import { sql } from 'drizzle-orm';
import type { ReviewKind } from '../../content/review.ts';
import { MAX_DUPLICATES, type Duplicate } from '../../schemas/team-desk.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';

const TABLES = { spartan: 'spartan_applications', investor: 'investor_applications' } as const;

/** Other applications of the applicant of `kind`/`id` (a UUID), newest first. */
export async function duplicatesOf(db: Db, kind: ReviewKind, id: string): Promise<Duplicate[]> {
  const branch = (of: ReviewKind, key: 'email_key' | 'phone_key') => {
    const table = sql.raw(TABLES[of]);
    const column = sql.raw(key);
    const notSelf = of === kind ? sql`AND d.id <> ${id}::uuid` : sql``;
    return sql`(SELECT ${of}::text AS kind, d.id, d.created_at, d.status
        FROM ${table} d, me
       WHERE d.${column} = me.${column} ${notSelf}
       ORDER BY d.created_at DESC LIMIT ${MAX_DUPLICATES})`;
  };
  const rows = await rowsOf<{
    kind: ReviewKind;
    id: string;
    created_at: string | Date;
    status: string;
  }>(
    db,
    sql`
    WITH me AS (SELECT email_key, phone_key FROM ${sql.raw(TABLES[kind])} WHERE id = ${id}::uuid)
    SELECT kind, id, created_at, status FROM (
      ${branch('spartan', 'email_key')} UNION ${branch('spartan', 'phone_key')}
      UNION ${branch('investor', 'email_key')} UNION ${branch('investor', 'phone_key')}
    ) found
    ORDER BY created_at DESC, id DESC LIMIT ${MAX_DUPLICATES}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    // The two drivers give a timestamptz as a Date or as text.
    created_at: new Date(row.created_at).toISOString(),
    status: row.status,
  }));
}
