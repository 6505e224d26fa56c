/**
 * The audit trail, admins only (docs/STAFF-API.md "Audit trail").
 *
 * GET /api/staff/audit/?page=&page_size=&event=&actor=&target=&ip=&from=&to=
 *   → {data: [entry], total, page, page_size}, newest first
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { normaliseUsername } from './account-rules.ts';
import { plain, realDay, storableTime, whole } from '../routes/common.ts';
import { errorResponses } from '../../schemas/responses.ts';
import { auditPage } from '../../schemas/staff.ts';
import { STAFF_PATHS } from '../../schemas/api-paths.ts';

const DEFAULT_PAGE_SIZE = 50;

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A date (whole day, UTC) or date-time; `end` makes a bare date mean its last millisecond. */
const when = (field: string, end: boolean) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.regex(DATE, `${field} must be a date (YYYY-MM-DD) or date-time`),
        z.refine((s) => (s.length === 10 ? realDay(s) : storableTime(Date.parse(s))), {
          message: `${field} must be a real date`,
        }),
      ),
      z.transform((s) => {
        if (s.length !== 10) return new Date(s);
        const day = new Date(`${s}T00:00:00Z`);
        return end ? new Date(day.getTime() + 86_400_000 - 1) : day;
      }),
    ),
  );

const text = (field: string, max: number) =>
  z.optional(
    z
      .string({ error: `${field} must be text` })
      .check(z.trim(), z.maxLength(max, `${field} is too long`), plain(field)),
  );

const auditQuery = z.strictObject({
  page: whole('page', 1, 1_000_000),
  page_size: whole('page_size', 1, 100),
  event: z.optional(
    z
      .string()
      .check(z.regex(/^[a-z_.]{1,60}$/, 'event must be an event name or a prefix ending in .')),
  ),
  actor: text('actor', 150),
  target: text('target', 100),
  ip: text('ip', 64),
  from: when('from', false),
  to: when('to', true),
});

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const opts = app.staffSecurity;
  app.get<{ Querystring: z.infer<typeof auditQuery> }>(
    STAFF_PATHS.audit,
    {
      onRequest: opts.sessions.requireAdmin,
      schema: {
        querystring: auditQuery,
        response: { 200: auditPage, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await app.auditLog.query(
        {
          event: q.event,
          actor: q.actor ? normaliseUsername(q.actor) : undefined,
          target: q.target || undefined,
          ip: q.ip || undefined,
          from: q.from,
          to: q.to,
        },
        page,
        pageSize,
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          at: r.at,
          event: r.event,
          actor_id: r.actorId,
          actor: r.actor,
          target_type: r.targetType,
          target_id: r.targetId,
          ip: r.ip,
          detail: r.detail,
        })),
        total,
        page,
        page_size: pageSize,
      };
    },
  );
}
