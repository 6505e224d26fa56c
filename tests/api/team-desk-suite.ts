/**
 * The desk for a team, run once per database (tests/api/pglite.test.ts and
 * tests/api/postgres.test.ts): assignment, bulk actions, duplicates and the overview, through
 * `app.inject()` against the real app and database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { CODES } from '../../server/api-errors.ts';
import { mergeDayCounts } from '../../server/desk/overview.ts';
import { purgeExpired } from '../../server/desk/retention.ts';
import {
  assigneeAnswer,
  assigneesAnswer,
  bulkAnswer,
  duplicate,
  MAX_BULK_IDS,
  overviewAnswer,
  resumeViewAnswer,
} from '../../schemas/team-desk.ts';
import { TICKET_TTL_SECONDS } from '../../server/staff/sessions.ts';
import {
  MULTIPART_TYPE,
  doc,
  investorPayload,
  multipartBody,
  readablePdf,
  spartanFields,
} from './fixtures.ts';
import {
  deskStaff,
  DESK_BUILD,
  fakeDist,
  freshIp,
  staffLogin,
  type SuiteTarget,
} from './harness.ts';

const DESK = '/api/staff/applications';
const LIST = '/api/spartan_join/applications/';
const INVESTORS = '/api/investors/get_investor_applications/';

interface Row {
  id: string;
  status: string;
  assignee: { username: string; name: string } | null;
}

export function teamDeskSuite(label: string, target: SuiteTarget): void {
  describe(`Team desk on ${label}`, () => {
    let app: FastifyInstance;
    let admin = '';
    let reviewer = '';
    let dataDir = '';

    const call = (token: string, opts: InjectOptions) =>
      app.inject({
        remoteAddress: freshIp(),
        ...opts,
        headers: { authorization: `Bearer ${token}`, ...opts.headers },
      });
    const get = (url: string, token = admin) => call(token, { method: 'GET', url });
    const marker = () => crypto.randomBytes(4).toString('hex');
    const apply = async (fields: Record<string, string> = {}, origin?: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE, ...(origin ? { origin } : {}) },
        remoteAddress: freshIp(),
        payload: multipartBody(spartanFields(fields), []),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ application_id: string }>().application_id;
    };
    const invest = async (fields: Record<string, unknown> = {}) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/investors/join_investor/',
        remoteAddress: freshIp(),
        payload: investorPayload(fields),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ investor_id: string }>().investor_id;
    };
    const rows = async (query: string, token = admin, url = LIST) => {
      const res = await get(`${url}?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Row[] }>().data;
    };
    const query = async <T>(statement: ReturnType<typeof sql>) =>
      ((await app.db.execute(statement)) as unknown as { rows: T[] }).rows;
    const auditCount = async (event: string, id: string) =>
      (
        await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM staff_audit WHERE event = ${event} AND target_id = ${id}`,
        )
      )[0]!.n;
    const history = async (kind: string, id: string) =>
      (await get(`${DESK}/${kind}/${id}/activity/`)).json<{
        history: Array<{ event: string; actor: string; from: string | null; to: string | null }>;
      }>().history;
    const bulk = (token: string, body: object, kind = 'spartan') =>
      call(token, { method: 'POST', url: `${DESK}/${kind}/bulk/`, payload: body });
    const login = (username: string) => staffLogin(app, username);

    beforeAll(async () => {
      const db = await target.database();
      dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-team-'));
      app = await build({
        ...db,
        dataDir,
        distDir: fakeDist(),
        ...DESK_BUILD,
      });
      ({ admin, reviewer } = await deskStaff(app, 'team'));
    });

    afterAll(async () => {
      await app?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await target.cleanup?.();
    });

    describe('assignment', () => {
      it('given an application, then it is assigned, shown in the list, filtered, and recorded', async () => {
        const m = marker();
        const id = await apply({ fullname: `Assign ${m}` });
        const other = await apply({ fullname: `Assign ${m} other` });
        const put = await call(admin, {
          method: 'PUT',
          url: `${DESK}/spartan/${id}/assignee/`,
          payload: { assignee: 'team-reviewer' },
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(assigneeAnswer.parse(put.json())).toEqual({
          id,
          assignee: { username: 'team-reviewer', name: 'Rita Reviewer' },
        });
        const listed = await rows(`q=${m}`);
        expect(listed.find((r) => r.id === id)!.assignee).toEqual({
          username: 'team-reviewer',
          name: 'Rita Reviewer',
        });
        expect(listed.find((r) => r.id === other)!.assignee).toBeNull();
        // The reviewer's "me" is theirs; the admin's is not.
        expect((await rows(`q=${m}&assignee=me`, reviewer)).map((r) => r.id)).toEqual([id]);
        expect(await rows(`q=${m}&assignee=me`, admin)).toEqual([]);
        expect((await rows(`q=${m}&assignee=none`)).map((r) => r.id)).toEqual([other]);
        expect((await rows(`q=${m}&assignee=team-reviewer`)).map((r) => r.id)).toEqual([id]);
        expect(await rows(`q=${m}&assignee=nobody-has-this`)).toEqual([]);
        // The detail carries it too.
        const detail = await get(`/api/spartan_join/application/${id}/`);
        expect(detail.json().data.assignee).toMatchObject({ username: 'team-reviewer' });
        expect(await history('spartan', id)).toContainEqual(
          expect.objectContaining({
            event: 'assign',
            actor: 'Ada Admin',
            from: null,
            to: 'Rita Reviewer',
          }),
        );
        expect(await auditCount('application.assign', id)).toBe(1);

        // Unassigned: back to nobody, recorded.
        const off = await call(reviewer, {
          method: 'PUT',
          url: `${DESK}/spartan/${id}/assignee/`,
          payload: { assignee: null },
        });
        expect(off.json()).toEqual({ id, assignee: null });
        expect((await history('spartan', id)).filter((h) => h.event === 'assign')).toHaveLength(2);
        expect(await auditCount('application.assign', id)).toBe(2);
      });

      it('given a reviewer, then they read whom applications may be given to', async () => {
        const res = await get('/api/staff/assignees/', reviewer);
        expect(res.statusCode).toBe(200);
        expect(assigneesAnswer.parse(res.json()).data).toEqual(
          expect.arrayContaining([
            { username: 'team-admin', name: 'Ada Admin' },
            { username: 'team-reviewer', name: 'Rita Reviewer' },
          ]),
        );
      });

      it('given an unknown username, then 400 and the assignee is unchanged; an unknown id is 404', async () => {
        const id = await invest({ fullname: `Investor ${marker()}` });
        await call(admin, {
          method: 'PUT',
          url: `${DESK}/investor/${id}/assignee/`,
          payload: { assignee: 'team-admin' },
        });
        const bad = await call(admin, {
          method: 'PUT',
          url: `${DESK}/investor/${id}/assignee/`,
          payload: { assignee: 'no-such-user' },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors).toHaveProperty('assignee');
        const detail = await get(`/api/investors/get_investor_application_detail/${id}/`);
        expect(detail.json().data.assignee).toEqual({ username: 'team-admin', name: 'Ada Admin' });
        expect((await rows('assignee=me', admin, INVESTORS)).map((r) => r.id)).toContain(id);
        const missing = await call(admin, {
          method: 'PUT',
          url: `${DESK}/investor/${crypto.randomUUID()}/assignee/`,
          payload: { assignee: 'team-admin' },
        });
        expect(missing.statusCode).toBe(404);
      });
    });

    describe('bulk', () => {
      it('given mixed ids, then the known ones are changed each with history and audit, the others fail', async () => {
        const m = marker();
        const a = await apply({ fullname: `Bulk ${m} a` });
        const b = await apply({ fullname: `Bulk ${m} b` });
        const gone = await apply({ fullname: `Bulk ${m} gone` });
        const del = await call(admin, {
          method: 'DELETE',
          url: `/api/application/${gone}/delete/`,
        });
        expect(del.statusCode).toBe(200);
        const unknown = crypto.randomUUID();
        const res = await bulk(reviewer, {
          action: 'status',
          ids: [a, unknown, b, gone, 'not-an-id', a],
          status: 'rejected',
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = bulkAnswer.parse(res.json());
        expect(answer.done).toEqual([a, b]);
        expect(answer.failed).toEqual([
          { id: unknown, code: CODES.NOT_FOUND },
          { id: gone, code: CODES.NOT_FOUND },
          { id: 'not-an-id', code: CODES.NOT_FOUND },
        ]);
        for (const id of [a, b]) {
          expect((await history('spartan', id))[0]).toMatchObject({
            event: 'status',
            actor: 'Rita Reviewer',
            from: 'new',
            to: 'rejected',
          });
          expect(await auditCount('application.status', id)).toBe(1);
        }
        expect((await rows(`q=${m}&status=rejected`)).map((r) => r.id).sort()).toEqual(
          [a, b].sort(),
        );
        // Again: found and done, nothing more recorded.
        const again = bulkAnswer.parse(
          (await bulk(admin, { action: 'status', ids: [a], status: 'rejected' })).json(),
        );
        expect(again.done).toEqual([a]);
        expect(await history('spartan', a)).toHaveLength(1);
      });

      it('given a bulk assignment, then each application is assigned with its history entry', async () => {
        const ids = [await invest(), await invest()];
        const res = await bulk(
          admin,
          { action: 'assign', ids, assignee: 'team-reviewer' },
          'investor',
        );
        expect(res.json()).toEqual({ done: ids, failed: [] });
        for (const id of ids) {
          expect((await history('investor', id))[0]).toMatchObject({
            event: 'assign',
            to: 'Rita Reviewer',
          });
          expect(await auditCount('application.assign', id)).toBe(1);
        }
        const unknown = await bulk(
          admin,
          { action: 'assign', ids, assignee: 'nobody-x' },
          'investor',
        );
        expect(unknown.statusCode).toBe(400);
        const noStatus = await bulk(
          admin,
          { action: 'status', ids, status: 'accepted' },
          'investor',
        );
        expect(noStatus.statusCode).toBe(400);
      });

      it("given a reviewer's bulk delete, then 403 and nothing is deleted; an admin's deletes", async () => {
        const m = marker();
        const ids = [await apply({ fullname: `Del ${m}` }), await apply({ fullname: `Del ${m}` })];
        const refused = await bulk(reviewer, { action: 'delete', ids });
        expect(refused.statusCode).toBe(403);
        expect((await rows(`q=${m}`)).map((r) => r.id).sort()).toEqual([...ids].sort());
        const done = await bulk(admin, { action: 'delete', ids: [...ids, crypto.randomUUID()] });
        expect(done.statusCode).toBe(200);
        expect(done.json().done).toEqual(ids);
        expect(done.json().failed).toHaveLength(1);
        expect(await rows(`q=${m}`)).toEqual([]);
        for (const id of ids) expect(await auditCount('application.delete', id)).toBe(1);
      });

      it('given 500 ids, then the body fits and each is answered; 501 are refused', async () => {
        const ids = Array.from({ length: MAX_BULK_IDS }, () => crypto.randomUUID());
        const res = await bulk(admin, { action: 'status', ids, status: 'accepted' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().failed).toHaveLength(MAX_BULK_IDS);
        const over = await bulk(admin, {
          action: 'status',
          ids: [...ids, crypto.randomUUID()],
          status: 'accepted',
        });
        expect(over.statusCode).toBe(400);
        expect(over.json().errors).toHaveProperty('ids');
        const none = await bulk(admin, { action: 'status', ids: [], status: 'accepted' });
        expect(none.statusCode).toBe(400);
      });
    });

    describe('duplicates', () => {
      it('given the same email in another case or with a +tag, or the same phone digits, then the detail lists them', async () => {
        const m = marker();
        const first = await apply({ email: `dup.${m}@example.com`, phone: '+44 20 7946 0001' });
        const upper = await apply({ email: `DUP.${m}@Example.COM`, phone: '+44 20 7946 0002' });
        const tagged = await apply({ email: `dup.${m}+jobs@example.com`, phone: '020 7946 0003' });
        const phone = await invest({ email: `other.${m}@example.com`, phone: '(44) 20-7946-0001' });
        const stranger = await apply({ email: `else.${m}@example.com`, phone: '+44 20 7946 0009' });
        // The form takes no phone this short; an older row may have one.
        const [short, shortToo] = [crypto.randomUUID(), crypto.randomUUID()];
        for (const [id, phoneNumber] of [
          [short, '555-12'],
          [shortToo, '5 5 5 1 2'],
        ] as const) {
          await app.db.execute(
            sql`INSERT INTO spartan_applications (id, created_at, job_title, fullname, date_of_birth, location, gender, email, phone)
                VALUES (${id}, now(), 'Data Engineer', 'Short', '1990-01-01', 'Austin', 'Other', ${`${id}@example.com`}, ${phoneNumber})`,
          );
        }
        const res = await get(`/api/spartan_join/application/${first}/`);
        expect(res.statusCode, res.body).toBe(200);
        const found = z.array(duplicate).parse(res.json().duplicates);
        expect(found.map((d) => `${d.kind}:${d.id}`).sort()).toEqual(
          [`spartan:${upper}`, `spartan:${tagged}`, `investor:${phone}`].sort(),
        );
        expect(found.find((d) => d.id === phone)).toMatchObject({
          kind: 'investor',
          status: 'new',
        });
        // Newest first.
        const times = found.map((d) => Date.parse(d.created_at));
        expect([...times].sort((x, y) => y - x)).toEqual(times);
        // From the investor's side: the Spartan application with its phone.
        const back = await get(`/api/investors/get_investor_application_detail/${phone}/`);
        expect(back.json().duplicates.map((d: { id: string }) => d.id)).toEqual([first]);
        const alone = await get(`/api/spartan_join/application/${stranger}/`);
        expect(alone.json().duplicates).toEqual([]);
        // Fewer than 7 digits match nothing.
        expect((await get(`/api/spartan_join/application/${short}/`)).json().duplicates).toEqual(
          [],
        );
      });

      it('given the lookup, then PostgreSQL plans it on the duplicate keys’ indexes', async () => {
        const plan = await query<Record<string, string>>(
          sql`EXPLAIN SELECT id FROM spartan_applications WHERE email_key = 'a@example.com' ORDER BY created_at DESC LIMIT 50`,
        );
        // On an empty table the planner may still prefer a scan; force the choice to be seen.
        await app.db.execute(sql`SET enable_seqscan = off`);
        const forced = await query<Record<string, string>>(
          sql`EXPLAIN SELECT id FROM spartan_applications WHERE phone_key = '442079460001' ORDER BY created_at DESC LIMIT 50`,
        );
        await app.db.execute(sql`SET enable_seqscan = on`);
        const text = (rows: Array<Record<string, string>>) =>
          rows.map((r) => Object.values(r)[0]).join('\n');
        expect(text(plan) + text(forced)).toMatch(/spartan_applications_(email|phone)_key/);
      });
    });

    describe('overview', () => {
      it('given applications from a partner, then every breakdown sums to the total', async () => {
        const origin = `https://partner-${marker()}.example`;
        await apply({ job_title: 'Data Engineer' }, origin);
        await apply({ job_title: 'Data Engineer' }, origin);
        const third = await apply({ job_title: 'Backend Software Engineer' }, origin);
        await bulk(admin, { action: 'status', ids: [third], status: 'shortlisted' });
        const res = await get(
          `/api/staff/overview/spartan/?origin=${encodeURIComponent(origin)}`,
          reviewer,
        );
        expect(res.statusCode, res.body).toBe(200);
        const o = overviewAnswer.parse(res.json());
        expect(o.total).toBe(3);
        const sum = (list: Array<{ count: number }>) => list.reduce((n, x) => n + x.count, 0);
        expect(sum(o.by_day)).toBe(3);
        expect(sum(o.by_day_origin)).toBe(3);
        expect(sum(o.by_status)).toBe(3);
        expect(sum(o.by_origin)).toBe(3);
        expect(sum(o.by_job_title)).toBe(3);
        expect(o.by_day).toHaveLength(90);
        expect(o.by_day.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 3 });
        expect(o.by_status.map((s) => s.status)).toEqual([
          'new',
          'in_review',
          'shortlisted',
          'rejected',
          'accepted',
        ]);
        expect(o.by_status.find((s) => s.status === 'shortlisted')!.count).toBe(1);
        expect(o.by_origin).toEqual([{ origin, count: 3 }]);
        expect(o.by_job_title).toEqual([
          { job_title: 'Data Engineer', count: 2 },
          { job_title: 'Backend Software Engineer', count: 1 },
        ]);
        // The whole table's overview counts them too, under their source.
        const all = overviewAnswer.parse((await get('/api/staff/overview/spartan/')).json());
        expect(sum(all.by_status)).toBe(all.total);
        expect(sum(all.by_origin)).toBe(all.total);
        expect(sum(all.by_day)).toBe(all.total);
        expect(all.by_origin).toContainEqual({ origin, count: 3 });
        expect(all.by_origin.some((x) => x.origin === 'site')).toBe(true);
      });

      it('given reviews after 10 and 30 hours, then the median wait is 20 hours; none reviewed is null', async () => {
        const origin = `https://median-${marker()}.example`;
        const empty = await get(
          `/api/staff/overview/spartan/?origin=${encodeURIComponent(origin)}`,
        );
        expect(empty.json()).toMatchObject({ total: 0, median_hours_to_first_review: null });
        const ids = [await apply({}, origin), await apply({}, origin), await apply({}, origin)];
        const waiting = overviewAnswer.parse(
          (await get(`/api/staff/overview/spartan/?origin=${encodeURIComponent(origin)}`)).json(),
        );
        expect(waiting.median_hours_to_first_review).toBeNull();
        // Opened by staff: the first review.
        await get(`/api/spartan_join/application/${ids[0]}/`);
        await get(`/api/spartan_join/application/${ids[1]}/`);
        for (const [id, hours] of [
          [ids[0]!, 10],
          [ids[1]!, 30],
        ] as const) {
          await app.db.execute(
            sql`UPDATE spartan_applications SET created_at = first_reviewed_at - make_interval(hours => ${hours}) WHERE id = ${id}`,
          );
        }
        const o = overviewAnswer.parse(
          (await get(`/api/staff/overview/spartan/?origin=${encodeURIComponent(origin)}`)).json(),
        );
        expect(o.total).toBe(3);
        expect(o.median_hours_to_first_review).toBe(20);
      });

      it('given inserts, status changes, bulk changes, deletes, an erasure and retention, then the overview is the table counted afresh, before and after its counts are merged', async () => {
        const DAY = 24 * 60 * 60 * 1000;
        const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        // A range reaching the applications moved 800 days back below.
        const from = dayOf(Date.now() - 1000 * DAY);
        const to = dayOf(Date.now());
        const origin = `https://exact-${marker()}.example`;
        /** The overview as counted from the applications themselves, row by row. */
        const counted = async (kind: 'spartan' | 'investor', source?: string) => {
          const table = sql.raw(`${kind}_applications`);
          const role = kind === 'spartan' ? sql`job_title` : sql`NULL::text`;
          const found = await query<{
            day: string;
            origin: string;
            status: string;
            job_title: string | null;
          }>(sql`
            SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day,
                   coalesce(origin, 'site') AS origin, status, ${role} AS job_title
              FROM ${table}
             WHERE created_at >= ${`${from}T00:00:00Z`}::timestamptz
               AND created_at < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`);
          const rows = found.filter((r) => source === undefined || r.origin === source);
          const tally = (keys: string[]) => {
            const counts = new Map<string, number>();
            for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
            return counts;
          };
          const byDay = tally(rows.map((r) => r.day));
          const dayOrigin = tally(rows.map((r) => `${r.day} ${r.origin}`));
          const byStatus = tally(rows.map((r) => r.status));
          const mostFirst = <K extends string>(name: K, counts: Map<string, number>) =>
            [...counts]
              .map(
                ([key, count]) => ({ [name]: key, count }) as Record<K, string> & { count: number },
              )
              .sort((a, b) => b.count - a.count || a[name].localeCompare(b[name]));
          return {
            total: rows.length,
            by_day: [...byDay].sort(([a], [b]) => a.localeCompare(b)),
            by_day_origin: [...dayOrigin]
              .map(([key, count]) => {
                const [day, where] = key.split(' ') as [string, string];
                return { day, origin: where, count };
              })
              .sort((a, b) => a.day.localeCompare(b.day) || a.origin.localeCompare(b.origin)),
            by_status: [...byStatus].sort(([a], [b]) => a.localeCompare(b)),
            by_origin: mostFirst('origin', tally(rows.map((r) => r.origin))),
            by_job_title: mostFirst(
              'job_title',
              tally(rows.flatMap((r) => (r.job_title === null ? [] : [r.job_title]))),
            ),
          };
        };
        const answered = async (kind: 'spartan' | 'investor', source?: string) => {
          const where = source ? `&origin=${encodeURIComponent(source)}` : '';
          const res = await get(`/api/staff/overview/${kind}/?from=${from}&to=${to}${where}`);
          expect(res.statusCode, res.body).toBe(200);
          const o = overviewAnswer.parse(res.json());
          return {
            total: o.total,
            by_day: o.by_day.filter((d) => d.count > 0).map((d) => [d.day, d.count]),
            by_day_origin: o.by_day_origin,
            by_status: o.by_status
              .filter((s) => s.count > 0)
              .map((s) => [s.status, s.count])
              .sort(([a], [b]) => String(a).localeCompare(String(b))),
            by_origin: o.by_origin,
            by_job_title: o.by_job_title,
          };
        };
        const same = async (step: string) => {
          for (const source of [undefined, origin, 'site']) {
            expect(await answered('spartan', source), `${step}, ${source ?? 'all'}`).toEqual(
              await counted('spartan', source),
            );
          }
          expect(await answered('investor'), `${step}, investors`).toEqual(
            await counted('investor'),
          );
        };
        const merge = async (step: string) => {
          expect(await mergeDayCounts(app.db)).toBeGreaterThan(0);
          // Merged: one row per key, and no delta left.
          const [left] = await query<{ keys: number; deltas: number }>(sql`
            SELECT (SELECT count(*)::int FROM (
                      SELECT 1 FROM application_day_counts
                       GROUP BY kind, day, origin, status, job_title HAVING count(*) > 1) k) AS keys,
                   (SELECT count(*)::int FROM application_day_counts WHERE NOT merged) AS deltas`);
          expect(left, step).toEqual({ keys: 0, deltas: 0 });
          await same(`${step}, merged`);
        };
        const status = (kind: string, id: string, to: string) =>
          call(admin, {
            method: 'PUT',
            url: `${DESK}/${kind}/${id}/status/`,
            payload: { status: to },
          });

        const email = `exact-${marker()}@example.com`;
        const ids = [
          await apply({ job_title: 'Data Engineer' }, origin),
          await apply({ job_title: 'Security Engineer' }, origin),
          await apply({ job_title: 'Data Engineer' }, origin),
          await apply({ job_title: 'Product Manager', email }, origin),
          await apply({ job_title: 'Accountant', email }),
          await apply({ job_title: 'Accountant' }),
        ] as const;
        const investors = [await invest(), await invest(), await invest()] as const;
        await same('inserted');
        await merge('inserted');
        // A first open (new → in review), a status set, bulk changes, an assignment.
        expect((await get(`/api/spartan_join/application/${ids[0]}/`)).statusCode).toBe(200);
        expect((await status('spartan', ids[1], 'shortlisted')).statusCode).toBe(200);
        expect((await status('investor', investors[0], 'contacted')).statusCode).toBe(200);
        await bulk(admin, { action: 'status', ids: [ids[2], ids[3], ids[5]], status: 'rejected' });
        await bulk(admin, { action: 'assign', ids: [ids[2], ids[4]], assignee: 'team-reviewer' });
        await bulk(
          admin,
          { action: 'status', ids: [investors[1]], status: 'declined' },
          'investor',
        );
        await same('changed');
        await merge('changed');
        // A single delete, a bulk delete, an erasure.
        const del = await call(admin, {
          method: 'DELETE',
          url: `/api/application/${ids[1]}/delete/`,
        });
        expect(del.statusCode, del.body).toBe(200);
        await bulk(admin, { action: 'delete', ids: [ids[2]] });
        await bulk(admin, { action: 'delete', ids: [investors[2]] }, 'investor');
        const erased = await call(admin, {
          method: 'POST',
          url: '/api/staff/erase/',
          payload: { email },
        });
        expect(erased.statusCode, erased.body).toBe(200);
        expect(erased.json()).toMatchObject({ spartan: 2 });
        await same('deleted');
        // Moved 800 days back (another day's counts), then deleted by the retention job.
        await app.db.execute(
          sql`UPDATE spartan_applications SET created_at = created_at - interval '800 days' WHERE id = ${ids[5]}`,
        );
        await same('moved');
        await merge('moved');
        expect((await purgeExpired(app.db, app.files, 730)).spartan).toBe(1);
        await same('expired');
        await merge('expired');
      });

      it('given a range, then it is used, checked, and investors have no job roles', async () => {
        const res = await get('/api/staff/overview/investor/?from=2026-01-01&to=2026-01-31');
        expect(res.statusCode, res.body).toBe(200);
        const o = overviewAnswer.parse(res.json());
        expect(o.by_day).toHaveLength(31);
        expect(o.by_day[0]!.day).toBe('2026-01-01');
        expect(o.by_job_title).toEqual([]);
        expect(o.by_status.map((s) => s.status)).toEqual([
          'new',
          'contacted',
          'qualified',
          'declined',
        ]);
        expect(
          (await get('/api/staff/overview/investor/?from=2026-02-01&to=2026-01-01')).statusCode,
        ).toBe(400);
        expect(
          (await get('/api/staff/overview/investor/?from=2020-01-01&to=2026-01-01')).statusCode,
        ).toBe(400);
        expect((await get('/api/staff/overview/investor/?from=2026-02-30')).statusCode).toBe(400);
        expect((await get('/api/staff/overview/spartan/?page=1')).statusCode).toBe(400);
        const anonymous = await app.inject({ method: 'GET', url: '/api/staff/overview/spartan/' });
        expect(anonymous.statusCode).toBe(401);
      });
    });

    describe('résumé read in place', () => {
      const withResume = async (data: Buffer, filename: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/spartan_join/apply-spartan/',
          headers: { 'content-type': MULTIPART_TYPE },
          remoteAddress: freshIp(),
          payload: multipartBody(spartanFields({ fullname: `Resume ${marker()}` }), [
            { filename, data },
          ]),
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ application_id: string }>().application_id;
      };
      const viewUrl = (id: string) => `/api/spartan_join/application/${id}/resume/view/`;
      const ticketFor = async (id: string, token = reviewer) => {
        const res = await call(token, { method: 'POST', url: viewUrl(id) });
        expect(res.statusCode, res.body).toBe(200);
        const answer = resumeViewAnswer.parse(res.json());
        expect(answer.expires_in).toBe(TICKET_TTL_SECONDS);
        return answer.url;
      };
      // The frame's own request: no Authorization header, no cookie.
      const frameGet = (url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: freshIp() });

      it('given a PDF, then a ticket URL serves it inline, sandboxed, to a frame of ours only', async () => {
        const file = readablePdf('Read in place', "app.alert('from the file')");
        const id = await withResume(file, 'cv.pdf');
        const url = await ticketFor(id);
        expect(url.startsWith(viewUrl(id) + '?ticket=')).toBe(true);
        const res = await frameGet(url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.rawPayload.equals(file)).toBe(true);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(
          `inline; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const csp = String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim());
        // `sandbox` with no allow-* token: as a document, an opaque origin with no scripts,
        // forms or popups.
        expect(csp).toContain('sandbox');
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(await auditCount('application.resume_view', id)).toBe(1);
        // The same ticket loads it again (a frame reloads) while it lasts.
        expect((await frameGet(url)).statusCode).toBe(200);
      });

      it('given a ticket, then it opens its own résumé only, unaltered, while its session lives', async () => {
        const id = await withResume(readablePdf('One'), 'one.pdf');
        const other = await withResume(readablePdf('Two'), 'two.pdf');
        const session = await login('team-reviewer');
        const url = await ticketFor(id, session);
        const ticket = new URL(url, 'http://x').searchParams.get('ticket')!;
        // For another application: refused.
        expect((await frameGet(`${viewUrl(other)}?ticket=${ticket}`)).statusCode).toBe(401);
        // Altered: refused.
        const [body, mac] = ticket.split('.') as [string, string];
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { r: string };
        const forged = Buffer.from(JSON.stringify({ ...claims, r: `spartan-resume:${other}` }));
        const forgedUrl = `${viewUrl(other)}?ticket=${forged.toString('base64url')}.${mac}`;
        expect((await frameGet(forgedUrl)).statusCode).toBe(401);
        expect((await frameGet(`${viewUrl(id)}?ticket=${body}.x${mac}`)).statusCode).toBe(401);
        // No ticket: the call is malformed; a bearer token alone does not replace it.
        expect((await frameGet(viewUrl(id))).statusCode).toBe(400);
        expect((await call(session, { method: 'GET', url: viewUrl(id) })).statusCode).toBe(400);
        // Expired: a ticket made a minute and more ago.
        const staff = (await app.sessions.check(`Bearer ${session}`, false))!;
        const old = app.sessions.ticket(staff, `spartan-resume:${id}`, Date.now() - 61_000);
        expect((await frameGet(`${viewUrl(id)}?ticket=${old}`)).statusCode).toBe(401);
        // Its session ends: the ticket stops at once.
        expect((await frameGet(url)).statusCode).toBe(200);
        const out = await call(session, { method: 'POST', url: '/api/security-logout/' });
        expect(out.statusCode, out.body).toBeLessThan(300);
        expect((await frameGet(url)).statusCode).toBe(401);
      });

      it('given a résumé that is no PDF, or none, then there is no reading in place, and the download stays', async () => {
        const word = await withResume(doc(), 'cv.doc');
        expect((await call(admin, { method: 'POST', url: viewUrl(word) })).statusCode).toBe(404);
        // Even with a ticket (which the POST does not give for it), the file is not served inline.
        const staff = (await app.sessions.check(`Bearer ${admin}`, false))!;
        const ticket = app.sessions.ticket(staff, `spartan-resume:${word}`);
        const inline = await frameGet(`${viewUrl(word)}?ticket=${ticket}`);
        expect(inline.statusCode).toBe(404);
        expect(inline.headers['content-disposition']).toBeUndefined();
        const download = await get(`/api/spartan_join/application/${word}/resume/`);
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-disposition']).toMatch(/^attachment;/);
        const none = await apply();
        expect((await call(admin, { method: 'POST', url: viewUrl(none) })).statusCode).toBe(404);
        const unknown = crypto.randomUUID();
        expect((await call(admin, { method: 'POST', url: viewUrl(unknown) })).statusCode).toBe(404);
        // Staff only.
        const anonymous = await app.inject({
          method: 'POST',
          url: viewUrl(word),
          remoteAddress: freshIp(),
        });
        expect(anonymous.statusCode).toBe(401);
      });
    });
  });
}
