/**
 * The database schema (drizzle-orm, PostgreSQL dialect): the same tables on
 * PGlite and on PostgreSQL. The SQL that creates them is in ./migrations;
 * keep the two in step.
 */
import {
  bigint,
  customType,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** One row per issued token (its `jti`): logout and account removal delete it. */
export const staffSessions = pgTable('staff_sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const spartanApplications = pgTable('spartan_applications', {
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  jobTitle: text('job_title').notNull(),
  fullname: text('fullname').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  location: text('location').notNull(),
  gender: text('gender').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  /** The partner page's origin; null for our own site. */
  origin: text('origin'),
});

/** The resume, apart so that list queries never touch its bytes. */
export const spartanResumes = pgTable('spartan_resumes', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => spartanApplications.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
});

export const investorApplications = pgTable('investor_applications', {
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  location: text('location').notNull(),
  accreditation: text('accreditation').notNull(),
  investmentRange: text('investment_range'),
  message: text('message'),
  /** The partner page's origin; null for our own site. */
  origin: text('origin'),
});

/** Row counts kept by triggers, so an unfiltered list's `total` costs one row read. */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const schema = {
  staffUsers,
  staffSessions,
  spartanApplications,
  spartanResumes,
  investorApplications,
  rowCounts,
};
