/**
 * The hiring desk's answers (docs/DESK.md): an application's status and activity, notes, the
 * staff's own mail choice, erasure counts, and the list's polling and Source filter.
 */
import * as z from 'zod/mini';
import { instant, type Answer, type Served } from './responses.ts';

/** A staff note on an application, as typed (shown as text, never markup). */
export const note = z.object({ id: z.int(), at: instant, author: z.string(), body: z.string() });

/**
 * A status change (`event: 'status'`: from and to are statuses) or an assignment (`'assign'`:
 * from and to are the assignees' names, null for nobody).
 */
export const statusChange = z.object({
  id: z.int(),
  at: instant,
  actor: z.string(),
  event: z.enum(['status', 'assign']),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
});

/** Notes, and status changes with assignments, each newest first. */
export const activity = z.object({ notes: z.array(note), history: z.array(statusChange) });

/** GET …/{id}/activity/. */
export const applicationActivity = z.extend(activity, { status: z.string() });
/** PUT …/{id}/status/. */
export const statusChanged = z.extend(activity, { id: z.string(), status: z.string() });
/** POST …/{id}/notes/ → 201. */
export const noteAdded = z.object({ data: note });

/** GET/PUT /api/staff/notifications/: own new-application mail. */
export const notifications = z.object({
  mode: z.enum(['off', 'each', 'digest']),
  /** The confirmed address, the one mail goes to ('' when none is confirmed yet). */
  email: z.string(),
  /** A new address waiting for its owner to open the confirmation link mailed to it. */
  pending_email: z.nullable(z.string()),
});

/** POST /api/staff/erase/: how many applications of each kind went. */
export const erased = z.object({ spartan: z.int(), investor: z.int() });

/** GET …/latest/: the newest application's cursor, or null with none. */
export const latest = z.object({ latest: z.nullable(z.string()) });

/** GET …/origins/: the partner origins applications came from, and whether that is all. */
export const origins = z.object({ origins: z.array(z.string()), complete: z.boolean() });

export type NoteView = Answer<typeof note>;
export type StatusChangeView = Answer<typeof statusChange>;
export type ActivityAnswer = Answer<typeof applicationActivity>;
export type StatusChangedAnswer = Answer<typeof statusChanged>;
export type NoteAddedAnswer = Answer<typeof noteAdded>;
export type NotificationsAnswer = Answer<typeof notifications>;
export type NotificationMode = NotificationsAnswer['mode'];
export type ErasedAnswer = Answer<typeof erased>;
export type LatestAnswer = Answer<typeof latest>;
export type OriginsAnswer = Answer<typeof origins>;

/** What the server hands the serialiser for an application's activity. */
export type ServedActivity = Served<typeof activity>;
export type ServedNote = Served<typeof note>;
