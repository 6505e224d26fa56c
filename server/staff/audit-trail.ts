/**
 * The audit trail: who did what to which record, from where, when. Append-only (the
 * staff_audit table refuses updates and deletes outside the retention job), never applicant
 * data: ids, event names, and small non-personal facts only.
 *
 * Routes record with one call:
 *
 *   import { audit } from './audit-trail.ts';
 *   await audit(request, 'application.view', { type: 'spartan_application', id });
 *
 * The actor is the request's staff user (if any) and the IP the request's client address.
 * The events are those of schemas/audit-events.ts (docs/STAFF-API.md, "Audit trail").
 */
import { and, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from '../../schemas/audit-events.ts';
import type { Db } from '../db/index.ts';
import { staffAudit } from './schema.ts';

export interface AuditTarget {
  type: string;
  id: string;
}

export interface AuditEntry {
  event: AuditEvent;
  actorId?: string | null | undefined;
  actor?: string | null | undefined;
  target?: AuditTarget | null | undefined;
  ip?: string | null | undefined;
  /** Non-personal facts only: a role, a page number, a reason code. */
  detail?: Record<string, string | number | boolean | null> | undefined;
}

export interface AuditFilter {
  event?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  ip?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many entries per insert. */
const MAX_GROUP = 200;

interface PendingEntry {
  row: typeof staffAudit.$inferInsert;
  resolve: () => void;
  reject: (err: unknown) => void;
}

function auditRow(entry: AuditEntry): typeof staffAudit.$inferInsert {
  return {
    event: entry.event,
    actorId: entry.actorId ?? null,
    actor: entry.actor ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail (server/staff/audit-trail.ts). */
    auditLog: AuditLog;
  }
}

export class AuditLog {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  /** Entries waiting for the insert under way to finish (see write). */
  private waiting: PendingEntry[] = [];
  private writing = false;

  /**
   * Resolves once the entry is stored. Group commit: entries that arrive while an insert is under
   * way go together in the next one (one multi-row INSERT, one commit), so that a burst of staff
   * calls costs one round trip and one WAL flush, not one each. If a group fails, each of its
   * entries is tried alone, so that only a failing one fails its caller.
   */
  write(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row: auditRow(entry), resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP);
        try {
          await this.db.insert(staffAudit).values(group.map((p) => p.row));
          for (const p of group) p.resolve();
        } catch (err) {
          if (group.length === 1) group[0]!.reject(err);
          else {
            await Promise.all(
              group.map((p) => this.db.insert(staffAudit).values(p.row).then(p.resolve, p.reject)),
            );
          }
        }
      }
    } finally {
      this.writing = false;
    }
  }

  async query(filter: AuditFilter, page: number, pageSize: number) {
    const conditions: SQL[] = [];
    if (filter.event) {
      conditions.push(
        filter.event.endsWith('.')
          ? like(staffAudit.event, `${filter.event.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : eq(staffAudit.event, filter.event),
      );
    }
    if (filter.actor) conditions.push(eq(staffAudit.actor, filter.actor));
    if (filter.target) conditions.push(eq(staffAudit.targetId, filter.target));
    if (filter.ip) conditions.push(eq(staffAudit.ip, filter.ip));
    if (filter.from) conditions.push(gte(staffAudit.at, filter.from));
    if (filter.to) conditions.push(lte(staffAudit.at, filter.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffAudit)
      .where(where);
    const rows = await this.db
      .select()
      .from(staffAudit)
      .where(where)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, total: count?.n ?? 0 };
  }

  /** Deletes entries older than `days` days (the one delete the table allows). */
  async purge(days: number, now = Date.now()): Promise<number> {
    const cutoff = new Date(now - days * DAY_MS);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('spartan.audit_purge', 'on', true)`);
      const gone = await tx
        .delete(staffAudit)
        .where(lte(staffAudit.at, cutoff))
        .returning({ id: staffAudit.id });
      return gone.length;
    });
  }

  /** Purges now, then once a day, until `stop`. */
  startRetention(days: number, onError: (err: unknown) => void): void {
    const run = () => void this.purge(days).catch(onError);
    run();
    this.timer = setInterval(run, DAY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * Records `event` for this request: its staff user (when logged in) as actor, its client IP.
 * `as` names the actor where the request has no staff user yet (the login's steps). Awaited by
 * callers: an action whose record cannot be written fails rather than go unrecorded. The one
 * way routes audit; the staff service records its own changes (server/staff/accounts.ts), for
 * the CLI has no request.
 */
export async function audit(
  request: FastifyRequest,
  event: AuditEvent,
  target?: AuditTarget | null,
  detail?: AuditEntry['detail'],
  as?: { id: string; username: string },
): Promise<void> {
  const user = as ?? request.staff?.user;
  await request.server.auditLog.write({
    event,
    actorId: user?.id,
    actor: user?.username,
    target,
    ip: request.ip,
    detail,
  });
}
