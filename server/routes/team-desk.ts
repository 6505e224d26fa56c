/**
 * The desk for a team (docs/DESK.md), all staff-only:
 * PUT  /api/staff/applications/{kind}/{id}/assignee/ {assignee}      → {id, assignee}
 * POST /api/staff/applications/{kind}/bulk/ {action, ids, status?, assignee?} → {done, failed}
 *      (action delete: admins only)
 * GET  /api/staff/overview/{kind}/?from=&to=&origin=                  → the overview's counts
 * GET  /api/staff/assignees/                                          → {data: [{username, name}]}
 * The list's assignee filter and column, and the detail's duplicates, are in
 * applications-common.ts.
 */
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { REVIEW_STATUSES, type ReviewKind } from '../../content/review.ts';
import { deskRoot } from '../../schemas/api-paths.ts';
import { errorResponses } from '../../schemas/responses.ts';
import {
  ASSIGNEES_PATH,
  assigneeAnswer,
  assigneeBody,
  assigneesAnswer,
  bulkAnswer,
  bulkBody,
  overviewAnswer,
  DEFAULT_OVERVIEW_DAYS,
  MAX_BULK_IDS,
  MAX_OVERVIEW_DAYS,
  type AssigneeAnswer,
  type AssigneesAnswer,
  type AssigneeBody,
  type BulkAnswer,
  type BulkBody,
  type OverviewAnswer,
} from '../../schemas/team-desk.ts';
import { APPLICATION_TABLES, deleteApplications } from '../applications.ts';
import { audit } from '../staff/audit-trail.ts';
import type { Db } from '../db/index.ts';
import { staffUsers } from '../staff/schema.ts';
import {
  assignMany,
  assigneeOf,
  findStaff,
  setStatusOfMany,
  type StaffRef,
} from '../desk/assign.ts';
import type { Actor } from '../desk/activity.ts';
import { overviewOf } from '../desk/overview.ts';
import {
  CODES,
  ERR_FORBIDDEN_ROLE,
  ERR_INVALID_FORM,
  ERR_NOT_FOUND,
  errorLabel,
} from '../api-errors.ts';
import { idParams, MAX_ORIGIN_LENGTH, plain, realDay } from './common.ts';

/** The overview's paths, by kind. */
export const overviewPath = (kind: ReviewKind) => `/api/staff/overview/${kind}/`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A bulk body holds up to MAX_BULK_IDS ids of 36 characters, quoted and separated (about 20 kB):
 * more than the server's 16 kB for other JSON bodies, so this route has room for twice that.
 */
const BULK_BODY_LIMIT = 2 * MAX_BULK_IDS * 40 + 1024;

const overviewDay = (name: string) =>
  z.optional(
    z
      .string({ error: `${name} must be a date` })
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`),
        z.refine(realDay, `${name} must be a real date`),
      ),
  );
const overviewQuery = z.strictObject({
  from: overviewDay('from'),
  to: overviewDay('to'),
  origin: z.optional(
    z
      .string({ error: 'origin must be text' })
      .check(z.trim(), z.maxLength(MAX_ORIGIN_LENGTH, 'origin is too long'), plain('origin')),
  ),
});
type OverviewQuery = z.infer<typeof overviewQuery>;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range asked for: the last DEFAULT_OVERVIEW_DAYS days by default; 400 for one too long. */
function overviewRange(query: OverviewQuery, now = Date.now()) {
  const to = query.to ?? dayOf(now);
  const from =
    query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_OVERVIEW_DAYS - 1) * DAY_MS);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw ERR_INVALID_FORM({ to: 'to must not be before from' });
  if (days > MAX_OVERVIEW_DAYS)
    throw ERR_INVALID_FORM({ from: `The overview covers at most ${MAX_OVERVIEW_DAYS} days` });
  return { from, to, origin: query.origin || undefined };
}

function actorOf(request: FastifyRequest): Actor {
  const user = request.staff!.user;
  return { id: user.id, name: user.name || user.username };
}

/** The staff member a body names (null: nobody); 400 for a username no account has. */
async function assigneeNamed(db: Db, username: string | null): Promise<StaffRef | null> {
  if (username === null) return null;
  const found = await findStaff(db, username);
  if (!found) throw ERR_INVALID_FORM({ assignee: 'No staff member has that username' });
  return found;
}

export async function teamDeskRoutes(app: FastifyInstance) {
  const { db, sessions, files } = app;

  // Any staff member may give an application to any other: the list is every account's
  // username and name (no role, no other detail), by username.
  app.get(
    ASSIGNEES_PATH,
    {
      onRequest: sessions.requireStaff,
      schema: { response: { 200: assigneesAnswer, ...errorResponses } },
    },
    async (): Promise<AssigneesAnswer> => ({
      data: await db
        .select({ username: staffUsers.username, name: staffUsers.name })
        .from(staffUsers)
        .orderBy(asc(staffUsers.username)),
    }),
  );

  for (const kind of ['spartan', 'investor'] as const) {
    const table = APPLICATION_TABLES[kind];
    const tableName = `${kind}_applications`;
    const statuses = REVIEW_STATUSES[kind].map((s) => s.value);
    const desk = deskRoot(kind);

    app.put<{ Params: { id: string }; Body: AssigneeBody }>(
      `${desk}/:id/assignee/`,
      {
        onRequest: sessions.requireStaff,
        schema: {
          params: idParams,
          body: assigneeBody,
          response: { 200: assigneeAnswer, ...errorResponses },
        },
      },
      async (request): Promise<AssigneeAnswer> => {
        const id = request.params.id.toLowerCase();
        if (!UUID.test(id)) throw ERR_NOT_FOUND();
        const to = await assigneeNamed(db, request.body.assignee);
        const done = await assignMany(db, kind, [id], to, actorOf(request));
        if (done.found.length === 0) throw ERR_NOT_FOUND();
        if (done.changed.length > 0) {
          await audit(
            request,
            'application.assign',
            { type: tableName, id },
            { assignee: to?.username ?? null },
          );
        }
        return { id, assignee: assigneeOf(to) };
      },
    );

    app.post<{ Body: BulkBody }>(
      `${desk}/bulk/`,
      {
        onRequest: sessions.requireStaff,
        bodyLimit: BULK_BODY_LIMIT,
        schema: { body: bulkBody, response: { 200: bulkAnswer, ...errorResponses } },
      },
      async (request): Promise<BulkAnswer> => {
        const { action, status, assignee } = request.body;
        if (action === 'delete' && request.staff!.user.role !== 'admin') {
          throw ERR_FORBIDDEN_ROLE();
        }
        if (action === 'status' && (status === undefined || !statuses.includes(status))) {
          throw ERR_INVALID_FORM({ status: `status must be one of ${statuses.join(', ')}` });
        }
        if (action === 'assign' && assignee === undefined) {
          throw ERR_INVALID_FORM({ assignee: 'assignee must be a username or null' });
        }
        const asked = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
        const ids = asked.filter((id) => UUID.test(id));
        const actor = actorOf(request);
        let found: string[];
        let changed: string[];
        let detail: Record<string, string | null> = {};
        if (action === 'status') {
          ({ found, changed } = await setStatusOfMany(db, kind, ids, status!, actor));
          detail = { status: status! };
        } else if (action === 'assign') {
          const to = await assigneeNamed(db, assignee!);
          ({ found, changed } = await assignMany(db, kind, ids, to, actor));
          detail = { assignee: to?.username ?? null };
        } else {
          found = ids.length
            ? await deleteApplications(db, files, kind, inArray(table.id, ids), (err) =>
                request.log.error(
                  { err: errorLabel(err) },
                  'resume file deletion failed; left to the sweep',
                ),
              )
            : [];
          changed = found;
        }
        const event =
          action === 'status'
            ? 'application.status'
            : action === 'assign'
              ? 'application.assign'
              : 'application.delete';
        // One audit event per application changed, as its single change records (grouped into
        // few inserts by the audit log).
        await Promise.all(
          changed.map((id) =>
            audit(request, event, { type: tableName, id }, { ...detail, bulk: true }),
          ),
        );
        const done = new Set(found);
        return {
          done: asked.filter((id) => done.has(id)),
          failed: asked.filter((id) => !done.has(id)).map((id) => ({ id, code: CODES.NOT_FOUND })),
        };
      },
    );

    app.get<{ Querystring: OverviewQuery }>(
      overviewPath(kind),
      {
        onRequest: sessions.requireStaff,
        schema: {
          querystring: overviewQuery,
          response: { 200: overviewAnswer, ...errorResponses },
        },
      },
      async (request): Promise<OverviewAnswer> => {
        // Counts only, no applicant's data: not an audit event.
        return overviewOf(db, kind, overviewRange(request.query));
      },
    );
  }
}
