/**
 * The staff-security tables beside staff_users and staff_sessions (server/db/schema.ts):
 * recovery codes, login challenges, the audit trail. Created by migrations 0005 and 0006.
 */
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from '../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ten per account with TOTP; only a SHA-256 of each code is kept. */
export const staffRecoveryCodes = pgTable('staff_recovery_codes', {
  userId: uuid('user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: at('used_at'),
});

/** Between a correct password and the finished login: keyed by a SHA-256 of the challenge. */
export const staffLoginChallenges = pgTable('staff_login_challenges', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull().$type<'mfa' | 'mfa_setup' | 'password'>(),
  /** The TOTP key offered during setup, encrypted, until the first code confirms it. */
  totpSecret: text('totp_secret'),
  attempts: integer('attempts').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Append-only (database triggers refuse UPDATE, TRUNCATE and DELETE outside retention). */
export const staffAudit = pgTable('staff_audit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: at('at').notNull().defaultNow(),
  event: text('event').notNull(),
  actorId: uuid('actor_id'),
  actor: text('actor'),
  targetType: text('target_type'),
  targetId: text('target_id'),
  ip: text('ip'),
  detail: jsonb('detail').notNull().$type<Record<string, unknown>>(),
});
