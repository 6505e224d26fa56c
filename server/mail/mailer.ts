/**
 * Outgoing mail through a queue in the database: an application's confirmation and the staff's
 * notices are rows first (so sending never delays or fails the application), then a pass sends
 * what is due, deletes what went out, and retries what failed with a growing delay. The rows
 * outlive a restart; a row claimed by a process that died is taken over after a few minutes;
 * several processes never send one row twice at once (FOR UPDATE SKIP LOCKED).
 *
 * Staff who opt in (staff_notifications) get a notice per new application, or a daily digest.
 * Logs carry counts and error codes only, never an address or a name.
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReviewKind } from '../../content/review.ts';
import type { NotificationMode, NotificationsAnswer } from '../../schemas/desk.ts';
import type { Db } from '../db/index.ts';
import { mailQueue, staffNotifications } from '../db/desk-schema.ts';
import { investorApplications, spartanApplications } from '../db/schema.ts';
import { addressConfirmation, confirmation, digest, newApplicationNotice } from './messages.ts';
import type { Mail, MailTransport } from './transport.ts';

const SECOND = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND;
/** First retry after this long, doubling up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 30 * SECOND;
const MAX_DELAY_MS = 6 * 60 * 60 * SECOND;
/**
 * About two days of retries (8.5 hours of doubling delays, then seven of 6 hours: 50.5 hours);
 * then the mail is dropped (and counted in the log).
 */
export const MAX_ATTEMPTS = 18;
const BATCH = 20;
/**
 * Confirmations an address gets in 24 hours, whatever the number of applications made with it
 * (someone else may be making them, to fill a stranger's inbox with our mail).
 */
export const CONFIRMATIONS_PER_DAY = 3;
/** How long the link that confirms a staff member's new address works. */
export const ADDRESS_LINK_HOURS = 24;

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

export interface MailerOptions {
  db: Db;
  transport: MailTransport;
  /** The site's address for links (asked each time: the port is known once the server listens). */
  publicUrl: () => string;
  log: FastifyBaseLogger;
  /** How often due mail and digests are looked for (a new mail is sent at once anyway). */
  pollMs?: number;
}

export interface ReceivedApplication {
  id: string;
  email: string;
}

export type { NotificationMode };

export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> = Promise.resolve();
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;
  private passWaiting = false;

  constructor(private readonly options: MailerOptions) {}

  /**
   * The statement that queues an application's confirmation and one notice per staff member
   * who asked for them (one INSERT … SELECT, one round trip). The submit runs it in the same
   * statement as the application's insert (see insertWithMail), so that the row and its mail
   * commit together: a crash right after the commit cannot lose the confirmation. Then `kick`.
   */
  applicationMailSql(kind: ReviewKind, application: ReceivedApplication): SQL {
    const mail = confirmation(kind, application.email, application.id);
    // A notice's words name the application, never its addressee: one text for every subscriber.
    const notice = newApplicationNotice(kind, '', application.id, this.options.publicUrl());
    // Anyone may submit any address: past CONFIRMATIONS_PER_DAY applications with it (either
    // kind, any case) in a day, the application is stored but its address gets no more mail.
    const PER_DAY = sql.raw(String(CONFIRMATIONS_PER_DAY));
    const recent = (table: typeof spartanApplications | typeof investorApplications) =>
      sql`SELECT 1 FROM ${table} WHERE lower(${table.email}) = lower(${mail.to}::text)
        AND ${table.createdAt} > now() - interval '1 day'`;
    return sql`INSERT INTO ${mailQueue} (purpose, to_address, subject, body)
      SELECT 'confirmation', ${mail.to}::text, ${mail.subject}::text, ${mail.text}::text
      WHERE (SELECT count(*) FROM (${recent(spartanApplications)} UNION ALL
        ${recent(investorApplications)} LIMIT ${PER_DAY}) AS recent) < ${PER_DAY}
      UNION ALL
      SELECT 'notice', ${staffNotifications.email}, ${notice.subject}::text, ${notice.text}::text
      FROM ${staffNotifications} WHERE ${staffNotifications.mode} = 'each'
        AND ${staffNotifications.email} <> ''`;
  }

  async enqueue(purpose: string, mails: Mail[]): Promise<void> {
    if (mails.length === 0) return;
    await this.options.db
      .insert(mailQueue)
      .values(mails.map((m) => ({ purpose, to: m.to, subject: m.subject, body: m.text })));
    this.kick();
  }

  /**
   * Runs a send pass soon (after the one under way). Kicks that come while a pass is waiting to
   * start add nothing: that pass will find their mail too (a burst of submits, one pass).
   */
  kick(): void {
    if (this.stopped || this.passWaiting) return;
    this.passWaiting = true;
    this.track(
      (this.pass = this.pass
        .then(() => {
          this.passWaiting = false;
          return this.sendDue();
        })
        .catch(() => undefined)),
    );
  }

  /** Resolves once the send pass under way, and the one waiting to start, have ended. */
  settled(): Promise<unknown> {
    return this.pass;
  }

  /** Sends the mail that is due; answers how many went out. */
  async sendDue(): Promise<number> {
    const { db, transport, log } = this.options;
    let sent = 0;
    for (;;) {
      // db.execute's answer differs between the two drivers: the rows' shape is asserted here.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      const claimed = (await db.execute(sql`
        UPDATE mail_queue SET claimed_at = clock_timestamp(), attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM mail_queue
          WHERE next_attempt_at <= clock_timestamp()
            AND (claimed_at IS NULL OR claimed_at < clock_timestamp() - interval '5 minutes')
          ORDER BY next_attempt_at
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, purpose, to_address, subject, body, attempts`)) as unknown as {
        rows: Array<{
          id: number | string;
          purpose: string;
          to_address: string;
          subject: string;
          body: string;
          attempts: number;
        }>;
      };
      if (claimed.rows.length === 0) return sent;
      // The batch's sent mail is deleted in one statement after it: a crash before that resends
      // them once their claim expires (mail goes out at least once, as with one delete each).
      const done: number[] = [];
      for (const row of claimed.rows) {
        const id = Number(row.id);
        try {
          await transport.send({ to: row.to_address, subject: row.subject, text: row.body });
          done.push(id);
          sent += 1;
        } catch (err) {
          const code = errorCode(err);
          if (row.attempts >= MAX_ATTEMPTS) {
            await db.delete(mailQueue).where(eq(mailQueue.id, id));
            log.error({ mail: { dropped: 1, purpose: row.purpose, code } }, 'mail given up');
          } else {
            await db
              .update(mailQueue)
              .set({
                claimedAt: null,
                lastError: code,
                nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
              })
              .where(eq(mailQueue.id, id));
            log.warn({ mail: { retry: row.attempts, purpose: row.purpose, code } }, 'mail failed');
          }
        }
      }
      if (done.length > 0) await db.delete(mailQueue).where(inArray(mailQueue.id, done));
      if (claimed.rows.length < BATCH) return sent;
    }
  }

  /**
   * Queues each digest that is due (a day after the last one; nothing when no application came),
   * claiming it first so two processes never send the same one. Answers how many were queued.
   */
  async sendDigests(now = new Date()): Promise<number> {
    const { db, publicUrl } = this.options;
    const due = await db
      .select()
      .from(staffNotifications)
      .where(
        and(
          eq(staffNotifications.mode, 'digest'),
          ne(staffNotifications.email, ''),
          sql`${staffNotifications.digestThrough} <= ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz`,
        ),
      );
    let queued = 0;
    for (const subscriber of due) {
      const since = subscriber.digestThrough!;
      const [claimed] = await db
        .update(staffNotifications)
        .set({ digestThrough: now })
        .where(
          and(
            eq(staffNotifications.userId, subscriber.userId),
            eq(staffNotifications.digestThrough, since),
          ),
        )
        .returning({ userId: staffNotifications.userId });
      if (!claimed) continue;
      const counts = {
        spartan: await countSince(db, spartanApplications, since, now),
        investor: await countSince(db, investorApplications, since, now),
      };
      if (counts.spartan + counts.investor === 0) continue;
      await this.enqueue('digest', [digest(subscriber.email, counts, since, publicUrl())]);
      queued += 1;
    }
    return queued;
  }

  async notificationsOf(userId: string): Promise<NotificationsAnswer> {
    const [row] = await this.options.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, userId));
    return row
      ? { mode: row.mode, email: row.email, pending_email: row.pendingEmail }
      : { mode: 'off', email: '', pending_email: null };
  }

  /**
   * Sets one's new-application mail. An address other than the confirmed one waits until its
   * owner opens the link mailed to it (confirmAddress); meanwhile the confirmed address, if any,
   * keeps receiving, and the new one gets nothing but that link.
   */
  async setNotifications(userId: string, mode: NotificationMode, email: string): Promise<void> {
    const { db, publicUrl } = this.options;
    if (mode === 'off') {
      await db.delete(staffNotifications).where(eq(staffNotifications.userId, userId));
      return;
    }
    const [row] = await db
      .select({ email: staffNotifications.email })
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, userId));
    const confirmed = row?.email ?? '';
    const isConfirmed = confirmed !== '' && confirmed.toLowerCase() === email.toLowerCase();
    const token = isConfirmed ? null : crypto.randomBytes(32).toString('base64url');
    const pending = {
      pendingEmail: token ? email : null,
      pendingTokenHash: token ? tokenHash(token) : null,
      pendingExpiresAt: token ? new Date(Date.now() + ADDRESS_LINK_HOURS * 3_600_000) : null,
    };
    // A digest covers what arrives from now on.
    const now = new Date();
    await db
      .insert(staffNotifications)
      .values({ userId, mode, email: confirmed, digestThrough: now, ...pending })
      .onConflictDoUpdate({
        target: staffNotifications.userId,
        set: { mode, digestThrough: now, ...pending },
      });
    if (token) {
      const link = `${publicUrl()}/staff#confirm-mail=${token}`;
      await this.enqueue('address', [addressConfirmation(email, link, ADDRESS_LINK_HOURS)]);
    }
  }

  /**
   * Makes the pending address the one mail goes to, when `token` is its live link and `userId`
   * asked for it. Single use. False when no such link is waiting.
   */
  async confirmAddress(userId: string, token: string): Promise<boolean> {
    const confirmed = await this.options.db
      .update(staffNotifications)
      .set({
        email: sql`${staffNotifications.pendingEmail}`,
        pendingEmail: null,
        pendingTokenHash: null,
        pendingExpiresAt: null,
      })
      .where(
        and(
          eq(staffNotifications.userId, userId),
          eq(staffNotifications.pendingTokenHash, tokenHash(token)),
          gt(staffNotifications.pendingExpiresAt, new Date()),
        ),
      )
      .returning({ userId: staffNotifications.userId });
    return confirmed.length === 1;
  }

  /** Sends due mail now, then every `pollMs`, with digests; until `stop`. */
  start(): void {
    const every = this.options.pollMs ?? 60 * SECOND;
    const tick = () => {
      this.kick();
      this.track(this.sendDigests().catch((err: unknown) => this.failed('digest failed', err)));
    };
    tick();
    this.timer = setInterval(tick, every);
    this.timer.unref();
  }

  /** Stops the timer and waits for the work under way (the database closes after). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.options.transport.close();
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private failed(message: string, err: unknown): void {
    this.options.log.error({ mail: { code: errorCode(err) } }, message);
  }
}

async function countSince(
  db: Db,
  table: typeof spartanApplications | typeof investorApplications,
  since: Date,
  until: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(
      and(
        gt(table.createdAt, since),
        sql`${table.createdAt} <= ${until.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** What a log may say about a failure: a code, never a message (it can quote an address). */
function errorCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown } | null;
  if (e && typeof e.code === 'string') return e.code;
  if (e && typeof e.responseCode === 'number') return `SMTP ${e.responseCode}`;
  return e && typeof e.name === 'string' ? e.name : 'Error';
}
