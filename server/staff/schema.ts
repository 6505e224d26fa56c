/**
 * The staff's tables (drizzle, as the migrations in server/db/migrations create them; keep the
 * two in step): accounts and their sessions (migration 0003), recovery codes, login challenges
 * and the audit trail (0004 to 0006).
 */
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull();

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  /** argon2id (or a legacy scrypt hash, replaced at the next login); '' when none is set yet. */
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  /** The TOTP key, encrypted (server/security/totp.ts). */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  mfaEnrolledAt: timestamp('mfa_enrolled_at', { withTimezone: true, mode: 'date' }),
  /** SHA-256 of the one-time setup link's token. */
  setupTokenHash: text('setup_token_hash'),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true, mode: 'date' }),
  /**
   * SHA-256 of the one-time link that lets the owner set up a second factor after an admin reset
   * it. Kept (expired or not) until they do: meanwhile the password alone cannot set one up.
   */
  mfaSetupTokenHash: text('mfa_setup_token_hash'),
  mfaSetupExpiresAt: timestamp('mfa_setup_expires_at', { withTimezone: true, mode: 'date' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
});

/**
 * One row per login session: logout and account removal delete it. `token_id` names the one
 * token that is good for it (extending the session replaces it).
 */
export const staffSessions = pgTable('staff_sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  /** The current token's end. */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  tokenId: uuid('token_id').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', {
    withTimezone: true,
    mode: 'date',
  }).notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
  /**
   * The partner page's origin when the login was made there (CORS_ORIGINS), else null: such a
   * session tells that page who is logged in and logs out, and makes no staff call (auth.ts).
   */
  partnerOrigin: text('partner_origin'),
});

/** Ten per account with TOTP; only a keyed hash of each code is kept (server/security/totp.ts). */
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
