/**
 * An application's review status and its activity: who changed the status from what to what,
 * and the staff's notes, each with its author and time. Notes are stored as typed; the staff
 * area renders them as text, never as markup.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ReviewKind } from '../../content/review.ts';
import type { Db } from '../db/index.ts';
import { applicationActivity } from '../db/desk-schema.ts';

export type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

export interface Actor {
  id: string;
  name: string;
}

const owner = (kind: ReviewKind) =>
  kind === 'spartan' ? applicationActivity.spartanId : applicationActivity.investorId;

const ownerValues = (kind: ReviewKind, id: string) =>
  kind === 'spartan' ? { spartanId: id } : { investorId: id };

/**
 * Sets the status (only when it is `onlyFrom`, if given) and records the change. Answers
 * the previous status, or null when nothing changed (unknown id, same status, or not `onlyFrom`);
 * `undefined` when there is no such application.
 */
export async function changeStatus(
  db: Db,
  kind: ReviewKind,
  table: StatusTable,
  id: string,
  to: string,
  actor: Actor,
  onlyFrom?: string,
): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: table.status })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!current) return undefined;
    const from = String(current.status);
    if (from === to || (onlyFrom !== undefined && from !== onlyFrom)) return null;
    await tx.update(table).set({ status: to }).where(eq(table.id, id));
    await tx.insert(applicationActivity).values({
      ...ownerValues(kind, id),
      actorId: actor.id,
      actor: actor.name,
      event: 'status',
      fromStatus: from,
      toStatus: to,
    });
    return from;
  });
}

export async function addNote(
  db: Db,
  kind: ReviewKind,
  id: string,
  body: string,
  actor: Actor,
): Promise<NoteView> {
  const [row] = await db
    .insert(applicationActivity)
    .values({ ...ownerValues(kind, id), actorId: actor.id, actor: actor.name, event: 'note', body })
    .returning();
  return viewNote(row!);
}

export interface NoteView {
  id: number;
  at: string;
  author: string;
  body: string;
}

export interface StatusChangeView {
  id: number;
  at: string;
  actor: string;
  from: string | null;
  to: string | null;
}

type ActivityRow = typeof applicationActivity.$inferSelect;

const viewNote = (row: ActivityRow): NoteView => ({
  id: row.id,
  at: row.at.toISOString(),
  author: row.actor,
  body: row.body ?? '',
});

/** Notes and status changes of one application, each newest first. */
export async function activityOf(db: Db, kind: ReviewKind, id: string) {
  const rows = await db
    .select()
    .from(applicationActivity)
    .where(and(eq(owner(kind), id)))
    .orderBy(desc(applicationActivity.at), desc(applicationActivity.id))
    .limit(500);
  return {
    notes: rows.filter((r) => r.event === 'note').map(viewNote),
    history: rows
      .filter((r) => r.event === 'status')
      .map((r): StatusChangeView => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: r.actor,
        from: r.fromStatus,
        to: r.toStatus,
      })),
  };
}

/** Whether an application of this kind exists (a note needs one). */
export async function exists(db: Db, table: StatusTable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row !== undefined;
}
