/** Pieces shared by the resource routes: error and list response schemas, paging, ids. */
import { eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { CONTROL } from '../../schemas/fields.ts';
import type { Db } from '../db/index.ts';
import { ERR_NOT_FOUND } from '../errors.ts';

export const errorResponse = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['detail'],
} as const;

/** Response schemas every route shares: any 4xx/5xx is `{detail, errors?}`. */
export const errorResponses = { '4xx': errorResponse, '5xx': errorResponse } as const;

export function listResponse(item: object) {
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      total: { type: 'integer' },
      page: { type: 'integer' },
      page_size: { type: 'integer' },
    },
    required: ['data', 'total', 'page', 'page_size'],
  } as const;
}

export function detailResponse(item: object) {
  return { type: 'object', properties: { data: item }, required: ['data'] } as const;
}

export const deletedResponse = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
} as const;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const whole = (name: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.string({ error: `${name} must be a whole number` }).check(
        z.regex(/^\d{1,9}$/, `${name} must be a whole number`),
        z.refine((s) => Number(s) >= min && Number(s) <= max, `${name} must be ${min} to ${max}`),
      ),
      z.transform(Number),
    ),
  );

/** `?page=&page_size=&q=`: page from 1, page_size 1 to 100, q (name or email) up to 100 characters. */
/** Longest origin recorded (scheme, host and port); longer ones are not origins a browser sends. */
export const MAX_ORIGIN_LENGTH = 255;

export const listQuery = z.strictObject({
  page: whole('page', 1, 1_000_000),
  page_size: whole('page_size', 1, MAX_PAGE_SIZE),
  q: z.optional(
    z.string({ error: 'q must be text' }).check(
      z.trim(),
      z.maxLength(100, 'q is too long'),
      z.refine((s) => !CONTROL.test(s), 'q must not contain control characters'),
    ),
  ),
  /** `site` for applications sent from our own pages, else a partner origin. */
  origin: z.optional(
    z
      .string({ error: 'origin must be text' })
      .check(z.trim(), z.maxLength(MAX_ORIGIN_LENGTH, 'origin is too long')),
  ),
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
    if (url.host === request.host) return null;
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

/** `%q%` for ILIKE with the wildcards of `q` itself escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

/** `fullname ILIKE %q% OR email ILIKE %q%` (trigram-indexed), or nothing without q. */
export function searchWhere(table: Searchable, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(table.fullname, pattern), ilike(table.email, pattern));
}

/** The most rows a list's `total` counts: past it, counting would cost in proportion to the table. */
export const TOTAL_CAP = 10_000;

/**
 * The list's `total`: the matching rows, counted up to TOTAL_CAP + 1 (a count past the cap means
 * "more than TOTAL_CAP"). No counter row that every submit would have to lock.
 */
export async function countRows(
  db: Db,
  table: Searchable,
  _tableName: 'spartan_applications' | 'investor_applications',
  where: SQL | undefined,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return count?.n ?? 0;
}
