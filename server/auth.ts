/**
 * Staff sessions: login issues a token bound to a staff_sessions row;
 * `requireStaff` (a preHandler) accepts a request only with a valid token
 * whose session still exists and whose account still exists.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/index.ts';
import { staffSessions, staffUsers } from './db/schema.ts';
import { ERR_NOT_AUTHENTICATED } from './errors.ts';
import { TOKEN_TTL_SECONDS, type TokenService } from './security/tokens.ts';
import type { StaffUser } from './staff.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: { user: StaffUser; sessionId: string };
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async open(user: StaffUser): Promise<string> {
    const id = crypto.randomUUID();
    const now = new Date();
    await this.db.insert(staffSessions).values({
      id,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
    });
    // Expired sessions are useless: sweep them while we are here (indexed, usually nothing).
    await this.db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
    return this.tokens.sign({ sub: user.id, jti: id });
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
  }

  /** The staff user and session of a request's bearer token, or null. */
  async check(authorization: string | undefined): Promise<FastifyRequest['staff'] | null> {
    const match = BEARER.exec(authorization ?? '');
    if (!match?.[1]) return null;
    const claims = await this.tokens.verify(match[1]);
    if (!claims) return null;
    const rows = await this.db
      .select({
        id: staffUsers.id,
        username: staffUsers.username,
        role: staffUsers.role,
        name: staffUsers.name,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
      .where(
        and(
          eq(staffSessions.id, claims.jti),
          eq(staffSessions.userId, claims.sub),
          gt(staffSessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    const user = rows[0];
    return user ? { user, sessionId: claims.jti } : null;
  }

  /** preHandler: 401 unless the request carries a live staff token. */
  readonly requireStaff = async (request: FastifyRequest): Promise<void> => {
    const staff = await this.check(request.headers.authorization);
    if (!staff) throw ERR_NOT_AUTHENTICATED();
    request.staff = staff;
  };
}
