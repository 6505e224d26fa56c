/** Mail to applicants and staff (server/mail/), in the hiring desk suite. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { MAX_ATTEMPTS, Mailer, retryDelayMs } from '../../../server/mail/mailer.ts';
import { smtpTransport } from '../../../server/mail/transport.ts';
import { pdf } from '../fixtures.ts';
import { startSmtp, type TestSmtp } from '../smtp.ts';
import { CONFIRMATION_SUBJECT, confirmAddress } from './confirm-address.ts';
import { PASSWORD } from '../harness.ts';
import { type DbOptions, type DeskHarness, SLOW_POLL_MS, SLOW_TEST_MS } from '../setup/desk.ts';

export function mailTests(h: DeskHarness): void {
  const { call, apply, invest, captureLog, login, query, freshDatabase, buildApp } = h;
  let dataDir = '';
  beforeAll(() => {
    ({ dataDir } = h);
  });

  describe('mail', () => {
    const smtps: TestSmtp[] = [];
    const others: FastifyInstance[] = [];
    afterAll(async () => {
      for (const other of others) await other.close();
      for (const smtp of smtps) await smtp.close();
    });
    /** The mail `address` received, but the link that confirmed it (./confirm-address.ts). */
    const mailTo = (smtp: TestSmtp, address: string) =>
      smtp.received.filter((m) => m.to.includes(address) && !CONFIRMATION_SUBJECT.test(m.raw));
    /** The mail waiting to be sent. */
    const queueLength = async (on: FastifyInstance) =>
      (await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_queue`, on))[0]!.n;
    /** A server mailing through `smtpUrl`, where a staff member asked for a notice of each application. */
    async function withSubscriber(smtpUrl: string, email: string, db?: DbOptions) {
      const mailApp = await buildApp(db ?? (await freshDatabase()), { smtpUrl });
      others.push(mailApp);
      const username = email.split('@')[0]!;
      await mailApp.staff.create({ username, password: PASSWORD, name: username });
      const token = await login(username, mailApp);
      const opt = await call(
        token,
        { method: 'PUT', url: '/api/staff/notifications/', payload: { mode: 'each', email } },
        mailApp,
      );
      expect(opt.statusCode).toBe(200);
      await confirmAddress(mailApp, (opts) => call(token, opts, mailApp), email, {
        smtp: smtps.find((s) => s.url === smtpUrl),
      });
      return mailApp;
    }
    /** The text of a received mail, its quoted-printable soft breaks undone. */
    const text = (raw: string) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

    it('given an application, then the applicant gets a confirmation with its id over SMTP, and opted-in staff a notice without the applicant, all the mails over one connection', async () => {
      const smtp = await startSmtp();
      smtps.push(smtp);
      const mailApp = await buildApp(await freshDatabase(), {
        smtpUrl: smtp.url,
        publicUrl: 'https://spartans.example',
      });
      others.push(mailApp);
      await mailApp.staff.create({ username: 'notified', password: PASSWORD, name: 'Nora' });
      const token = await login('notified', mailApp);
      const notify = (payload: object) =>
        call(token, { method: 'PUT', url: '/api/staff/notifications/', payload }, mailApp);
      const opt = await notify({ mode: 'each', email: 'nora@staff.example' });
      expect(opt.json()).toEqual({ mode: 'each', email: '', pending_email: 'nora@staff.example' });
      await confirmAddress(mailApp, (opts) => call(token, opts, mailApp), 'nora@staff.example', {
        smtp,
      });
      const bad = await notify({ mode: 'each', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(CODES.INVALID_FORM);

      const id = await apply(
        { fullname: 'Mailed Spartan', email: 'mailed@example.com' },
        undefined,
        mailApp,
      );
      await expect
        .poll(() => mailTo(smtp, 'mailed@example.com').length, { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(() => mailTo(smtp, 'nora@staff.example').length, { timeout: 15_000 })
        .toBe(1);
      const confirmation = text(mailTo(smtp, 'mailed@example.com')[0]!.raw);
      expect(confirmation).toMatch(/^Subject: We received your Spartan application/m);
      expect(confirmation).toContain(`Your application id is ${id}.`);
      expect(confirmation).toContain('We need 5 business days to review it');
      // Nothing the sender typed: the address is nobody's confirmed one.
      expect(confirmation).toContain('Hello,');
      expect(confirmation).not.toContain('Mailed Spartan');
      const notice = text(mailTo(smtp, 'nora@staff.example')[0]!.raw);
      expect(notice).toMatch(/^Subject: New Spartan application/m);
      expect(notice).toContain(`https://spartans.example/staff?id=${id}`);
      expect(notice).not.toContain('Mailed Spartan');
      expect(notice).not.toContain('mailed@example.com');
      // Sent mail leaves the queue.
      await expect.poll(() => queueLength(mailApp)).toBe(0);

      // A daily digest instead: nothing until a day has passed, then the count since.
      await notify({ mode: 'digest', email: 'nora@staff.example' });
      await invest({ email: 'digest1@example.com' }, mailApp);
      await apply({ email: 'digest2@example.com' }, undefined, mailApp);
      await expect
        .poll(() => mailTo(smtp, 'digest2@example.com').length, { timeout: 15_000 })
        .toBe(1);
      expect(await mailApp.mailer.sendDigests()).toBe(0);
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
      expect(await mailApp.mailer.sendDigests(tomorrow)).toBe(1);
      await expect
        .poll(() => mailTo(smtp, 'nora@staff.example').length, { timeout: 15_000 })
        .toBe(2);
      const digest = text(mailTo(smtp, 'nora@staff.example')[1]!.raw);
      expect(digest).toMatch(/^Subject: 2 new applications since/m);
      expect(digest).toContain('- 1 new Spartan application');
      expect(digest).toContain('- 1 new investor application');
      // The same day's digest is claimed once.
      expect(await mailApp.mailer.sendDigests(tomorrow)).toBe(0);
      // Six mails (the address's confirmation link first), sent by several passes: one connection.
      expect(smtp.received).toHaveLength(6);
      expect(smtp.connections()).toBe(1);
    });

    it('given more applications with one address in a day than it gets confirmations, then each is stored and staff are told of each, but the address gets three mails', async () => {
      const smtp = await startSmtp();
      smtps.push(smtp);
      const mailApp = await withSubscriber(smtp.url, 'cy@staff.example');
      // Either kind, any case: one address.
      const ids = [
        await apply({ email: 'stranger@example.com' }, undefined, mailApp),
        await invest({ email: 'Stranger@Example.com' }, mailApp),
        await apply({ email: 'STRANGER@example.com' }, undefined, mailApp),
        await invest({ email: 'stranger@example.com' }, mailApp),
        await apply({ email: 'stranger@EXAMPLE.com' }, undefined, mailApp),
      ];
      expect(new Set(ids).size).toBe(5);
      await expect.poll(() => mailTo(smtp, 'cy@staff.example').length, { timeout: 15_000 }).toBe(5);
      // Sent mail leaves the queue: every mail there was to send has gone.
      await expect.poll(() => queueLength(mailApp)).toBe(0);
      const confirmations = smtp.received.filter((m) => /stranger@example\.com/i.test(m.to.join()));
      const confirmed = confirmations.map(
        (m) => /application id is ([\w-]+)\./.exec(text(m.raw))?.[1],
      );
      // The first three applications' confirmations, whichever send pass took them.
      expect(confirmed.sort()).toEqual(ids.slice(0, 3).sort());
      // Another address is not held back by it.
      await apply({ email: 'someone.else@example.com' }, undefined, mailApp);
      await expect
        .poll(() => mailTo(smtp, 'someone.else@example.com').length, { timeout: 15_000 })
        .toBe(1);
    });

    it('given the SMTP server down, then the application answers 201 at once, the mail waits in the queue and arrives after a restart once the server is up', async () => {
      const db = await freshDatabase();
      const down = await startSmtp();
      const deadUrl = down.url;
      await down.close();
      const first = await buildApp(db, { smtpUrl: deadUrl });
      let closed = false;
      try {
        const id = await invest({ email: 'patient@example.com' }, first);
        expect(id).toBeTruthy();
        await expect
          .poll(
            async () =>
              (
                await query<{ attempts: number; last_error: string | null }>(
                  sql`SELECT attempts, last_error FROM mail_queue`,
                  first,
                )
              )[0]?.last_error ?? null,
            { timeout: 15_000 },
          )
          .not.toBeNull();
        const [row] = await query<{ attempts: number; next: boolean }>(
          sql`SELECT attempts, next_attempt_at > now() AS next FROM mail_queue`,
          first,
        );
        // Retried later, not now: a backoff.
        expect(row).toMatchObject({ attempts: 1, next: true });
        // The time of the retry comes (as it would after 30 s).
        await first.db.execute(sql`UPDATE mail_queue SET next_attempt_at = now()`);
        await first.close();
        closed = true;
        const smtp = await startSmtp();
        smtps.push(smtp);
        const second = await buildApp(db, { smtpUrl: smtp.url });
        others.push(second);
        await expect
          .poll(() => mailTo(smtp, 'patient@example.com').length, { timeout: 15_000 })
          .toBe(1);
        expect(text(mailTo(smtp, 'patient@example.com')[0]!.raw)).toContain(
          `Your application id is ${id}.`,
        );
      } finally {
        if (!closed) await first.close();
      }
    });

    it('given an application, then its confirmation and notices are queued in the same commit as its row, before the 201', async () => {
      const db = await freshDatabase();
      const down = await startSmtp();
      const deadUrl = down.url;
      await down.close();
      const noSmtp = await withSubscriber(deadUrl, 'nia@staff.example', db);
      const queued = async (id: string) =>
        (
          await query<{ purpose: string; to_address: string }>(
            sql`SELECT purpose, to_address FROM mail_queue WHERE body LIKE ${`%${id}%`} ORDER BY purpose`,
            noSmtp,
          )
        ).map((r) => `${r.purpose} ${r.to_address}`);
      // Read at once, no polling: the rows are there when the submit answers.
      const spartan = await apply({ email: 'queued@example.com' }, pdf(2000), noSmtp);
      expect(await queued(spartan)).toEqual([
        'confirmation queued@example.com',
        'notice nia@staff.example',
      ]);
      const investor = await invest({ email: 'queued2@example.com' }, noSmtp);
      expect(await queued(investor)).toEqual([
        'confirmation queued2@example.com',
        'notice nia@staff.example',
      ]);
    });

    it('given no SMTP_URL, then mails are .eml files in DATA_DIR/outbox', async () => {
      const id = await invest({ email: 'outbox@example.com' });
      const outbox = path.join(dataDir, 'outbox');
      const find = () =>
        (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .filter((f) => f.endsWith('.eml'))
          .map((f) => text(fs.readFileSync(path.join(outbox, f), 'utf8')))
          .find((m) => m.includes(id));
      await expect.poll(find, { timeout: 15_000 }).toBeDefined();
      expect(find()).toMatch(/^To: outbox@example.com/m);
      expect(find()).toMatch(/^Subject: We received your investor application/m);
    });

    type QueueRow = { attempts: number; next: number; claimed: boolean; last_error: string };
    const queueRows = (on: FastifyInstance) =>
      query<QueueRow>(
        sql`SELECT attempts, (extract(epoch FROM next_attempt_at) * 1000)::float8 AS next,
                   claimed_at IS NOT NULL AS claimed, last_error FROM mail_queue`,
        on,
      );

    it(
      `given a mail server that refuses every mail, then each failure waits its doubling delay, and after ${MAX_ATTEMPTS} attempts the mail is dropped and logged without its address`,
      async () => {
        const bouncing = await startSmtp({ reject: true });
        smtps.push(bouncing);
        const log = captureLog();
        const bounceApp = await buildApp(await freshDatabase(), {
          smtpUrl: bouncing.url,
          logger: log.logger,
        });
        others.push(bounceApp);
        // The submit's own send is the first attempt.
        let before = Date.now();
        await invest({ fullname: 'Bounced Investor', email: 'bounce@example.com' }, bounceApp);
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
          if (attempt > 1) {
            // Its retry time comes (as it would after the delay), and the mailer looks.
            before = Date.now();
            await bounceApp.db.execute(sql`UPDATE mail_queue SET next_attempt_at = now()`);
            bounceApp.mailer.kick();
          }
          if (attempt === MAX_ATTEMPTS) break;
          await expect
            .poll(async () => (await queueRows(bounceApp))[0], { timeout: SLOW_POLL_MS })
            .toMatchObject({ attempts: attempt, claimed: false, last_error: expect.any(String) });
          const after = Date.now();
          const { next } = (await queueRows(bounceApp))[0]!;
          expect(next, `attempt ${attempt}`).toBeGreaterThanOrEqual(before + retryDelayMs(attempt));
          expect(next, `attempt ${attempt}`).toBeLessThanOrEqual(after + retryDelayMs(attempt));
        }
        await expect.poll(() => queueRows(bounceApp), { timeout: SLOW_POLL_MS }).toEqual([]);
        expect(bouncing.refused).toEqual(Array(MAX_ATTEMPTS).fill('bounce@example.com'));
        await expect
          .poll(() => log.find('mail given up').length, { timeout: SLOW_POLL_MS })
          .toBe(1);
        const given = JSON.parse(log.find('mail given up')[0]!) as { mail: unknown };
        expect(given.mail).toEqual({
          dropped: 1,
          purpose: 'confirmation',
          code: expect.any(String),
        });
        const failed = log.find('mail failed');
        expect(failed).toHaveLength(MAX_ATTEMPTS - 1);
        for (const line of [...failed, ...log.find('mail given up')]) {
          expect(line).not.toContain('bounce@example.com');
          expect(line).not.toContain('Bounced Investor');
        }
      },
      SLOW_TEST_MS,
    );

    it(
      'given a mail claimed by a process that died, then after the claim timeout another mailer takes it over and it is sent exactly once',
      async () => {
        const smtp = await startSmtp();
        smtps.push(smtp);
        const claimApp = await buildApp(await freshDatabase(), { smtpUrl: smtp.url });
        others.push(claimApp);
        // A second process's mailer on the same database.
        const second = new Mailer({
          db: claimApp.db,
          transport: smtpTransport(smtp.url, 'Test <test@example.com>'),
          publicUrl: () => 'http://127.0.0.1',
          log: claimApp.log,
        });
        try {
          // Claimed a minute ago, by a process that then died mid-send.
          await claimApp.db.execute(sql`
          INSERT INTO mail_queue (purpose, to_address, subject, body, attempts, claimed_at)
          VALUES ('confirmation', 'orphan@example.com', 'Held', 'Held mail', 1, now() - interval '1 minute')`);
          // Within the claim timeout: neither mailer touches it.
          expect(await second.sendDue()).toBe(0);
          expect(await claimApp.mailer.sendDue()).toBe(0);
          expect(await queueRows(claimApp)).toMatchObject([{ attempts: 1, claimed: true }]);
          // The claim grows older than five minutes: both mailers look at once.
          await claimApp.db.execute(
            sql`UPDATE mail_queue SET claimed_at = now() - interval '6 minutes'`,
          );
          await Promise.all([second.sendDue(), claimApp.mailer.sendDue()]);
          expect(await queueRows(claimApp)).toEqual([]);
          expect(smtp.received.filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(1);
          expect(await second.sendDue()).toBe(0);
          expect(await claimApp.mailer.sendDue()).toBe(0);
          expect(smtp.received).toHaveLength(1);
        } finally {
          await second.stop();
        }
      },
      SLOW_TEST_MS,
    );
  });
}
