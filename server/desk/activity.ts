/**
 * An application's review status and its activity: who changed the status from what to what,
 * and the staff's notes, each with its author and time. Notes are stored as typed; the staff
 * area renders them as text, never as markup.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ReviewKind } from '../../content/review.ts';
import type { ServedActivity, ServedNote } from '../../schemas/desk.ts';
import type { Db } from '../db/index.ts';
import { applicationActivity } from '../db/desk-schema.ts';

export type StatusTable = PgTable & { id: PgColumn; status: PgColumn; firstReviewedAt: PgColumn };

export interface Actor {
  id: string;
  name: string;
}

const owner = (kind: ReviewKind) =>
  kind === 'spartan' ? applicationActivity.spartanId : applicationActivity.investorId;

const ownerValues = (kind: ReviewKind, id: string) =>
  kind === 'spartan' ? { spartanId: id } : { investorId: id };

/**
 * What a status change did: nothing for want of an application (`missing`); nothing because it
 * already had that status (`unchanged`) or no longer had the one expected (`stale`, with the one
 * it has); or the change, recorded (`changed`, with the status before).
 */
export type StatusOutcome =
  | { outcome: 'missing' }
  | { outcome: 'unchanged' | 'stale'; current: string }
  | { outcome: 'changed'; from: string };

/**
 * Sets the status and records the change, only if the application's status is still `expected`
 * when given (checked and changed under the row's lock: two staff changing the status of the same
 * application from what each saw cannot both win).
 */
export async function changeStatus(
  db: Db,
  kind: ReviewKind,
  table: StatusTable,
  id: string,
  to: string,
  actor: Actor,
  expected?: string,
): Promise<StatusOutcome> {
  return db.transaction(async (tx): Promise<StatusOutcome> => {
    const [row] = await tx
      .select({ status: table.status })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!row) return { outcome: 'missing' };
    const from = String(row.status);
    if (from === to) return { outcome: 'unchanged', current: from };
    if (expected !== undefined && from !== expected) return { outcome: 'stale', current: from };
    // The first status change is the application's first review (the overview's wait).
    await tx
      .update(table)
      .set({ status: to, firstReviewedAt: sql`coalesce(first_reviewed_at, clock_timestamp())` })
      .where(eq(table.id, id));
    await tx.insert(applicationActivity).values({
      ...ownerValues(kind, id),
      actorId: actor.id,
      actor: actor.name,
      event: 'status',
      fromStatus: from,
      toStatus: to,
    });
    return { outcome: 'changed', from };
  });
}

export async function addNote(
  db: Db,
  kind: ReviewKind,
  id: string,
  body: string,
  actor: Actor,
): Promise<ServedNote> {
  const [row] = await db
    .insert(applicationActivity)
    .values({ ...ownerValues(kind, id), actorId: actor.id, actor: actor.name, event: 'note', body })
    .returning();
  return viewNote(row!);
}

type ActivityRow = typeof applicationActivity.$inferSelect;

const viewNote = (row: ActivityRow): ServedNote => ({
  id: row.id,
  at: row.at,
  author: row.actor,
  body: row.body ?? '',
});

/** Notes, and status changes with assignments, of one application, each newest first. */
export async function activityOf(db: Db, kind: ReviewKind, id: string): Promise<ServedActivity> {
  const rows = await db
    .select()
    .from(applicationActivity)
    .where(and(eq(owner(kind), id)))
    .orderBy(desc(applicationActivity.at), desc(applicationActivity.id))
    .limit(500);
  return {
    notes: rows.filter((r) => r.event === 'note').map(viewNote),
    history: rows
      .filter((r) => r.event !== 'note')
      .map((r): ServedActivity['history'][number] =>
        r.event === 'assign'
          ? {
              id: r.id,
              at: r.at,
              actor: r.actor,
              event: 'assign',
              from: r.fromAssignee,
              to: r.toAssignee,
            }
          : {
              id: r.id,
              at: r.at,
              actor: r.actor,
              event: 'status',
              from: r.fromStatus,
              to: r.toStatus,
            },
      ),
  };
}

/** The status of an application of this kind, or null when there is none. */
export async function statusOf(db: Db, table: StatusTable, id: string): Promise<string | null> {
  const [row] = await db
    .select({ status: table.status })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row ? String(row.status) : null;
}
