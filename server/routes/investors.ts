/**
 * Investor applications.
 * POST   /api/investors/join_investor/                          JSON → 201 {investor_id, data}
 * GET    /api/investors/get_investor_applications/?page=&page_size=&q=  bearer → {data, total, page, page_size}
 * GET    /api/investors/get_investor_application_detail/{id}/   bearer → {data}
 * DELETE /api/investors/delete_investor_application/{id}/       bearer → {id}
 */
import crypto from 'node:crypto';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HONEYPOT_FIELD } from '../../content/forms.ts';
import { APPLICATION_PATHS, INVEST_PATH } from '../../schemas/api-paths.ts';
import {
  investorApplicationSchema,
  type InvestorApplication,
} from '../../schemas/investor-application.ts';
import { deleteApplications, insertWithMail } from '../applications.ts';
import { investorApplications } from '../db/schema.ts';
import { staffUsers } from '../staff/schema.ts';
import { ERR_UNSUPPORTED_MEDIA_TYPE } from '../api-errors.ts';
import { applicationStaffRoutes, assigneeColumns, assigneeJoin } from './applications-common.ts';
import { submissionOrigin } from './common.ts';
import {
  investorApplicationView,
  investorSubmitted,
  type ServedInvestorApplication,
} from '../../schemas/applications.ts';
import { errorResponses } from '../../schemas/responses.ts';

/** A stored application as the submit answers it (its status is the default, new). */
type Row = Omit<
  typeof investorApplications.$inferSelect,
  'status' | 'assigneeId' | 'firstReviewedAt' | 'emailKey' | 'phoneKey'
>;

/** A stored application as the API answers it (schemas/applications.ts). */
function present(row: Row): ServedInvestorApplication {
  return {
    id: row.id,
    created_at: row.createdAt,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    location: row.location,
    accreditation: row.accreditation,
    investment_range: row.investmentRange,
    message: row.message,
    origin: row.origin,
  };
}

export async function investorRoutes(app: FastifyInstance) {
  const { db, files, sessions } = app;

  app.post<{ Body: InvestorApplication }>(
    INVEST_PATH,
    {
      onRequest: app.submitLimiter.hook('invest'),
      // Only JSON: a form-encoded or multipart body is the wrong content type, not a bad form.
      preValidation: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') throw ERR_UNSUPPORTED_MEDIA_TYPE('application/json');
      },
      schema: {
        body: investorApplicationSchema,
        response: { 201: investorSubmitted, ...errorResponses },
      },
    },
    async (request, reply) => {
      const value = request.body;
      const row: Row = {
        id: crypto.randomUUID(),
        createdAt: new Date(),
        fullname: value.fullname,
        email: value.email,
        phone: value.phone,
        location: value.location,
        accreditation: value.accreditation,
        investmentRange: value.investment_range || null,
        message: value.message || null,
        origin: submissionOrigin(request),
      };
      // Honeypot filled: a bot. It gets an ordinary-looking answer; nothing is stored.
      if (value[HONEYPOT_FIELD]) {
        request.log.info({ honeypot: true }, 'investor application dropped');
      } else {
        // The row and its mail in one statement; the mail is sent after, never by the submit.
        await insertWithMail(request.server.runStatement, request.server.mailer, 'investor', row, [
          db.insert(investorApplications).values(row),
        ]);
      }
      return reply.code(201).send({ investor_id: row.id, data: present(row) });
    },
  );

  applicationStaffRoutes(app, {
    db,
    sessions,
    kind: 'investor',
    table: investorApplications,
    tableName: 'investor_applications',
    item: investorApplicationView,
    rows: () =>
      db
        .select({ ...getTableColumns(investorApplications), ...assigneeColumns })
        .from(investorApplications)
        .leftJoin(staffUsers, assigneeJoin(investorApplications))
        .$dynamic(),
    present,
    remove: async (id) =>
      (await deleteApplications(db, files, 'investor', eq(investorApplications.id, id))).length > 0,
    paths: {
      list: APPLICATION_PATHS.investor.list,
      detail: APPLICATION_PATHS.investor.detail,
      delete: APPLICATION_PATHS.investor.delete,
    },
  });
}
