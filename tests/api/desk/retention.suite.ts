/** Retention and erasure (server/desk/retention.ts), in the hiring desk suite. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { purgeExpired } from '../../../server/desk/retention.ts';
import { pdf } from '../fixtures.ts';
import { confirmAddress } from '../mail/confirm-address.ts';
import { DESK, type DeskHarness, SLOW_POLL_MS, SLOW_TEST_MS } from '../setup/desk.ts';

export function retentionTests(h: DeskHarness): void {
  const { call, get, apply, invest, marker, captureLog, query, freshDatabase, buildApp } = h;
  let app: FastifyInstance;
  let admin = '';
  let reviewer = '';
  let dataDir = '';
  beforeAll(() => {
    ({ app, admin, reviewer, dataDir } = h);
  });

  describe('retention and erasure', () => {
    /** Whether `id`'s resume is in the store itself: DATA_DIR/files, or resume_files. */
    const resumeStored = async (on: FastifyInstance, dir: string, id: string) => {
      if (on.files.kind === 'disk') {
        return fs.existsSync(path.join(dir, 'files', id.slice(0, 2), id));
      }
      expect(on.files.kind).toBe('postgres');
      const [row] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM resume_files WHERE application_id = ${id}::uuid`,
        on,
      );
      return row!.n > 0;
    };
    /** The outbox's mail files, with their text. */
    const outboxMails = (dir: string) => {
      const outbox = path.join(dir, 'outbox');
      return (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .filter((name) => name.endsWith('.eml'))
        .map((name) => {
          const file = path.join(outbox, name);
          return { file, text: fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '') };
        });
    };
    const addressedTo = (text: string) => /^To: (.*)$/m.exec(text)?.[1]?.trim();

    it(
      "given applications older than RETENTION_DAYS, then the server deletes them with their resumes, notes and outbox mail at start when the day's run is due, keeps the rest, and logs counts only",
      async () => {
        const db = await freshDatabase();
        const first = await buildApp(db);
        const keep = await apply(
          { fullname: 'Recent Spartan', email: 'recent@example.com' },
          pdf(2000),
          first,
        );
        const old = await apply(
          { fullname: 'Old Spartan', email: 'old.spartan@example.com' },
          pdf(2000),
          first,
        );
        const oldInvestor = await invest(
          { fullname: 'Old Investor', email: 'old.investor@example.com' },
          first,
        );
        await first.db.execute(
          sql`INSERT INTO application_activity (spartan_id, actor, event, body) VALUES (${old}::uuid, 'Ada', 'note', 'old note')`,
        );
        await first.db.execute(
          sql`UPDATE spartan_applications SET created_at = now() - interval '31 days' WHERE id = ${old}::uuid`,
        );
        await first.db.execute(
          sql`UPDATE investor_applications SET created_at = now() - interval '40 days' WHERE id = ${oldInvestor}::uuid`,
        );
        // The three confirmations in the outbox; the old ones made as old as their applications.
        await expect.poll(() => outboxMails(db.dataDir!).length, { timeout: SLOW_POLL_MS }).toBe(3);
        for (const mail of outboxMails(db.dataDir!)) {
          const days = { 'old.spartan@example.com': 31, 'old.investor@example.com': 40 }[
            addressedTo(mail.text) as string
          ];
          if (!days) continue;
          const then = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
          fs.utimesSync(mail.file, then, then);
        }
        expect(await resumeStored(first, db.dataDir!, old)).toBe(true);
        // The first server ran the day's retention at its start (nothing was old then); a day
        // has passed for the second, which then runs it at its own start.
        await first.db.execute(sql`UPDATE job_runs SET ran_at = now() - interval '25 hours'`);
        await first.close();
        const log = captureLog();
        const second = await buildApp(db, { retentionDays: 30, logger: log.logger });
        others.push(second);
        await expect
          .poll(() => log.find('expired applications deleted').length, { timeout: SLOW_POLL_MS })
          .toBe(1);
        const [line] = log.find('expired applications deleted');
        expect((JSON.parse(line!) as { retention: unknown }).retention).toEqual({
          days: 30,
          spartan: 1,
          investor: 1,
          mails: 2,
        });
        for (const data of ['Old', 'old.', '@', old, oldInvestor]) expect(line).not.toContain(data);
        expect(
          (
            await query<{ id: string }>(
              sql`SELECT id FROM spartan_applications UNION ALL SELECT id FROM investor_applications`,
              second,
            )
          ).map((r) => r.id),
        ).toEqual([keep]);
        expect(
          (
            await query<{ n: number }>(
              sql`SELECT (SELECT count(*) FROM spartan_resumes)::int + (SELECT count(*) FROM application_activity)::int AS n`,
              second,
            )
          )[0]!.n,
        ).toBe(1);
        expect(await resumeStored(second, db.dataDir!, old)).toBe(false);
        expect(await resumeStored(second, db.dataDir!, keep)).toBe(true);
        expect(outboxMails(db.dataDir!).map((m) => addressedTo(m.text))).toEqual([
          'recent@example.com',
        ]);
        // Run by hand, nothing more is due.
        expect(await purgeExpired(second.db, second.files, 30)).toEqual({
          spartan: 0,
          investor: 0,
        });
      },
      SLOW_TEST_MS,
    );
    const others: FastifyInstance[] = [];
    afterAll(async () => {
      for (const other of others) await other.close();
    });

    it('given an erasure request, then an admin deletes every application with that email (any case), a reviewer may not, and the trail keeps counts only', async () => {
      const m = marker();
      const address = `erase.${m}@example.com`;
      const a = await apply({ email: address }, pdf(1500));
      const b = await apply({ email: address.toUpperCase() });
      const c = await invest({ email: address });
      const other = await invest({ email: `keep.${m}@example.com` });
      await call(admin, {
        method: 'POST',
        url: `${DESK}/investor/${c}/notes/`,
        payload: { body: 'n' },
      });
      const refused = await call(reviewer, {
        method: 'POST',
        url: '/api/staff/erase/',
        payload: { email: address },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(CODES.FORBIDDEN_ROLE);
      const bad = await call(admin, {
        method: 'POST',
        url: '/api/staff/erase/',
        payload: { email: 'nope' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(CODES.INVALID_FORM);
      const res = await call(admin, {
        method: 'POST',
        url: '/api/staff/erase/',
        payload: { email: ` ${address.toUpperCase()} ` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ spartan: 2, investor: 1 });
      for (const url of [
        `/api/spartan_join/application/${a}/`,
        `/api/spartan_join/application/${b}/`,
        `/api/investors/get_investor_application_detail/${c}/`,
      ]) {
        expect((await get(url)).statusCode).toBe(404);
      }
      expect(
        (await get(`/api/investors/get_investor_application_detail/${other}/`)).statusCode,
      ).toBe(200);
      const trail = await query<{ detail: unknown }>(
        sql`SELECT detail FROM staff_audit WHERE event = 'applicant.erase'`,
      );
      expect(trail.map((t) => t.detail)).toEqual([{ spartan: 2, investor: 1 }]);
      expect(JSON.stringify(trail)).not.toContain(m);
    });

    it(
      'given an erasure, then the resumes leave the storage, and no queued mail or outbox file to or about the applicant is left',
      async () => {
        const m = marker();
        const notify = (mode: string) =>
          call(admin, {
            method: 'PUT',
            url: '/api/staff/notifications/',
            payload: { mode, email: 'ada@staff.example' },
          });
        await notify('each');
        await confirmAddress(app, (opts) => call(admin, opts), 'ada@staff.example', { dataDir });
        try {
          const address = `Gone.${m}@Example.com`;
          const name = `Gone ${m}`;
          const spartan = await apply({ fullname: name, email: address }, pdf(1500));
          const investor = await invest({ fullname: name, email: address });
          const kept = await invest({ fullname: `Kept ${m}`, email: `kept.${m}@example.com` });
          const about = (...data: string[]) =>
            outboxMails(dataDir).filter((mail) =>
              data.some((d) => mail.text.toLowerCase().includes(d.toLowerCase())),
            );
          // A confirmation and a staff notice for each of the three.
          await expect
            .poll(() => about(spartan, investor, kept).length, { timeout: SLOW_POLL_MS })
            .toBe(6);
          // Mail still waiting for a retry: to them (in another case), naming them, and another.
          await app.db.execute(sql`
          INSERT INTO mail_queue (purpose, to_address, subject, body, next_attempt_at) VALUES
            ('confirmation', ${address.toUpperCase()}, 's', 'b', now() + interval '1 hour'),
            ('notice', 'ada@staff.example', 's', ${`id ${investor}`}, now() + interval '1 hour'),
            ('notice', 'ada@staff.example', 's', ${`id ${kept}`}, now() + interval '1 hour')`);
          expect(await resumeStored(app, dataDir, spartan)).toBe(true);

          const res = await call(admin, {
            method: 'POST',
            url: '/api/staff/erase/',
            payload: { email: address.toLowerCase() },
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({ spartan: 1, investor: 1 });
          expect(await resumeStored(app, dataDir, spartan)).toBe(false);
          const queued = await query<{ to_address: string; body: string }>(
            sql`SELECT to_address, body FROM mail_queue
              WHERE lower(to_address) = ${address.toLowerCase()}
                 OR body LIKE ${`%${spartan}%`} OR body LIKE ${`%${investor}%`} OR body LIKE ${`%${kept}%`}`,
          );
          expect(queued).toEqual([{ to_address: 'ada@staff.example', body: `id ${kept}` }]);
          expect(about(address, name, spartan, investor)).toEqual([]);
          expect(about(kept)).toHaveLength(2);
        } finally {
          await notify('off');
        }
      },
      SLOW_TEST_MS,
    );
  });
}
