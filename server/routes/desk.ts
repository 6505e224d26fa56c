/**
 * The hiring desk's calls that are not about one kind's list (the rest are in
 * applications-common.ts):
 * GET/PUT /api/staff/notifications/              bearer → {mode, email}: own new-application mail
 * POST    /api/staff/erase/ {email}              admin  → {spartan, investor}: counts deleted
 * GET     /api/staff/applications/{spartan|investor}/latest/ bearer → {latest}: the newest application's
 *         cursor, with an ETag (304 when unchanged); not counted as session activity (a poll)
 */
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { email } from '../../schemas/fields.ts';
import { audit } from '../audit.ts';
import type { Sessions } from '../auth.ts';
import type { Db } from '../db/index.ts';
import type { FileStore } from '../storage/index.ts';
import { investorApplications, spartanApplications } from '../db/schema.ts';
import { eraseApplicant, type Outbox } from '../desk/retention.ts';
import { ERR_INVALID_FORM } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { errorResponses } from './common.ts';
import { deskRoot, STAFF_PATHS } from '../../schemas/api-paths.ts';

export interface DeskRouteOptions {
  db: Db;
  /** Where resumes live: an erasure deletes them with their applications. */
  files: FileStore;
  sessions: Sessions;
  mailer: Mailer;
  /** The embedded mail outbox (DATA_DIR/outbox): an erasure deletes the mail to or about them. */
  outbox: Outbox;
}

const notificationsBody = z.strictObject({
  mode: z.enum(['off', 'each', 'digest'], { error: 'mode must be off, each or digest' }),
  email: z.optional(z.string({ error: 'Enter a valid email address' })),
});
const eraseBody = z.strictObject({ email });

export async function deskRoutes(app: FastifyInstance, opts: DeskRouteOptions) {
  const { db, files, sessions, mailer, outbox } = opts;

  app.get(STAFF_PATHS.notifications, { onRequest: sessions.requireStaff }, async (request) =>
    mailer.notificationsOf(request.staff!.user.id),
  );

  app.put<{ Body: z.infer<typeof notificationsBody> }>(
    STAFF_PATHS.notifications,
    {
      onRequest: sessions.requireStaff,
      schema: { body: notificationsBody, response: errorResponses },
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

  app.post<{ Body: z.infer<typeof eraseBody> }>(
    STAFF_PATHS.erase,
    { onRequest: sessions.requireAdmin, schema: { body: eraseBody } },
    async (request) => {
      const { mails, ...deleted } = await eraseApplicant(db, files, request.body.email, outbox);
      // Counts only: the address itself stays out of the trail.
      await audit(request, 'applicant.erase', null, { ...deleted });
      request.log.info({ erased: { ...deleted, mails } }, 'applicant erased on request');
      return deleted;
    },
  );

  for (const kind of ['spartan', 'investor'] as const) {
    const table = kind === 'spartan' ? spartanApplications : investorApplications;
    app.get(
      `${deskRoot(kind)}/latest/`,
      { onRequest: sessions.peekStaff, schema: { response: errorResponses } },
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
