/**
 * Who handles an application, and the changes made to many applications at once. A change to
 * many is made as set-based statements (one transaction, a few round trips, whatever the count),
 * and records for each application what a single change records: its history entry here, its
 * audit event in the caller.
 */
import { eq, sql } from 'drizzle-orm';
import type { ReviewKind } from '../../content/review.ts';
import type { AssigneeView } from '../../schemas/team-desk.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';
import { staffUsers } from '../staff/schema.ts';
import type { Actor } from './activity.ts';

export interface StaffRef {
  id: string;
  username: string;
  name: string;
}

const TABLES = { spartan: 'spartan_applications', investor: 'investor_applications' } as const;
const OWNERS = { spartan: 'spartan_id', investor: 'investor_id' } as const;

/** The staff account with this username (any case), or null. */
export async function findStaff(db: Db, username: string): Promise<StaffRef | null> {
  const [row] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.username, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export const assigneeOf = (ref: StaffRef | null): AssigneeView =>
  ref ? { username: ref.username, name: ref.name } : null;

/** How the history shows a staff member: their name, else their username. */
const shownName = (ref: StaffRef | null) => (ref ? ref.name || ref.username : null);

/** A PostgreSQL array literal of ids already checked to be UUIDs. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Of the ids asked for: those that exist (found) and, of them, those changed. */
export interface ManyOutcome {
  found: string[];
  changed: string[];
}

const outcome = (rows: Array<{ id: string; changed: boolean }>): ManyOutcome => ({
  found: rows.map((r) => r.id),
  changed: rows.filter((r) => r.changed).map((r) => r.id),
});

/**
 * Sets the status of these applications (UUIDs) and records each change, with the first review's
 * time where there was none. An application that already has the status is found, not changed.
 */
export async function setStatusOfMany(
  db: Db,
  kind: ReviewKind,
  ids: readonly string[],
  to: string,
  actor: Actor,
): Promise<ManyOutcome> {
  if (ids.length === 0) return { found: [], changed: [] };
  const table = sql.raw(TABLES[kind]);
  const owner = sql.raw(OWNERS[kind]);
  const rows = await rowsOf<{ id: string; changed: boolean }>(
    db,
    sql`
    WITH target AS (
      SELECT id, status FROM ${table} WHERE id = ANY(${uuidArray(ids)}::uuid[]) FOR UPDATE
    ), changed AS (
      UPDATE ${table} t
         SET status = ${to}, first_reviewed_at = coalesce(t.first_reviewed_at, clock_timestamp())
        FROM target
       WHERE t.id = target.id AND target.status <> ${to}
      RETURNING t.id, target.status AS from_status
    ), logged AS (
      INSERT INTO application_activity (${owner}, actor_id, actor, event, from_status, to_status)
      SELECT id, ${actor.id}::uuid, ${actor.name}, 'status', from_status, ${to} FROM changed
    )
    SELECT target.id, changed.id IS NOT NULL AS changed
      FROM target LEFT JOIN changed ON changed.id = target.id`,
  );
  return outcome(rows);
}

/**
 * Gives these applications (UUIDs) to `to` (a staff member, or nobody: null) and records each
 * change with the assignee before and after. One already theirs is found, not changed.
 */
export async function assignMany(
  db: Db,
  kind: ReviewKind,
  ids: readonly string[],
  to: StaffRef | null,
  actor: Actor,
): Promise<ManyOutcome> {
  if (ids.length === 0) return { found: [], changed: [] };
  const table = sql.raw(TABLES[kind]);
  const owner = sql.raw(OWNERS[kind]);
  const toId = to?.id ?? null;
  const rows = await rowsOf<{ id: string; changed: boolean }>(
    db,
    sql`
    WITH target AS (
      SELECT a.id, a.assignee_id, coalesce(nullif(u.name, ''), u.username) AS from_name
        FROM ${table} a LEFT JOIN staff_users u ON u.id = a.assignee_id
       WHERE a.id = ANY(${uuidArray(ids)}::uuid[])
         FOR UPDATE OF a
    ), changed AS (
      UPDATE ${table} t SET assignee_id = ${toId}::uuid
        FROM target
       WHERE t.id = target.id AND target.assignee_id IS DISTINCT FROM ${toId}::uuid
      RETURNING t.id, target.from_name
    ), logged AS (
      INSERT INTO application_activity
        (${owner}, actor_id, actor, event, from_assignee, to_assignee)
      SELECT id, ${actor.id}::uuid, ${actor.name}, 'assign', from_name, ${shownName(to)}::text
        FROM changed
    )
    SELECT target.id, changed.id IS NOT NULL AS changed
      FROM target LEFT JOIN changed ON changed.id = target.id`,
  );
  return outcome(rows);
}
