/**
 * The hiring desk's calls that are not about one kind's list (the rest are in
 * applications-common.ts):
 * GET/PUT /api/staff/notifications/              bearer → {mode, email, pending_email}: own
 *         new-application mail; a new address gets a confirmation link first
 * POST    /api/staff/notifications/confirm/ {token} bearer → the same: the link's address confirmed
 * POST    /api/staff/erase/ {email}              admin  → {spartan, investor}: counts deleted
 * GET     /api/staff/applications/{spartan|investor}/latest/ bearer → {latest}: the newest application's
 *         cursor, with an ETag (304 when unchanged); not counted as session activity (a poll)
 * GET     /api/staff/applications/{spartan|investor}/origins/ bearer → {origins, complete}: the
 *         partner origins applications came from (at most ORIGINS_LIMIT, and whether that is
 *         all of them), for the list's Source filter
 */
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { email } from '../../schemas/fields.ts';
import { audit } from '../staff/audit-trail.ts';
import type { Db } from '../db/index.ts';
import { APPLICATION_TABLES, type ApplicationKind } from '../applications.ts';
import { eraseApplicant } from '../desk/retention.ts';
import { ERR_ADDRESS_LINK, ERR_INVALID_FORM } from '../api-errors.ts';
import { erased, latest as latestAnswer, notifications, origins } from '../../schemas/desk.ts';
import { errorResponses } from '../../schemas/responses.ts';
import { deskRoot, STAFF_PATHS } from '../../schemas/api-paths.ts';

const notificationsBody = z.strictObject({
  mode: z.enum(['off', 'each', 'digest'], { error: 'mode must be off, each or digest' }),
  email: z.optional(z.string({ error: 'Enter a valid email address' })),
});
const eraseBody = z.strictObject({ email });
const confirmBody = z.strictObject({
  token: z.string({ error: 'This link is not valid' }).check(z.maxLength(200)),
});

/** The Source filter offers at most this many partners (a list longer than that is not a menu). */
export const ORIGINS_LIMIT = 500;

/**
 * The distinct partner origins of a table, in order: the first ORIGINS_LIMIT in the index's
 * order, and whether there are no more (one more is read to know). PostgreSQL has no skip scan, so
 * `SELECT DISTINCT origin` would read every row; this walks the (origin, created_at, id) index
 * one origin at a time (a "loose index scan"), so its cost grows with the partners, not the rows.
 */
async function partnerOrigins(
  db: Db,
  t: (typeof APPLICATION_TABLES)[ApplicationKind],
): Promise<{ origins: string[]; complete: boolean }> {
  // db.execute's answer differs between the two drivers: the rows' shape is asserted here.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const result = (await db.execute(sql`
    WITH RECURSIVE partners(origin, n) AS (
      (SELECT origin, 1 FROM ${t} WHERE origin IS NOT NULL ORDER BY origin LIMIT 1)
      UNION ALL
      SELECT (SELECT origin FROM ${t} WHERE origin > partners.origin ORDER BY origin LIMIT 1), n + 1
        FROM partners WHERE partners.origin IS NOT NULL AND n <= ${ORIGINS_LIMIT}
    )
    SELECT origin FROM partners WHERE origin IS NOT NULL`)) as unknown as {
    rows: Array<{ origin: string }>;
  };
  const found = result.rows.map((r) => r.origin);
  return {
    // In code-point order: the index's order follows the database's collation, which varies.
    origins: found.slice(0, ORIGINS_LIMIT).sort(),
    complete: found.length <= ORIGINS_LIMIT,
  };
}

export async function deskRoutes(app: FastifyInstance) {
  const { db, files, sessions, mailer, outbox } = app;

  app.get(
    STAFF_PATHS.notifications,
    {
      onRequest: sessions.requireStaff,
      schema: { response: { 200: notifications, ...errorResponses } },
    },
    async (request) => mailer.notificationsOf(request.staff!.user.id),
  );

  app.put<{ Body: z.infer<typeof notificationsBody> }>(
    STAFF_PATHS.notifications,
    {
      onRequest: sessions.requireStaff,
      schema: { body: notificationsBody, response: { 200: notifications, ...errorResponses } },
    },
    async (request) => {
      const { mode } = request.body;
      const address = (request.body.email ?? '').trim();
      if (mode !== 'off' && !email.safeParse(address).success) {
        throw ERR_INVALID_FORM({ email: 'Enter a valid email address' });
      }
      await mailer.setNotifications(request.staff!.user.id, mode, address);
      await audit(request, 'staff.notifications', null, { mode });
      return mailer.notificationsOf(request.staff!.user.id);
    },
  );

  app.post<{ Body: z.infer<typeof confirmBody> }>(
    STAFF_PATHS.notificationsConfirm,
    {
      onRequest: sessions.requireStaff,
      schema: { body: confirmBody, response: { 200: notifications, ...errorResponses } },
    },
    async (request) => {
      const me = request.staff!.user.id;
      if (!(await mailer.confirmAddress(me, request.body.token))) throw ERR_ADDRESS_LINK();
      await audit(request, 'staff.notifications', null, { confirmed: true });
      return mailer.notificationsOf(me);
    },
  );

  app.post<{ Body: z.infer<typeof eraseBody> }>(
    STAFF_PATHS.erase,
    {
      onRequest: sessions.requireAdmin,
      schema: { body: eraseBody, response: { 200: erased, ...errorResponses } },
    },
    async (request) => {
      const { mails, ...deleted } = await eraseApplicant(db, files, request.body.email, outbox);
      // Counts only: the address itself stays out of the trail.
      await audit(request, 'applicant.erase', null, { ...deleted });
      request.log.info({ erased: { ...deleted, mails } }, 'applicant erased on request');
      return deleted;
    },
  );

  for (const kind of ['spartan', 'investor'] as const) {
    const table = APPLICATION_TABLES[kind];
    app.get(
      `${deskRoot(kind)}/origins/`,
      {
        onRequest: sessions.requireStaff,
        schema: { response: { 200: origins, ...errorResponses } },
      },
      async () => partnerOrigins(db, table),
    );
    app.get(
      `${deskRoot(kind)}/latest/`,
      {
        onRequest: sessions.peekStaff,
        schema: { response: { 200: latestAnswer, ...errorResponses } },
      },
      async (request, reply) => {
        const [row] = await db
          .select({ id: table.id, createdAt: table.createdAt })
          .from(table)
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(1);
        const latest = row ? `${row.createdAt.getTime()}_${row.id}` : null;
        const etag = `"${latest ?? 'none'}"`;
        reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return { latest };
      },
    );
  }
}
