/** Pieces shared by the resource routes: paging, filters, ids. (Their answers: schemas/responses.ts.) */
import { eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { CONTROL, UNREADABLE } from '../../schemas/fields.ts';
import type { Db } from '../db/index.ts';
import { ERR_NOT_FOUND } from '../api-errors.ts';
import { sameOrigin } from '../security/headers.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A whole-number query parameter from `min` to `max`, as a number. Given empty (`?page=`, as a
 * form or a URL template sends it), it is not given: the default applies.
 */
export const whole = (name: string, min: number, max: number) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(
      z.pipe(
        z.string({ error: `${name} must be a whole number` }).check(
          z.regex(/^\d+$/, `${name} must be a whole number`),
          // A whole number of any length is one: past nine digits it is only out of range.
          z.refine(
            (s) =>
              !/^\d+$/.test(s) ||
              (s.replace(/^0+(?=\d)/, '').length <= 9 && Number(s) >= min && Number(s) <= max),
            `${name} must be ${min} to ${max}`,
          ),
        ),
        z.transform(Number),
      ),
    ),
  );

/** Longest origin recorded (scheme, host and port); longer ones are not origins a browser sends. */
export const MAX_ORIGIN_LENGTH = 255;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first and last millisecond of the years 0001 to 9999: PostgreSQL has no year 0. */
const FIRST_MS = Date.parse('0001-01-01T00:00:00Z');
export const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** A time the database can store and compare (see FIRST_MS). */
export const storableTime = (ms: number) => ms >= FIRST_MS && ms <= LAST_MS;

/**
 * A day of the calendar in 0001 to 9999: Date.parse takes 2026-02-30 as 2 March, so the day
 * must read back as written.
 */
export function realDay(s: string): boolean {
  const time = Date.parse(`${s}T00:00:00Z`);
  return storableTime(time) && new Date(time).toISOString().slice(0, 10) === s;
}

const day = (name: string) =>
  z.optional(
    z
      .string({ error: `${name} must be a date` })
      .check(
        z.regex(DAY, `${name} must be a date (YYYY-MM-DD)`),
        z.refine(realDay, `${name} must be a real date`),
      ),
  );

/** A keyset cursor: the row's time in milliseconds and its id (see keysetWhere). */
const CURSOR = /^\d{1,15}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursor = (name: string) =>
  z.optional(
    z.string({ error: `${name} must be text` }).check(
      z.regex(CURSOR, `${name} is not a cursor`),
      z.refine((s) => Number(s.split('_')[0]) <= LAST_MS, `${name} is not a cursor`),
    ),
  );

/**
 * A free-text query parameter without control characters: a NUL is not text to PostgreSQL (the
 * query would fail), and none of them can be part of a name, an origin or a job title. Nor
 * U+FFFD, which is what the query parser makes of an escape that is not UTF-8 (`%ff`).
 */
export const plain = (name: string) =>
  z.refine<string>((s) => !CONTROL.test(s) && !UNREADABLE.test(s), {
    error: (issue) =>
      UNREADABLE.test(String(issue.input))
        ? `${name} has characters that could not be read (an escape that is not UTF-8)`
        : `${name} must not contain control characters`,
  });

/**
 * `?page=&page_size=&q=&origin=&status=&job_title=&from=&to=&sort=&assignee=&cursor=&before=`:
 * page from 1,
 * page_size 1 to 100, q (name or email) up to 100 characters; the filters; a keyset cursor
 * (`cursor` for the page after, `before` for the page before) which, when given, replaces the
 * page's offset.
 */
export const listQuery = z.strictObject({
  page: whole('page', 1, 1_000_000),
  page_size: whole('page_size', 1, MAX_PAGE_SIZE),
  q: z.optional(
    z
      .string({ error: 'q must be text' })
      .check(z.trim(), z.maxLength(100, 'q is too long'), plain('q')),
  ),
  /** `site` for applications sent from our own pages, else a partner origin. */
  origin: z.optional(
    z
      .string({ error: 'origin must be text' })
      .check(z.trim(), z.maxLength(MAX_ORIGIN_LENGTH, 'origin is too long'), plain('origin')),
  ),
  /** One review status of the kind, or `all` (the same as none). */
  status: z.optional(
    z.string({ error: 'status must be text' }).check(z.maxLength(20, 'status is not a status')),
  ),
  job_title: z.optional(
    z
      .string({ error: 'job_title must be text' })
      .check(z.maxLength(100, 'job_title is too long'), plain('job_title')),
  ),
  from: day('from'),
  to: day('to'),
  sort: z.optional(z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' })),
  /** `me`, `none` (nobody's) or a staff member's username. */
  assignee: z.optional(
    z
      .string({ error: 'assignee must be text' })
      .check(z.trim(), z.maxLength(150, 'assignee is too long'), plain('assignee')),
  ),
  cursor: cursor('cursor'),
  before: cursor('before'),
});

export type ListQuery = z.infer<typeof listQuery>;

export function paging(query: ListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    q: query.q || undefined,
    origin: query.origin || undefined,
  };
}

/**
 * Where a submission came from, for the staff to see: null for a page of our own site (or a
 * request without an Origin, as from a script), else the partner page's origin.
 */
export function submissionOrigin(request: FastifyRequest): string | null {
  const header = request.headers.origin;
  if (!header || header.length > MAX_ORIGIN_LENGTH) return null;
  try {
    const url = new URL(header);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (sameOrigin(request, url.origin)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

type WithOrigin = PgTable & { origin: PgColumn };

/** The list filter by source: `site` is our own pages, anything else one partner origin. */
export function originWhere(table: WithOrigin, origin: string | undefined): SQL | undefined {
  if (!origin) return undefined;
  return origin === 'site' ? isNull(table.origin) : eq(table.origin, origin);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids are random UUIDs; anything else names no application (404, not a database error). */
export function applicationId(raw: string): string {
  const id = raw.toLowerCase();
  if (!UUID.test(id)) throw ERR_NOT_FOUND();
  return id;
}

export const idParams = z.strictObject({ id: z.string() });

type Searchable = PgTable & { fullname: PgColumn; email: PgColumn };

/** Searches shorter than this match the start of the name or email, longer ones anywhere. */
export const MIN_CONTAINS_SEARCH = 3;

/** `%q%` or `q%` for LIKE, with the wildcards of `q` itself escaped. */
function likePattern(q: string, contains: boolean): string {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return contains ? `%${escaped}%` : `${escaped}%`;
}

/**
 * The search, always served by an index: with an `@`, the email starts with q; else, from
 * MIN_CONTAINS_SEARCH characters, `fullname` or `email` contains q (ILIKE, trigram-indexed);
 * shorter, either starts with q (`lower(…) LIKE 'q%'`, btree text_pattern_ops). Nothing without q.
 */
export function searchWhere(table: Searchable, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  // An email address (or its start): emails starting with it, through the btree. A contains
  // search would go through the trigrams of "example.com", shared by most rows.
  if (q.includes('@'))
    return sql`lower(${table.email}) LIKE ${likePattern(q.toLowerCase(), false)}`;
  if (q.length >= MIN_CONTAINS_SEARCH) {
    const pattern = likePattern(q, true);
    return or(ilike(table.fullname, pattern), ilike(table.email, pattern));
  }
  const prefix = likePattern(q.toLowerCase(), false);
  return or(
    sql`lower(${table.fullname}) LIKE ${prefix}`,
    sql`lower(${table.email}) LIKE ${prefix}`,
  );
}

/** Totals stop counting here: the list says "1,000+" rather than count 100,000 rows. */
export const LIST_COUNT_CAP = 1000;

/**
 * The list's `total`, counted up to LIST_COUNT_CAP (so it costs at most that many index
 * entries however large the table), and whether there are more.
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('limited');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = count?.n ?? 0;
  return { total: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
}
