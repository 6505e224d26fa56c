/**
 * The API's answers, in zod like the requests: the server serialises every JSON answer through
 * its route's schema (server/serialization.ts) and the client reads the types exported here, so
 * both sides compile against one description of each shape.
 *
 * Each schema has two sides. `Answer<S>` is what travels (JSON: times are ISO strings) and what
 * the client reads; `Served<S>` is what a handler gives the serialiser (times as `Date`s).
 * This file holds the pieces every resource shares; the resources' own are in applications.ts,
 * desk.ts and staff.ts beside it.
 */
import * as z from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';

/** An answer as it travels and as the client reads it. */
export type Answer<S extends $ZodType> = input<S>;
/** What a handler hands the serialiser for that answer. */
export type Served<S extends $ZodType> = output<S>;

/** A moment: a `Date` on the server, an ISO 8601 UTC string on the wire. */
export const instant = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/**
 * An object with text values, checked and passed on as it is: zod's record would copy it, and a
 * copy loses a key named `__proto__`, which a refused form names as its unknown field.
 */
export const textRecord = z.custom<Record<string, string>>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string'),
);

/** Every 4xx and 5xx: `{detail, code, errors?}` (server/api-errors.ts names the codes). */
export const errorBody = z.object({
  detail: z.string(),
  code: z.string(),
  /** A refused form's message for each field. */
  errors: z.optional(textRecord),
});
export type ErrorAnswer = Answer<typeof errorBody>;

/** Response schemas every route shares: any 4xx/5xx is an error body. */
export const errorResponses = { '4xx': errorBody, '5xx': errorBody } as const;

/** `{id}`: what a delete answers. */
export const deleted = z.object({ id: z.string() });
export type DeletedAnswer = Answer<typeof deleted>;

/** `{detail}`: a done with nothing else to say (logout). */
export const done = z.object({ detail: z.string() });
export type DoneAnswer = Answer<typeof done>;

/** `{data: item}`: one record. */
export const detailOf = <S extends $ZodType>(item: S) => z.object({ data: item });

/**
 * A page of a list. The application lists always send every field; other lists (the audit
 * trail) the first four.
 */
export const pageOf = <S extends $ZodType>(item: S) =>
  z.object({
    data: z.array(item),
    total: z.int(),
    /** True when there are more than `total` matches (the count stops at a cap). */
    total_capped: z.optional(z.boolean()),
    page: z.int(),
    page_size: z.int(),
    /** Cursors for the next (older, or newer with sort=oldest) and previous pages. */
    next_cursor: z.optional(z.nullable(z.string())),
    prev_cursor: z.optional(z.nullable(z.string())),
  });
/** GET /api/health/. */
export const health = z.object({ status: z.string() });
export type HealthAnswer = Answer<typeof health>;
