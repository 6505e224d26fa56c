/**
 * The staff side every application resource shares, all staff-only:
 * - the list: filtered (search, source, status, job role, dates), newest or oldest first,
 *   paged by offset (`page`) or by keyset cursor, with a total counted up to a cap;
 * - the detail by id (a staff member's first open moves a new application to review);
 * - the delete answering `{id}` (admin);
 * - the hiring desk under /api/staff/applications/{kind}/: status, notes and their history,
 *   and exports of the filtered list as CSV and (with resumes) as a zip.
 * Each resource names its paths, table, item schema, row query and serialiser.
 */
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { JOB_ROLES } from '../../content/forms.ts';
import { CONTROL } from '../../schemas/fields.ts';
import {
  FIRST_OPEN_STATUS,
  MAX_NOTE_LENGTH,
  REVIEW_STATUSES,
  statusLabel,
  type ReviewKind,
} from '../../content/review.ts';
import { audit } from '../staff/audit-trail.ts';
import type { Sessions } from '../staff/sessions.ts';
import type { Db } from '../db/index.ts';
import { activityOf, addNote, changeStatus, statusOf, type Actor } from '../desk/activity.ts';
import { duplicatesOf } from '../desk/duplicates.ts';
import { csvStream, zipStream, type ZipEntry } from '../desk/export.ts';
import { staffUsers } from '../staff/schema.ts';
import { ERR_CONFLICT, ERR_INVALID_FORM, ERR_NOT_FOUND } from '../api-errors.ts';
import {
  applicationId,
  cappedCount,
  idParams,
  LAST_MS,
  listQuery,
  originWhere,
  paging,
  searchWhere,
  type ListQuery,
} from './common.ts';
import { deskRoot } from '../../schemas/api-paths.ts';
import { applicationActivity, noteAdded, statusChanged } from '../../schemas/desk.ts';
import { applicationDetailOf as applicationDetail } from '../../schemas/applications.ts';
import { deleted, errorResponses, pageOf } from '../../schemas/responses.ts';

type ApplicationTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  fullname: PgColumn;
  email: PgColumn;
  origin: PgColumn;
  status: PgColumn;
  assigneeId: PgColumn;
  firstReviewedAt: PgColumn;
  jobTitle?: PgColumn;
};

/** What every row query gives besides the kind's own fields. */
interface KeyedRow {
  id: string;
  createdAt: Date;
  status: string;
  /** The assignee's, from the staff account joined (null when nobody's). */
  assigneeUsername: string | null;
  assigneeName: string | null;
}

export interface ApplicationResource<Q extends PgSelect> {
  db: Db;
  sessions: Sessions;
  kind: ReviewKind;
  table: ApplicationTable;
  tableName: 'spartan_applications' | 'investor_applications';
  /** One application as the staff see it, with its status (schemas/applications.ts). */
  item: z.ZodMiniObject;
  /**
   * The rows as the serialiser reads them (columns, joins), as a dynamic query; with the
   * assignee's username and name (assigneeColumns, joined on assigneeJoin).
   */
  rows: () => Q;
  present: (row: Awaited<Q>[number]) => object;
  /** Deletes one application with its files (deleteApplications); false if there was none. */
  remove: (id: string) => Promise<boolean>;
  paths: { list: string; detail: string; delete: string };
  /** For the zip export: the resume's file name of a row, or null. */
  resumeName?: (row: Awaited<Q>[number]) => string | null;
  openResume?: (id: string) => Promise<NodeJS.ReadableStream | null>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read per query by the exports. */
const EXPORT_BATCH = 500;

/** `1732500000000_<uuid>`: the row's time and id (see keysetWhere). */
const cursorOf = (row: KeyedRow) => `${row.createdAt.getTime()}_${row.id}`;

/**
 * `from`, optional: the status the staff member saw. When given, the change is made only if the
 * application still has it (else 409): a colleague's change meanwhile is not silently overwritten.
 */
const statusBody = z.strictObject({
  status: z.string({ error: 'status must be text' }),
  from: z.optional(z.string({ error: 'from must be text' })),
});
const noteBody = z.strictObject({
  body: z.string({ error: 'Write the note' }).check(
    z.trim(),
    z.minLength(1, 'Write the note'),
    z.maxLength(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters`),
    // Tabs and line breaks are kept; other control characters are not text.
    z.refine((s) => !CONTROL.test(s.replace(/[\t\n\r]/g, ' ')), 'The note has control characters'),
  ),
});
/**
 * The exports take the list's filters and order, not its paging: they stream the whole view, so
 * `page`, `page_size`, `cursor` and `before` would be ignored; they are refused as unknown fields.
 */
const exportQuery = z.omit(listQuery, { page: true, page_size: true, cursor: true, before: true });

/** The assignee's columns of a row query, from the staff account joined on `assigneeJoin`. */
export const assigneeColumns = {
  assigneeUsername: staffUsers.username,
  assigneeName: staffUsers.name,
};
export const assigneeJoin = (table: { assigneeId: PgColumn }) =>
  eq(staffUsers.id, table.assigneeId);

function actorOf(request: FastifyRequest): Actor {
  const user = request.staff!.user;
  return { id: user.id, name: user.name || user.username };
}

export function applicationStaffRoutes<Q extends PgSelect>(
  app: FastifyInstance,
  resource: ApplicationResource<Q>,
) {
  const { db, sessions, kind, table, tableName, rows, remove, paths } = resource;
  type Row = Awaited<Q>[number];
  const statuses = REVIEW_STATUSES[kind].map((s) => s.value);
  const present = (row: Row) => {
    const { status, assigneeUsername, assigneeName } = row as unknown as KeyedRow;
    return {
      ...resource.present(row),
      status,
      assignee: assigneeUsername ? { username: assigneeUsername, name: assigneeName ?? '' } : null,
    };
  };
  const { item } = resource;
  const desk = deskRoot(kind);
  const keyed = (row: Row) => row as unknown as KeyedRow;

  /**
   * The list's filters as one condition; 400 naming the field for a value that cannot match.
   * `me` in the assignee filter is `userId`.
   */
  function filterWhere(query: ListQuery, userId: string): SQL | undefined {
    const { q, origin } = paging(query);
    const errors: Record<string, string> = {};
    const conditions: Array<SQL | undefined> = [searchWhere(table, q), originWhere(table, origin)];
    if (query.status && query.status !== 'all') {
      if (!statuses.includes(query.status))
        errors.status = `status must be one of ${statuses.join(', ')}, or all`;
      else conditions.push(eq(table.status, query.status));
    }
    if (query.job_title) {
      if (!table.jobTitle) errors.job_title = 'These applications have no job role';
      // Only the form's roles are ever stored: another title can match nothing, like a bad status.
      else if (!(JOB_ROLES as readonly string[]).includes(query.job_title))
        errors.job_title = 'job_title must be one of the job roles of the application form';
      else conditions.push(eq(table.jobTitle, query.job_title));
    }
    if (query.assignee === 'me') conditions.push(eq(table.assigneeId, userId));
    else if (query.assignee === 'none') conditions.push(isNull(table.assigneeId));
    else if (query.assignee) {
      // A username no account has matches nothing, as a staff member with nothing assigned.
      const named = query.assignee.toLowerCase();
      conditions.push(
        sql`${table.assigneeId} = (SELECT id FROM staff_users WHERE username = ${named})`,
      );
    }
    const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : undefined;
    const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : undefined;
    if (from !== undefined && to !== undefined && to <= from)
      errors.to = 'to must not be before from';
    if (from !== undefined) conditions.push(gte(table.createdAt, new Date(from)));
    // The day after 9999-12-31 is no time the database takes; nothing is stored after it anyway.
    if (to !== undefined && to <= LAST_MS) conditions.push(lt(table.createdAt, new Date(to)));
    if (Object.keys(errors).length) throw ERR_INVALID_FORM(errors);
    return and(...conditions);
  }

  /**
   * Rows after (`>`) or before (`<`) the cursor's row in (created_at, id) order. The row's own
   * time is read by id (exact to the microsecond); the cursor's millisecond time stands in when
   * that row has been deleted meanwhile. Served by the (…, created_at, id) indexes.
   */
  function keysetWhere(cursor: string, op: '<' | '>'): SQL {
    const [ms, id] = cursor.split('_') as [string, string];
    const at = new Date(Number(ms)).toISOString();
    return sql`(${table.createdAt}, ${table.id}) ${sql.raw(op)} (coalesce((select c.created_at from ${sql.raw(tableName)} c where c.id = ${id}::uuid), ${at}::timestamptz), ${id}::uuid)`;
  }

  const order = (newestFirst: boolean) =>
    newestFirst ? [desc(table.createdAt), desc(table.id)] : [asc(table.createdAt), asc(table.id)];

  /** Every row matching the filters, in the list's order, a batch at a time (keyset). */
  async function* allRows(query: ListQuery, userId: string): AsyncGenerator<Row[]> {
    const where = filterWhere(query, userId);
    const newest = query.sort !== 'oldest';
    let after: string | undefined;
    for (;;) {
      const batch: Row[] = await rows()
        .where(and(where, after ? keysetWhere(after, newest ? '<' : '>') : undefined))
        .orderBy(...order(newest))
        .limit(EXPORT_BATCH);
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < EXPORT_BATCH) return;
      after = cursorOf(keyed(batch[batch.length - 1]!));
    }
  }

  app.get<{ Querystring: ListQuery }>(
    paths.list,
    {
      preHandler: sessions.requireStaff,
      schema: {
        querystring: listQuery,
        response: { 200: pageOf(item), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const { page, pageSize, offset, q } = paging(query);
      const where = filterWhere(query, request.staff!.user.id);
      const newest = query.sort !== 'oldest';
      // `before`: the page ending just before the cursor, read backwards then turned round.
      const backwards = Boolean(query.before) && !query.cursor;
      const keyset = query.cursor
        ? keysetWhere(query.cursor, newest ? '<' : '>')
        : query.before
          ? keysetWhere(query.before, newest ? '>' : '<')
          : undefined;
      // The audit entry is written beside the reads (one wait instead of two on PostgreSQL); no
      // data is answered unless it was stored.
      const [count, found] = await Promise.all([
        cappedCount(db, table, where),
        rows()
          .where(and(where, keyset))
          .orderBy(...order(backwards ? !newest : newest))
          .limit(pageSize + 1)
          .offset(keyset ? 0 : offset) as Promise<Row[]>,
        audit(request, q ? 'application.search' : 'application.list', null, {
          kind: tableName,
          page,
        }),
      ]);
      const more = found.length > pageSize;
      const data = found.slice(0, pageSize);
      if (backwards) data.reverse();
      const first = data[0];
      const last = data[data.length - 1];
      const next = backwards ? last : more ? last : undefined;
      const prev = backwards ? (more ? first : undefined) : keyset || page > 1 ? first : undefined;
      return {
        data: data.map(present),
        total: count.total,
        total_capped: count.capped,
        page,
        page_size: pageSize,
        next_cursor: next ? cursorOf(keyed(next)) : null,
        prev_cursor: prev ? cursorOf(keyed(prev)) : null,
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    paths.detail,
    {
      preHandler: sessions.requireStaff,
      schema: {
        params: idParams,
        response: { 200: applicationDetail(item), ...errorResponses },
      },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      const firstOpen = FIRST_OPEN_STATUS[kind];
      if (firstOpen) {
        const moved = await changeStatus(db, kind, table, id, firstOpen, actorOf(request), 'new');
        if (moved.outcome === 'changed') {
          await audit(
            request,
            'application.status',
            { type: tableName, id },
            { status: firstOpen },
          );
        }
      }
      const [row]: Row[] = await rows().where(eq(table.id, id)).limit(1);
      if (!row) throw ERR_NOT_FOUND();
      const [duplicates] = await Promise.all([
        duplicatesOf(db, kind, id),
        audit(request, 'application.view', { type: tableName, id }),
      ]);
      return { data: present(row), duplicates };
    },
  );

  app.delete<{ Params: { id: string } }>(
    paths.delete,
    {
      preHandler: sessions.requireAdmin,
      schema: { params: idParams, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      if (!(await remove(id))) throw ERR_NOT_FOUND();
      await audit(request, 'application.delete', { type: tableName, id });
      return { id };
    },
  );

  app.put<{ Params: { id: string }; Body: z.infer<typeof statusBody> }>(
    `${desk}/:id/status/`,
    {
      onRequest: sessions.requireStaff,
      schema: {
        params: idParams,
        body: statusBody,
        response: { 200: statusChanged, ...errorResponses },
      },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      const { status: to, from: expected } = request.body;
      const errors: Record<string, string> = {};
      if (!statuses.includes(to)) errors.status = `status must be one of ${statuses.join(', ')}`;
      if (expected !== undefined && !statuses.includes(expected))
        errors.from = `from must be one of ${statuses.join(', ')}`;
      if (Object.keys(errors).length) throw ERR_INVALID_FORM(errors);
      const done = await changeStatus(db, kind, table, id, to, actorOf(request), expected);
      if (done.outcome === 'missing') throw ERR_NOT_FOUND();
      if (done.outcome === 'stale') {
        throw ERR_CONFLICT(
          `The status was changed meanwhile: it is now ${statusLabel(kind, done.current)}`,
        );
      }
      if (done.outcome === 'changed') {
        await audit(request, 'application.status', { type: tableName, id }, { status: to });
      }
      return { id, status: to, ...(await activityOf(db, kind, id)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    `${desk}/:id/activity/`,
    {
      onRequest: sessions.requireStaff,
      schema: { params: idParams, response: { 200: applicationActivity, ...errorResponses } },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      const status = await statusOf(db, table, id);
      if (status === null) throw ERR_NOT_FOUND();
      return { status, ...(await activityOf(db, kind, id)) };
    },
  );

  app.post<{ Params: { id: string }; Body: { body: string } }>(
    `${desk}/:id/notes/`,
    {
      onRequest: sessions.requireStaff,
      schema: { params: idParams, body: noteBody, response: { 201: noteAdded, ...errorResponses } },
    },
    async (request, reply) => {
      const id = applicationId(request.params.id);
      if ((await statusOf(db, table, id)) === null) throw ERR_NOT_FOUND();
      const note = await addNote(db, kind, id, request.body.body, actorOf(request));
      await audit(request, 'application.note', { type: tableName, id });
      return reply.code(201).send({ data: note });
    },
  );

  const exportName = (ext: string) =>
    `${kind}-applications-${new Date().toISOString().slice(0, 10)}.${ext}`;
  const download = (reply: FastifyReply, type: string, name: string) =>
    reply
      .header('Content-Type', type)
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store');

  app.get<{ Querystring: ListQuery }>(
    `${desk}/export.csv`,
    { onRequest: sessions.requireStaff, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const userId = request.staff!.user.id;
      filterWhere(request.query, userId); // A bad filter answers 400 before the stream starts.
      await audit(request, 'application.export_csv', null, { kind: tableName });
      const fields = Object.keys(item.shape).filter((key) => key !== 'resume');
      const header = resource.resumeName ? [...fields, 'resume'] : fields;
      const { resumeName } = resource;
      const stream = csvStream(header, allRows(request.query, userId), (row: Row) => {
        // The row as the list shows it, but for the assignee's cell: their username.
        const shown = resource.present(row) as Record<string, unknown>;
        const { status, assigneeUsername } = keyed(row);
        const cells = new Array<unknown>(header.length);
        for (let i = 0; i < fields.length; i += 1) {
          const key = fields[i]!;
          cells[i] =
            key === 'assignee' ? (assigneeUsername ?? '') : key === 'status' ? status : shown[key];
        }
        if (resumeName) cells[fields.length] = resumeName(row) ?? '';
        return cells;
      });
      return download(reply, 'text/csv; charset=utf-8', exportName('csv')).send(stream);
    },
  );

  if (resource.resumeName && resource.openResume) {
    const { resumeName, openResume } = resource;
    app.get<{ Querystring: ListQuery }>(
      `${desk}/resumes.zip`,
      { onRequest: sessions.requireStaff, schema: { querystring: exportQuery } },
      async (request, reply) => {
        const userId = request.staff!.user.id;
        filterWhere(request.query, userId);
        await audit(request, 'application.export_resumes', null, { kind: tableName });
        const entries = async function* (): AsyncGenerator<ZipEntry[]> {
          for await (const batch of allRows(request.query, userId)) {
            yield batch.flatMap((row) => {
              const name = resumeName(row);
              const { id } = keyed(row);
              return name
                ? [{ name: `${id}-${name}`, open: async () => (await openResume(id)) as never }]
                : [];
            });
          }
        };
        const stream = zipStream(entries(), (err) =>
          request.log.error({ err: { name: (err as Error).name } }, 'resume export failed'),
        );
        return download(reply, 'application/zip', exportName('zip')).send(stream);
      },
    );
  }
}
