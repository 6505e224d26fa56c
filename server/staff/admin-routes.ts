/**
 * Staff management, admins only (docs/STAFF-API.md "Staff management").
 *
 * GET    /api/staff/users/                           → {data: [account]}
 * POST   /api/staff/users/                           {username, name?, role, setup, password?} → 201
 * PATCH  /api/staff/users/{id}/                      {role?, name?} → {data: account}
 * DELETE /api/staff/users/{id}/                      → {id}
 * POST   /api/staff/users/{id}/reset-mfa/            → {data: account, setup_url, setup_expires_at}
 * POST   /api/staff/users/{id}/reset-password/       → {data: account, setup_url, setup_expires_at}
 * GET    /api/staff/users/{id}/sessions/             → {data: [session]}
 * DELETE /api/staff/users/{id}/sessions/             → {sessions_ended}
 * DELETE /api/staff/users/{id}/sessions/{sid}/       → {id}
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { staffName } from '../../schemas/fields.ts';
import { MAX_PASSWORD_LENGTH } from '../../schemas/login.ts';
import { viewSession } from './sessions.ts';
import { ERR_CONFLICT, ERR_INVALID_FORM, ERR_NOT_FOUND } from '../api-errors.ts';
import { ROLES, StaffAccountError } from './account-rules.ts';
import type { SetupLink } from './setup-links.ts';
import { sessionListResponse } from './account-routes.ts';
import { deleted, errorResponses } from '../../schemas/responses.ts';
import { sessionsEndedCount, staffAccountChanged, staffAccountList } from '../../schemas/staff.ts';
import { audit } from './audit-trail.ts';
import { actorOf } from './context.ts';
import { STAFF_PATHS } from '../../schemas/api-paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const accountResponse = (status: 200 | 201) =>
  ({ [status]: staffAccountChanged, ...errorResponses }) as const;
const idResponse = { 200: deleted, ...errorResponses } as const;

const role = z.enum(ROLES, { error: 'Choose admin or reviewer' });
const createBody = z.strictObject({
  username: z
    .string({ error: 'Enter a username' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter a username'),
      z.maxLength(150, 'Use at most 150 characters'),
    ),
  name: z.optional(staffName),
  role,
  setup: z.enum(['link', 'password'], { error: 'Choose a setup link or an initial password' }),
  password: z.optional(
    z.string({ error: 'Enter an initial password' }).check(z.maxLength(MAX_PASSWORD_LENGTH)),
  ),
});

const patchBody = z.strictObject({ role: z.optional(role), name: z.optional(staffName) });
const userParams = z.strictObject({ id: z.string() });
const sessionParams = z.strictObject({ id: z.string(), sid: z.string() });

/**
 * The setup page's address, the token in its fragment: under PUBLIC_URL when set (a request's
 * Host is whatever its sender wrote), else this server as the admin's browser addressed it.
 */
export function setupLinkUrl(
  publicUrl: string | undefined,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  link: SetupLink,
) {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  return { setup_url: `${base}/security-setup#${link.token}`, setup_expires_at: link.expiresAt };
}

/** A staff-account error as the API answers it. */
export function staffError(err: unknown, field = 'form'): never {
  if (err instanceof StaffAccountError) {
    if (err.kind === 'invalid') throw ERR_INVALID_FORM({ [err.field ?? field]: err.message });
    if (err.kind === 'not_found') throw ERR_NOT_FOUND();
    throw ERR_CONFLICT(err.message);
  }
  throw err;
}

function userId(raw: string): string {
  const id = raw.toLowerCase();
  if (!UUID.test(id)) throw ERR_NOT_FOUND();
  return id;
}

export async function staffAdminRoutes(app: FastifyInstance): Promise<void> {
  const opts = app.staffSecurity;
  const { sessions, staff } = opts;
  const setupUrl = (request: FastifyRequest, link: SetupLink) =>
    setupLinkUrl(opts.publicUrl, request, link);
  // Checked on arrival, before the body is even parsed: 401/403 first, then validation.
  const onRequest = sessions.requireAdmin;

  app.get(
    STAFF_PATHS.users,
    {
      onRequest,
      schema: {
        response: { 200: staffAccountList, ...errorResponses },
      },
    },
    async () => ({ data: await staff.list() }),
  );

  app.post<{ Body: z.infer<typeof createBody> }>(
    STAFF_PATHS.users,
    { onRequest, schema: { body: createBody, response: accountResponse(201) } },
    async (request, reply) => {
      const body = request.body;
      if (body.setup === 'password' && !body.password) {
        throw ERR_INVALID_FORM({ password: 'Enter an initial password' });
      }
      const created = await staff
        .create(
          {
            username: body.username,
            name: body.name,
            role: body.role,
            setup: body.setup,
            password: body.setup === 'password' ? body.password : undefined,
          },
          actorOf(request),
        )
        .catch((err: unknown) => staffError(err));
      const account = await staff.get(created.id);
      reply.code(201);
      return {
        data: account,
        ...(created.setupLink ? setupUrl(request, created.setupLink) : {}),
      };
    },
  );

  app.patch<{ Params: { id: string }; Body: z.infer<typeof patchBody> }>(
    STAFF_PATHS.user,
    { onRequest, schema: { params: userParams, body: patchBody, response: accountResponse(200) } },
    async (request) => {
      const id = userId(request.params.id);
      const actor = actorOf(request);
      try {
        await staff.get(id);
        if (request.body.name !== undefined) await staff.rename(id, request.body.name, actor);
        if (request.body.role !== undefined) await staff.setRole(id, request.body.role, actor);
        return { data: await staff.get(id) };
      } catch (err) {
        return staffError(err);
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    STAFF_PATHS.user,
    { onRequest, schema: { params: userParams, response: idResponse } },
    async (request) => {
      const id = userId(request.params.id);
      await staff.removeById(id, actorOf(request)).catch((err: unknown) => staffError(err));
      return { id };
    },
  );

  app.post<{ Params: { id: string } }>(
    STAFF_PATHS.resetMfa,
    { onRequest, schema: { params: userParams, response: accountResponse(200) } },
    async (request) => {
      const id = userId(request.params.id);
      try {
        const link = await staff.resetMfa(id, actorOf(request));
        return { data: await staff.get(id), ...(link ? setupUrl(request, link) : {}) };
      } catch (err) {
        return staffError(err);
      }
    },
  );

  app.post<{ Params: { id: string } }>(
    STAFF_PATHS.resetPassword,
    { onRequest, schema: { params: userParams, response: accountResponse(200) } },
    async (request) => {
      const id = userId(request.params.id);
      try {
        const link = await staff.resetPasswordWithLink(id, actorOf(request));
        return { data: await staff.get(id), ...setupUrl(request, link) };
      } catch (err) {
        return staffError(err);
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    STAFF_PATHS.userSessions,
    { onRequest, schema: { params: userParams, response: sessionListResponse } },
    async (request) => {
      const id = userId(request.params.id);
      if (!(await staff.findById(id))) throw ERR_NOT_FOUND();
      const current = request.staff!.sessionId;
      return { data: (await sessions.list(id)).map((s) => viewSession(s, current)) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    STAFF_PATHS.userSessions,
    {
      onRequest,
      schema: {
        params: userParams,
        response: { 200: sessionsEndedCount, ...errorResponses },
      },
    },
    async (request) => {
      const id = userId(request.params.id);
      if (!(await staff.findById(id))) throw ERR_NOT_FOUND();
      return { sessions_ended: await staff.endSessions(id, actorOf(request)) };
    },
  );

  app.delete<{ Params: { id: string; sid: string } }>(
    STAFF_PATHS.userSession,
    { onRequest, schema: { params: sessionParams, response: idResponse } },
    async (request) => {
      const id = userId(request.params.id);
      const sid = userId(request.params.sid);
      if (!(await sessions.revokeOf(id, sid))) throw ERR_NOT_FOUND();
      await audit(
        request,
        'staff.sessions_ended',
        { type: 'staff_user', id },
        { sessions_ended: 1 },
      );
      return { id: sid };
    },
  );
}
