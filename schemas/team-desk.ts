/**
 * The desk for a team (docs/DESK.md): assignment, bulk actions, duplicates and the overview. The
 * request bodies the server validates and the answers it sends, with their types; the staff area
 * reads the same types.
 */
import * as z from 'zod/mini';

/** Most ids one bulk call takes. */
export const MAX_BULK_IDS = 500;

/** Longest range the overview covers, in days (three years). */
export const MAX_OVERVIEW_DAYS = 1096;
/** The overview's range when none is given: the last 90 days, today included. */
export const DEFAULT_OVERVIEW_DAYS = 90;

/** Most duplicates a detail lists (the newest). */
export const MAX_DUPLICATES = 50;

const username = z
  .string({ error: 'assignee must be a username or null' })
  .check(z.trim(), z.minLength(1, 'assignee must be a username or null'), z.maxLength(150));

/** `{assignee: <username> | null}`: null takes the application off everyone's hands. */
export const assigneeBody = z.strictObject({ assignee: z.nullable(username) });
export type AssigneeBody = z.infer<typeof assigneeBody>;

export const assigneeView = z.nullable(z.object({ username: z.string(), name: z.string() }));
export type AssigneeView = z.infer<typeof assigneeView>;

/** `GET /api/staff/assignees/`: whom an application may be given to (every staff account). */
export const ASSIGNEES_PATH = '/api/staff/assignees/';
export const assigneesAnswer = z.object({
  data: z.array(z.object({ username: z.string(), name: z.string() })),
});
export type AssigneesAnswer = z.infer<typeof assigneesAnswer>;

export const assigneeAnswer = z.object({ id: z.string(), assignee: assigneeView });
export type AssigneeAnswer = z.infer<typeof assigneeAnswer>;

export const BULK_ACTIONS = ['status', 'assign', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkBody = z.strictObject({
  action: z.enum(BULK_ACTIONS, { error: 'action must be status, assign or delete' }),
  ids: z
    .array(z.string({ error: 'ids must be application ids' }).check(z.maxLength(64)), {
      error: 'ids must be a list of application ids',
    })
    .check(
      z.minLength(1, 'Choose at least one application'),
      z.maxLength(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} applications at once`),
    ),
  status: z.optional(z.string({ error: 'status must be text' }).check(z.maxLength(20))),
  assignee: z.optional(z.nullable(username)),
});
export type BulkBody = z.infer<typeof bulkBody>;

export const bulkAnswer = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.string() })),
});
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const duplicate = z.object({
  kind: z.enum(['spartan', 'investor']),
  id: z.string(),
  created_at: z.string(),
  status: z.string(),
});
export type Duplicate = z.infer<typeof duplicate>;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const overviewAnswer = z.object({
  from: day,
  to: day,
  total: z.number(),
  by_day: z.array(z.object({ day, count: z.number() })),
  /** Per day and source: what the per-source chart stacks (`site` is our own pages). */
  by_day_origin: z.array(z.object({ day, origin: z.string(), count: z.number() })),
  by_status: z.array(z.object({ status: z.string(), count: z.number() })),
  by_origin: z.array(z.object({ origin: z.string(), count: z.number() })),
  /** Spartan applications only (an empty list for investors). */
  by_job_title: z.array(z.object({ job_title: z.string(), count: z.number() })),
  median_hours_to_first_review: z.nullable(z.number()),
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;

/**
 * `POST …/resume/view/`: where a frame reads the résumé (a PDF) in place. `url` carries a ticket
 * good for `expires_in` seconds, for this résumé and this session only.
 */
export const resumeViewAnswer = z.object({ url: z.string(), expires_in: z.number() });
export type ResumeViewAnswer = z.infer<typeof resumeViewAnswer>;
