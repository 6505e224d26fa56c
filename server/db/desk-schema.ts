/**
 * The hiring desk's tables beside the applications (server/db/schema.ts): status changes and
 * notes (migration 0010), the mail queue and staff notification choices (migration 0011).
 */
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { investorApplications, spartanApplications } from './schema.ts';
import { staffUsers } from '../staff/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per status change (`status`: from, to), note (`note`: body) or assignment (`assign`:
 * from_assignee, to_assignee), of either kind.
 */
export const applicationActivity = pgTable('application_activity', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  spartanId: uuid('spartan_id').references(() => spartanApplications.id, { onDelete: 'cascade' }),
  investorId: uuid('investor_id').references(() => investorApplications.id, {
    onDelete: 'cascade',
  }),
  at: at('at').notNull().defaultNow(),
  actorId: uuid('actor_id'),
  actor: text('actor').notNull(),
  event: text('event').notNull().$type<'status' | 'note' | 'assign'>(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  /** An assignment's assignee before and after (names, copied; null for nobody). */
  fromAssignee: text('from_assignee'),
  toAssignee: text('to_assignee'),
  body: text('body'),
});

/** Mails waiting to go out, retried with backoff; a sent mail's row is deleted. */
export const mailQueue = pgTable('mail_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: at('created_at').notNull().defaultNow(),
  /** Why it is sent: `confirmation`, `notice`, `digest`. */
  purpose: text('purpose').notNull(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
  /** Set while one process sends it; a claim older than a few minutes is taken over. */
  claimedAt: at('claimed_at'),
  lastError: text('last_error'),
});

/** Staff who asked for new-application mail: each one, or a daily digest. */
export const staffNotifications = pgTable('staff_notifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  mode: text('mode').notNull().$type<'each' | 'digest'>(),
  /** The newest application the last digest covered (its created_at). */
  digestThrough: at('digest_through'),
  /**
   * `email` is the confirmed address ('' before the first is confirmed): only it gets mail about
   * applications. A new address waits here until its owner opens the link mailed to it (SHA-256 of
   * the link's token; the link expires).
   */
  pendingEmail: text('pending_email'),
  pendingTokenHash: text('pending_token_hash'),
  pendingExpiresAt: at('pending_expires_at'),
});
