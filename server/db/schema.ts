/**
 * The database schema (drizzle-orm, PostgreSQL dialect): the same tables on
 * PGlite and on PostgreSQL. The SQL that creates them is in ./migrations;
 * keep the two in step.
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffSessions, staffUsers } from '../staff/schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/**
 * What finds the same applicant's other applications (server/desk/duplicates.ts), computed by the
 * database (migration 0015): the email in lower case without a `+tag`, and the phone's digits when
 * there are at least 7 (else null).
 */
const duplicateKeys = () => ({
  emailKey: text('email_key').generatedAlwaysAs(sql`lower(regexp_replace(email, '\+[^@]*@', '@'))`),
  phoneKey: text('phone_key').generatedAlwaysAs(
    sql`CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 THEN regexp_replace(phone, '[^0-9]', '', 'g') END`,
  ),
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
  /** Review status: one of content/review.ts; changes recorded by server/desk/activity.ts. */
  status: text('status').notNull().default('new'),
  /** The staff member handling it, or null (server/desk/assign.ts). */
  assigneeId: uuid('assignee_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** The first status change's time: the overview's wait for a first review. */
  firstReviewedAt: timestamp('first_reviewed_at', { withTimezone: true, mode: 'date' }),
  ...duplicateKeys(),
});

/**
 * The resume's name, type and size. Its bytes are in the file store (server/storage), keyed by
 * the application id; `data` holds only the bytes of applications from before that, until the
 * server moves them to the store at start-up.
 */
export const spartanResumes = pgTable('spartan_resumes', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => spartanApplications.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data'),
});

/**
 * The file store on PostgreSQL (server/storage/postgres.ts): a resume's bytes, in parts of at most
 * 256 KiB numbered from 0, one row each.
 */
export const resumeFiles = pgTable(
  'resume_files',
  {
    applicationId: uuid('application_id').notNull(),
    part: integer('part').notNull().default(0),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.part] })],
);

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
  /** Review status: one of content/review.ts; changes recorded by server/desk/activity.ts. */
  status: text('status').notNull().default('new'),
  /** The staff member handling it, or null (server/desk/assign.ts). */
  assigneeId: uuid('assignee_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** The first status change's time: the overview's wait for a first review. */
  firstReviewedAt: timestamp('first_reviewed_at', { withTimezone: true, mode: 'date' }),
  ...duplicateKeys(),
});

/** Every table drizzle's query layer knows; the staff's are in server/staff/schema.ts. */
export const schema = {
  staffUsers,
  staffSessions,
  spartanApplications,
  spartanResumes,
  investorApplications,
  resumeFiles,
};
