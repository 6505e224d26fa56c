/**
 * Staff sessions and the role checks of every staff call.
 *
 * A login opens a session (a staff_sessions row) and answers a token for it (an HS256 JWT,
 * server/security/tokens.ts) that lives an hour. A request is accepted only when its token is
 * valid, is the session's current token, and the session has seen a staff call in the last 30
 * minutes (idle timeout) and is less than 12 hours old (absolute limit). Extending a session
 * issues a fresh one-hour token and retires the old one. Logout, "log out everywhere", a
 * password change, a role change and account removal delete rows, so tokens stop at once.
 *
 * A login made on a partner page (an origin in CORS_ORIGINS, through the login widget) opens a
 * partner session: its token tells that page who is logged in and logs out (`identify`), and every
 * staff call refuses it (403), wherever it is sent from. A page elsewhere, and whatever scripts it
 * runs, never holds a token that reads or changes applications or accounts.
 *
 * Route guards (preHandlers):
 *   sessions.requireStaff   any role (admin, reviewer)
 *   sessions.requireAdmin   admin only: 403 for a reviewer
 *   sessions.peekStaff      as requireStaff, not counted as activity
 *   sessions.identify       as peekStaff, and partner sessions too (the session check, logout)
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BACKGROUND_HEADER } from '../../schemas/api-paths.ts';
import type { Db } from '../db/index.ts';
import { staffSessions, staffUsers } from './schema.ts';
import { ERR_FORBIDDEN_ORIGIN, ERR_FORBIDDEN_ROLE, ERR_NOT_AUTHENTICATED } from '../api-errors.ts';
import { partnerOriginOf } from '../security/headers.ts';
import type { ServedStaffSession } from '../../schemas/staff.ts';
import { signedJson, TOKEN_TTL_SECONDS, type TokenService } from '../security/tokens.ts';
import type { Role } from './account-rules.ts';
import { publicUser, type StaffUser } from './staff-user.ts';

/** A session ends after this long without a staff call... */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** ...and this long after login at the latest. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

/** Activity is written at most this often per session (a staff call, not every one a write). */
const TOUCH_EVERY_MS = 30_000;
/** `Bearer <token>`; the scheme's name in any case (HTTP's auth schemes are case-insensitive). */
const BEARER = /^bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;

/** How long a ticket (Sessions.ticket) opens its resource: long enough to load a frame. */
export const TICKET_TTL_SECONDS = 60;

type SessionRow = typeof staffSessions.$inferSelect;

export interface StaffContext {
  user: StaffUser;
  sessionId: string;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffContext;
  }
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The partner page the request came from, or null (see partnerOriginOf). */
  partnerOrigin: string | null;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    partnerOrigin: partnerOriginOf(request),
  };
}

export function viewSession(row: SessionRow, currentId?: string): ServedStaffSession {
  const idle = new Date(row.lastSeenAt.getTime() + IDLE_TIMEOUT_MS);
  return {
    id: row.id,
    created_at: row.createdAt,
    last_seen_at: row.lastSeenAt,
    expires_at: row.expiresAt,
    idle_expires_at: idle < row.absoluteExpiresAt ? idle : row.absoluteExpiresAt,
    absolute_expires_at: row.absoluteExpiresAt,
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === currentId,
  };
}

/** Conditions under which a session is alive now. */
function alive(now: Date) {
  return and(
    gt(staffSessions.expiresAt, now),
    gt(staffSessions.absoluteExpiresAt, now),
    gt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
  );
}

export class Sessions {
  private ticketKey: Buffer | undefined;

  /**
   * `mfaRequired` (STAFF_MFA=required): a session counts only if its account has a second
   * factor. Sessions opened with the password alone, while this or another process ran with
   * STAFF_MFA=optional, end when the rule becomes required (up to their 12-hour limit otherwise).
   */
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly options: { mfaRequired: boolean },
  ) {}

  /** Opens a session for `user`; answers its token and row. */
  async open(
    user: StaffUser,
    client: ClientInfo,
  ): Promise<{ access: string; session: SessionRow }> {
    const now = new Date();
    const row: SessionRow = {
      id: crypto.randomUUID(),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
      tokenId: crypto.randomUUID(),
      lastSeenAt: now,
      absoluteExpiresAt: new Date(now.getTime() + SESSION_MAX_MS),
      ip: client.ip,
      userAgent: client.userAgent,
      partnerOrigin: client.partnerOrigin,
    };
    await this.db.insert(staffSessions).values(row);
    // Ended sessions are useless: sweep them while we are here (indexed, usually nothing).
    await this.db
      .delete(staffSessions)
      .where(
        or(
          lt(staffSessions.expiresAt, now),
          lt(staffSessions.absoluteExpiresAt, now),
          lt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
        ),
      );
    return { access: this.sign(row), session: row };
  }

  /** A fresh one-hour token for a live session (never past its absolute end); the old one retires. */
  async extend(sessionId: string): Promise<{ access: string; session: SessionRow }> {
    const now = new Date();
    const [row] = await this.db
      .update(staffSessions)
      .set({
        tokenId: crypto.randomUUID(),
        lastSeenAt: now,
        expiresAt: sql`least(${new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000)}::timestamptz, ${staffSessions.absoluteExpiresAt})`,
      })
      .where(and(eq(staffSessions.id, sessionId), alive(now)))
      .returning();
    if (!row) throw ERR_NOT_AUTHENTICATED();
    return { access: this.sign(row), session: row };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
  }

  /** Ends one of `userId`'s sessions; false if it is not theirs (or gone). */
  async revokeOf(userId: string, sessionId: string): Promise<boolean> {
    const gone = await this.db
      .delete(staffSessions)
      .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId)))
      .returning({ id: staffSessions.id });
    return gone.length === 1;
  }

  /** Ends every session of `userId` (but `keep`); how many. */
  async revokeAll(userId: string, keep?: string): Promise<number> {
    const gone = await this.db
      .delete(staffSessions)
      .where(and(eq(staffSessions.userId, userId), keep ? ne(staffSessions.id, keep) : undefined))
      .returning({ id: staffSessions.id });
    return gone.length;
  }

  /** Live sessions of `userId`, newest first. */
  list(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, userId), alive(new Date())))
      .orderBy(desc(staffSessions.createdAt));
  }

  /** The staff user and session of a request's bearer token, or null. */
  async check(authorization: string | undefined, touch: boolean): Promise<StaffContext | null> {
    const match = BEARER.exec(authorization ?? '');
    if (!match?.[1]) return null;
    const claims = this.tokens.verify(match[1]);
    if (!claims) return null;
    return this.lookup(claims, touch);
  }

  /**
   * A ticket for one resource of the staff area (`resource` names it, e.g. one résumé) that the
   * browser fetches by itself, where no Authorization header can go: a frame's `src`. It is an
   * HMAC (a key derived from the signing secret for this use only) over the session, the
   * resource and an expiry TICKET_TTL_SECONDS away, so it opens that resource only, briefly, and
   * only while its session lives: logging out revokes it with the session.
   */
  ticket(staff: StaffContext, resource: string, now = Date.now()): string {
    const claims = {
      sub: staff.user.id,
      sid: staff.sessionId,
      r: resource,
      exp: Math.floor(now / 1000) + TICKET_TTL_SECONDS,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.ticketMac(body)}`;
  }

  /**
   * The staff user and session of a ticket for `resource` (ticket above), or null: forged, for
   * another resource, expired, or its session ended. Not counted as activity: the staff area's
   * own call for the ticket was.
   */
  async checkTicket(
    ticket: string,
    resource: string,
    now = Date.now(),
  ): Promise<StaffContext | null> {
    const [body, mac, extra] = ticket.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const claims = signedJson(body, mac, this.ticketMac(body));
    if (!claims) return null;
    const { sub, sid, r, exp } = claims;
    if (r !== resource || typeof exp !== 'number' || exp * 1000 <= now) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    return this.lookup({ sub, sid }, false);
  }

  private ticketMac(body: string): string {
    this.ticketKey ??= this.tokens.derive('staff-ticket');
    return crypto.createHmac('sha256', this.ticketKey).update(body).digest('base64url');
  }

  /** The live session `claims` name (and, given `jti`, whose current token it is), or null. */
  private async lookup(
    claims: { sub: string; sid: string; jti?: string },
    touch: boolean,
  ): Promise<StaffContext | null> {
    const now = new Date();
    const [found] = await this.db
      .select({
        session: staffSessions,
        id: staffUsers.id,
        username: staffUsers.username,
        role: staffUsers.role,
        name: staffUsers.name,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
      .where(
        and(
          eq(staffSessions.id, claims.sid),
          claims.jti === undefined ? undefined : eq(staffSessions.tokenId, claims.jti),
          eq(staffSessions.userId, claims.sub),
          alive(now),
          this.options.mfaRequired ? isNotNull(staffUsers.mfaEnrolledAt) : undefined,
        ),
      )
      .limit(1);
    if (!found) return null;
    let session = found.session;
    if (touch && now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .where(eq(staffSessions.id, session.id));
      session = { ...session, lastSeenAt: now };
    }
    return { user: publicUser(found), sessionId: session.id, session };
  }

  private sign(row: SessionRow): string {
    return this.tokens.sign(
      { sub: row.userId, sid: row.id, jti: row.tokenId },
      Math.floor(row.expiresAt.getTime() / 1000),
    );
  }

  private guard(roles: readonly Role[] | null, touch: boolean, partner: 'allow' | 'refuse') {
    return async (request: FastifyRequest): Promise<void> => {
      // A call the staff area made by itself (BACKGROUND_HEADER) is not activity.
      const background = request.headers[BACKGROUND_HEADER.toLowerCase()] === '1';
      const staff = await this.check(request.headers.authorization, touch && !background);
      if (!staff) throw ERR_NOT_AUTHENTICATED();
      request.staff = staff;
      if (partner === 'refuse' && staff.session.partnerOrigin) throw ERR_FORBIDDEN_ORIGIN();
      if (roles && !roles.includes(staff.user.role)) throw ERR_FORBIDDEN_ROLE();
    };
  }

  /** preHandler: 401 unless the request carries a live staff token (any role). */
  readonly requireStaff = this.guard(null, true, 'refuse');
  /** preHandler: as requireStaff, and 403 unless the user is an admin. */
  readonly requireAdmin = this.guard(['admin'], true, 'refuse');
  /** preHandler: as requireStaff, without counting the call as activity (session status polls). */
  readonly peekStaff = this.guard(null, false, 'refuse');
  /** preHandler: as peekStaff, for a partner session too (the login widget's session check, logout). */
  readonly identify = this.guard(null, false, 'allow');
}
