/**
 * Spartan applications.
 * POST   /api/spartan_join/apply-spartan/            multipart → 201 {application_id, data}
 * GET    /api/spartan_join/applications/?page=&page_size=&q=  bearer → {data, total, page, page_size}
 * GET    /api/spartan_join/application/{id}/         bearer → {data}
 * GET    /api/spartan_join/application/{id}/resume/  bearer → the file, as an attachment
 * POST   /api/spartan_join/application/{id}/resume/view/  bearer → {url, expires_in} (PDFs)
 * GET    /api/spartan_join/application/{id}/resume/view/?ticket=  → the PDF, inline, sandboxed
 * DELETE /api/application/{id}/delete/               bearer → {id}
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import crypto from 'node:crypto';
import {
  eq,
  sql,
  type GetColumnData,
  type InferColumnsDataTypes,
  type SQLWrapper,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HONEYPOT_FIELD } from '../../content/forms.ts';
import { APPLICATION_PATHS, APPLY_PATH, pathWithId } from '../../schemas/api-paths.ts';
import {
  resumeFileError,
  validateSpartanApplication,
  type SpartanApplication,
} from '../../schemas/spartan-application.ts';
import { deleteApplications, insertWithMail } from '../applications.ts';
import { audit } from '../staff/audit-trail.ts';
import { spartanApplications, spartanResumes } from '../db/schema.ts';
import { staffUsers } from '../staff/schema.ts';
import {
  ERR_FORBIDDEN_ORIGIN,
  ERR_INVALID_FORM,
  ERR_NOT_AUTHENTICATED,
  ERR_NOT_FOUND,
  errorLabel,
} from '../api-errors.ts';
import type { StoredFile } from '../storage/index.ts';
import {
  attachmentDisposition,
  inlineDisposition,
  readMultipart,
  RESUME_CONTENT_TYPES,
  safeDisplayName,
  sniffResume,
  type ResumeKind,
} from '../uploads.ts';
import { applicationStaffRoutes, assigneeColumns, assigneeJoin } from './applications-common.ts';
import { applicationId, idParams, submissionOrigin } from './common.ts';
import {
  spartanApplicationView,
  spartanSubmitted,
  type ServedSpartanApplication,
} from '../../schemas/applications.ts';
import { errorResponses } from '../../schemas/responses.ts';
import { resumeViewAnswer, type ResumeViewAnswer } from '../../schemas/team-desk.ts';
import { TICKET_TTL_SECONDS } from '../staff/sessions.ts';
import * as z from 'zod/mini';

/** The CSP of a résumé read in place (see the route): a sandbox that runs and loads nothing. */
export const RESUME_VIEW_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";

const columns = {
  id: spartanApplications.id,
  createdAt: spartanApplications.createdAt,
  jobTitle: spartanApplications.jobTitle,
  fullname: spartanApplications.fullname,
  dateOfBirth: spartanApplications.dateOfBirth,
  location: spartanApplications.location,
  gender: spartanApplications.gender,
  email: spartanApplications.email,
  phone: spartanApplications.phone,
  origin: spartanApplications.origin,
  status: spartanApplications.status,
  resumeName: spartanResumes.filename,
  resumeType: spartanResumes.contentType,
  resumeSize: spartanResumes.size,
  ...assigneeColumns,
};

/**
 * A row as `columns` reads it, less what the staff routes add (status, assignee): the resume's
 * columns come from a left join, so may be null.
 */
type Row = Omit<
  InferColumnsDataTypes<typeof columns>,
  'status' | `assignee${string}` | `resume${string}`
> & {
  [K in keyof typeof columns & `resume${string}`]: GetColumnData<(typeof columns)[K]> | null;
};

export function resumeUrl(id: string): string {
  return pathWithId(APPLICATION_PATHS.spartan.resume, id);
}

/** A stored application as the API answers it (schemas/applications.ts). */
function present(row: Row): ServedSpartanApplication {
  return {
    id: row.id,
    created_at: row.createdAt,
    job_title: row.jobTitle,
    fullname: row.fullname,
    date_of_birth: row.dateOfBirth,
    location: row.location,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    resume:
      row.resumeName && row.resumeType && row.resumeSize !== null
        ? {
            filename: row.resumeName,
            content_type: row.resumeType,
            size: row.resumeSize,
            url: resumeUrl(row.id),
          }
        : null,
    origin: row.origin,
  };
}

interface CheckedResume {
  filename: string;
  kind: ResumeKind;
  data: Buffer;
}

/**
 * The resume's problem in words, or the checked file. Its name must end in one of the three
 * extensions and its content must be one of the three kinds; a real document named as another of
 * them (a DOCX saved as cv.doc) is kept, under its own kind's extension: the visitor could do
 * nothing about a refusal, and the content is what was checked.
 */
function checkResume(file: { filename: string; data: Buffer }): CheckedResume | string {
  const shown = resumeFileError({ name: file.filename, size: file.data.length });
  if (shown) return shown;
  const kind = sniffResume(file.data);
  if (!kind) return 'This file is not a real PDF, DOC or DOCX document';
  return { filename: safeDisplayName(file.filename, kind), kind, data: file.data };
}

export async function spartanRoutes(app: FastifyInstance) {
  const { db, files, sessions } = app;

  const legacyResume = async (id: string): Promise<StoredFile | null> => {
    const [row] = await db
      .select({ data: spartanResumes.data })
      .from(spartanResumes)
      .where(eq(spartanResumes.applicationId, id));
    return row?.data ? { size: row.data.length, body: row.data } : null;
  };

  /** A stored resume's bytes: in the file store, or, for a row not moved there yet, still in the row. */
  const readResume = (id: string, legacy: boolean) => (legacy ? legacyResume(id) : files.get(id));

  app.post(
    APPLY_PATH,
    {
      onRequest: app.submitLimiter.hook('apply'),
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: spartanSubmitted, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, 'resume');
      const validation = validateSpartanApplication({ ...form.fields });
      const errors = { ...(validation.ok ? {} : validation.errors), ...form.errors };
      let resume: CheckedResume | undefined;
      if (form.file) {
        const checked = checkResume(form.file);
        if (typeof checked === 'string') errors.resume = checked;
        else resume = checked;
      }
      if (!validation.ok || Object.keys(errors).length > 0) throw ERR_INVALID_FORM(errors);
      const value: SpartanApplication = validation.value;
      const row: Row = {
        id: crypto.randomUUID(),
        createdAt: new Date(),
        jobTitle: value.job_title,
        fullname: value.fullname,
        dateOfBirth: value.date_of_birth,
        location: value.location,
        gender: value.gender,
        email: value.email,
        phone: value.phone,
        origin: submissionOrigin(request),
        resumeName: resume?.filename ?? null,
        resumeType: resume ? RESUME_CONTENT_TYPES[resume.kind] : null,
        resumeSize: resume?.data.length ?? null,
      };
      // Honeypot filled: a bot. It gets an ordinary-looking answer; nothing is stored.
      if (value[HONEYPOT_FIELD]) {
        request.log.info({ honeypot: true }, 'spartan application dropped');
        return reply.code(201).send({ application_id: row.id, data: present(row) });
      }
      // The file first, durably, outside the transaction: once the row commits, its file exists.
      // If the row never commits, the file is deleted here, or swept as an orphan after a crash.
      if (resume) await files.put(row.id, resume.data);
      const inserts: SQLWrapper[] = [
        db.insert(spartanApplications).values({
          id: row.id,
          createdAt: row.createdAt,
          jobTitle: row.jobTitle,
          fullname: row.fullname,
          dateOfBirth: row.dateOfBirth,
          location: row.location,
          gender: row.gender,
          email: row.email,
          phone: row.phone,
          origin: row.origin,
        }),
      ];
      if (resume) {
        inserts.push(
          db.insert(spartanResumes).values({
            applicationId: row.id,
            filename: resume.filename,
            contentType: RESUME_CONTENT_TYPES[resume.kind],
            size: resume.data.length,
          }),
        );
      }
      // The row, its resume's row and its mail: one statement (insertWithMail).
      const stored = insertWithMail(
        request.server.runStatement,
        request.server.mailer,
        'spartan',
        row,
        inserts,
      );
      if (resume) {
        await stored.catch(async (err: unknown) => {
          await files.delete([row.id]).catch(() => undefined);
          throw err;
        });
      } else {
        await stored;
      }
      return reply.code(201).send({ application_id: row.id, data: present(row) });
    },
  );

  applicationStaffRoutes(app, {
    db,
    sessions,
    kind: 'spartan',
    table: spartanApplications,
    tableName: 'spartan_applications',
    item: spartanApplicationView,
    rows: () =>
      db
        .select(columns)
        .from(spartanApplications)
        .leftJoin(spartanResumes, eq(spartanResumes.applicationId, spartanApplications.id))
        .leftJoin(staffUsers, assigneeJoin(spartanApplications))
        .$dynamic(),
    present,
    remove: async (id) =>
      (
        await deleteApplications(db, files, 'spartan', eq(spartanApplications.id, id), (err) =>
          app.log.error({ err: errorLabel(err) }, 'resume file deletion failed; left to the sweep'),
        )
      ).length > 0,
    paths: {
      list: APPLICATION_PATHS.spartan.list,
      detail: APPLICATION_PATHS.spartan.detail,
      delete: APPLICATION_PATHS.spartan.delete,
    },
    resumeName: (row) => row.resumeName,
    openResume: async (id) => {
      const [meta] = await db
        .select({ legacy: sql<boolean>`${spartanResumes.data} IS NOT NULL` })
        .from(spartanResumes)
        .where(eq(spartanResumes.applicationId, id))
        .limit(1);
      const file = meta ? await readResume(id, meta.legacy) : null;
      if (!file) return null;
      return Buffer.isBuffer(file.body) ? Readable.from([file.body]) : file.body;
    },
  });

  app.get<{ Params: { id: string } }>(
    APPLICATION_PATHS.spartan.resume,
    {
      preHandler: sessions.requireStaff,
      schema: { params: idParams, response: errorResponses },
    },
    async (request, reply) => {
      const id = applicationId(request.params.id);
      const [meta] = await db
        .select({
          filename: spartanResumes.filename,
          contentType: spartanResumes.contentType,
          legacy: sql<boolean>`${spartanResumes.data} IS NOT NULL`,
        })
        .from(spartanResumes)
        .where(eq(spartanResumes.applicationId, id))
        .limit(1);
      if (!meta) throw ERR_NOT_FOUND();
      const file = await readResume(id, meta.legacy);
      if (!file) throw ERR_NOT_FOUND();
      await audit(request, 'application.resume_download', { type: 'spartan_applications', id });
      return reply
        .header('Content-Type', meta.contentType)
        .header('Content-Disposition', attachmentDisposition(meta.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Length', String(file.size))
        .send(file.body);
    },
  );

  /**
   * A PDF résumé read in place. The staff area authenticates with a bearer token, which a
   * frame's own request cannot carry, so the frame loads a URL with a ticket (Sessions.ticket:
   * this résumé, this session, a minute) that a bearer call hands out.
   *
   * What the file holds stays off our origin: it is checked to be a PDF and sent as one with
   * nosniff, so browsers draw it with their PDF viewer, never as a web document; Chromium's
   * viewer (PDFium) runs a script of the file in its own engine, with no access to our pages.
   * `Content-Security-Policy: sandbox` (no `allow-*`) and `default-src 'none'` are the second
   * line, for any rendering as a document: Chromium does not apply them to the frame hosting
   * its viewer (its origin stays ours), and refuses to draw a PDF in a frame with the `sandbox`
   * attribute, so the staff area frames this URL without one (docs/DESK.md). The frame may sit
   * in our pages only (`frame-ancestors 'self'`).
   * Only a file that is a PDF by its content is served so: other résumés keep the download.
   */
  const pdfResume = async (id: string): Promise<{ filename: string; body: Buffer } | null> => {
    const [meta] = await db
      .select({
        filename: spartanResumes.filename,
        legacy: sql<boolean>`${spartanResumes.data} IS NOT NULL`,
      })
      .from(spartanResumes)
      .where(eq(spartanResumes.applicationId, id))
      .limit(1);
    if (!meta) return null;
    const file = await readResume(id, meta.legacy);
    if (!file) return null;
    // At most the upload limit (5 MB): read whole, to check what it is before sending any of it.
    const body = Buffer.isBuffer(file.body) ? file.body : await buffer(file.body);
    return sniffResume(body) === 'pdf' ? { filename: meta.filename, body } : null;
  };
  const viewResource = (id: string) => `spartan-resume:${id}`;

  app.post<{ Params: { id: string } }>(
    APPLICATION_PATHS.spartan.resumeView,
    {
      preHandler: sessions.requireStaff,
      schema: { params: idParams, response: { 200: resumeViewAnswer, ...errorResponses } },
    },
    async (request): Promise<ResumeViewAnswer> => {
      const id = applicationId(request.params.id);
      if (!(await pdfResume(id))) throw ERR_NOT_FOUND();
      const ticket = sessions.ticket(request.staff!, viewResource(id));
      const url = `${pathWithId(APPLICATION_PATHS.spartan.resumeView, id)}?ticket=${ticket}`;
      return { url, expires_in: TICKET_TTL_SECONDS };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { ticket: string } }>(
    APPLICATION_PATHS.spartan.resumeView,
    {
      schema: {
        params: idParams,
        querystring: z.strictObject({ ticket: z.string().check(z.maxLength(1000)) }),
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const id = applicationId(request.params.id);
      const staff = await sessions.checkTicket(request.query.ticket, viewResource(id));
      if (!staff) throw ERR_NOT_AUTHENTICATED();
      if (staff.session.partnerOrigin) throw ERR_FORBIDDEN_ORIGIN();
      request.staff = staff;
      const pdf = await pdfResume(id);
      if (!pdf) throw ERR_NOT_FOUND();
      await audit(request, 'application.resume_view', { type: 'spartan_applications', id });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', inlineDisposition(pdf.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', RESUME_VIEW_CSP)
        .header('X-Frame-Options', 'SAMEORIGIN')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Length', String(pdf.body.length))
        .send(pdf.body);
    },
  );
}
