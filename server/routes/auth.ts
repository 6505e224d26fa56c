/**
 * Staff login and logout.
 * POST /api/security-login/  JSON {username, password} → 200 {access, user}
 * POST /api/security-logout/ bearer                   → 200 {detail}; the token stops working
 */
import type { FastifyInstance } from 'fastify';
import { loginSchema, type LoginPayload } from '../../schemas/login.ts';
import type { Sessions } from '../auth.ts';
import type { RateLimits } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ERR_INVALID_CREDENTIALS, ERR_RATE_LIMITED } from '../errors.ts';
import { LoginFailureLimiter } from '../security/login-limiter.ts';
import { DUMMY_HASH, verifyPassword } from '../security/passwords.ts';
import { findStaffByUsername } from '../staff.ts';
import { errorResponses } from './common.ts';

export interface AuthRouteOptions {
  db: Db;
  sessions: Sessions;
  rateLimits: RateLimits;
}

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
  },
  required: ['id', 'username', 'role', 'name'],
} as const;

export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions): Promise<void> {
  const failures = new LoginFailureLimiter(opts.rateLimits.loginFailuresPerUser);
  const { max, windowSeconds } = opts.rateLimits.login;

  app.post<{ Body: LoginPayload }>(
    '/api/security-login/',
    {
      config: { rateLimit: { max, timeWindow: windowSeconds * 1000 } },
      schema: {
        body: loginSchema,
        response: {
          200: {
            type: 'object',
            properties: { access: { type: 'string' }, user: userSchema },
            required: ['access', 'user'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const wait = failures.retryAfter(username);
      if (wait > 0) throw ERR_RATE_LIMITED(wait);
      const user = await findStaffByUsername(opts.db, username);
      // Unknown user or wrong password: the same answer after the same work.
      const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !matches) {
        failures.fail(username);
        throw ERR_INVALID_CREDENTIALS();
      }
      failures.succeed(username);
      const publicUser = { id: user.id, username: user.username, role: user.role, name: user.name };
      return { access: await opts.sessions.open(publicUser), user: publicUser };
    },
  );

  app.post(
    '/api/security-logout/',
    {
      preHandler: opts.sessions.requireStaff,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { detail: { type: 'string' } },
            required: ['detail'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (request.staff) await opts.sessions.revoke(request.staff.sessionId);
      return { detail: 'Logged out' };
    },
  );
}
