/**
 * The hiring desk's API, run once per database (tests/api/pglite.test.ts and
 * tests/api/postgres.test.ts): review status and its history, notes, filters and sorting,
 * capped totals and keyset pages, the streamed exports. Through `app.inject()` against the
 * real app and database.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { MULTIPART_TYPE, investorPayload, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { AUTH_SECRET, fakeDist, freshIp, type SuiteTarget } from './suite.ts';

const PASSWORD = 'correct horse battery staple';
const LIST = '/api/spartan_join/applications/';
const INVESTORS = '/api/investors/get_investor_applications/';
const DESK = '/api/staff/applications';

interface Item {
  id: string;
  fullname: string;
  email: string;
  status: string;
  job_title?: string;
  created_at: string;
}

export function deskSuite(label: string, target: SuiteTarget): void {
  describe(`Hiring desk on ${label}`, () => {
    let app: FastifyInstance;
    let admin = '';
    let reviewer = '';
    const dirs: string[] = [];

    const call = (token: string, opts: InjectOptions) =>
      app.inject({
        remoteAddress: freshIp(),
        ...opts,
        headers: { authorization: `Bearer ${token}`, ...opts.headers },
      });
    const get = (url: string, token = admin) => call(token, { method: 'GET', url });
    const list = async (query: string, url = LIST) => {
      const res = await get(`${url}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        data: Item[];
        total: number;
        total_capped: boolean;
        page: number;
        next_cursor: string | null;
        prev_cursor: string | null;
      }>();
    };
    const apply = async (fields: Record<string, string> = {}, resume?: Buffer) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        remoteAddress: freshIp(),
        payload: multipartBody(
          spartanFields(fields),
          resume
            ? [{ name: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', data: resume }]
            : [],
        ),
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
    const marker = () => crypto.randomBytes(4).toString('hex');
    const login = async (username: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/security-login/',
        remoteAddress: freshIp(),
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ access: string }>().access;
    };
    const auditEvents = async (event: string) => {
      const result = (await app.db.execute(
        sql`SELECT count(*)::int AS n FROM staff_audit WHERE event = ${event}`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };

    beforeAll(async () => {
      const db = await target.database();
      const dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-desk-'));
      const distDir = fakeDist();
      dirs.push(dataDir, distDir);
      app = await build({
        ...db,
        dataDir,
        distDir,
        logger: false,
        authSecret: AUTH_SECRET,
        staffMfa: 'optional',
        rateLimits: {
          submit: { max: 10_000, windowSeconds: 600 },
          login: { max: 100, windowSeconds: 900 },
          loginFailuresPerUser: { max: 10, windowSeconds: 900 },
        },
      });
      await app.staff.create({ username: 'desk-admin', password: PASSWORD, name: 'Ada Admin' });
      await app.staff.create({
        username: 'desk-reviewer',
        password: PASSWORD,
        name: 'Rita Reviewer',
        role: 'reviewer',
      });
      admin = await login('desk-admin');
      reviewer = await login('desk-reviewer');
    });

    afterAll(async () => {
      await app?.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      await target.cleanup?.();
    });

    describe('status', () => {
      it('given a new application, then a first open by staff moves it to in review, recorded with who and when', async () => {
        const m = marker();
        const id = await apply({ fullname: `Status ${m}` });
        expect((await list(`q=${m}`)).data[0]!.status).toBe('new');
        const before = Date.now();
        const open = await get(`/api/spartan_join/application/${id}/`, reviewer);
        expect(open.json().data.status).toBe('in_review');
        // A second open changes nothing more.
        await get(`/api/spartan_join/application/${id}/`, admin);
        const activity = (await get(`${DESK}/spartan/${id}/activity/`)).json();
        expect(activity.history).toHaveLength(1);
        expect(activity.history[0]).toMatchObject({
          actor: 'Rita Reviewer',
          from: 'new',
          to: 'in_review',
        });
        expect(Date.parse(activity.history[0].at)).toBeGreaterThanOrEqual(before - 1000);
      });

      it('given a reviewer, then they change the status and add notes but cannot delete', async () => {
        const id = await apply({ fullname: `Reviewer ${marker()}` });
        const put = await call(reviewer, {
          method: 'PUT',
          url: `${DESK}/spartan/${id}/status/`,
          payload: { status: 'shortlisted' },
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json().history[0]).toMatchObject({ from: 'new', to: 'shortlisted' });
        const note = await call(reviewer, {
          method: 'POST',
          url: `${DESK}/spartan/${id}/notes/`,
          payload: { body: 'Strong Go experience.' },
        });
        expect(note.statusCode).toBe(201);
        const del = await call(reviewer, {
          method: 'DELETE',
          url: `/api/application/${id}/delete/`,
        });
        expect(del.statusCode).toBe(403);
        expect(await auditEvents('application.status')).toBeGreaterThan(0);
        expect(await auditEvents('application.note')).toBeGreaterThan(0);
      });

      it('given statuses of the other kind, unknown values or ids, then 400 or 404', async () => {
        const id = await apply();
        const investor = await invest();
        const wrongKind = await call(admin, {
          method: 'PUT',
          url: `${DESK}/spartan/${id}/status/`,
          payload: { status: 'contacted' },
        });
        expect(wrongKind.statusCode).toBe(400);
        expect(Object.keys(wrongKind.json().errors)).toEqual(['status']);
        const ok = await call(admin, {
          method: 'PUT',
          url: `${DESK}/investor/${investor}/status/`,
          payload: { status: 'contacted' },
        });
        expect(ok.json().status).toBe('contacted');
        const missing = await call(admin, {
          method: 'PUT',
          url: `${DESK}/spartan/${crypto.randomUUID()}/status/`,
          payload: { status: 'accepted' },
        });
        expect(missing.statusCode).toBe(404);
        // An investor id is no Spartan application.
        const crossed = await get(`${DESK}/spartan/${investor}/activity/`);
        expect(crossed.statusCode).toBe(404);
        const noAuth = await app.inject({
          method: 'PUT',
          url: `${DESK}/spartan/${id}/status/`,
          payload: { status: 'accepted' },
        });
        expect(noAuth.statusCode).toBe(401);
      });
    });

    describe('notes', () => {
      it('given notes, then they come newest first with their author, markup kept as typed', async () => {
        const id = await invest();
        const bodies = ['First call went well.', '<img src=x onerror=alert(1)> follow up'];
        for (const [i, body] of bodies.entries()) {
          const res = await call(i === 0 ? admin : reviewer, {
            method: 'POST',
            url: `${DESK}/investor/${id}/notes/`,
            payload: { body },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const { notes } = (await get(`${DESK}/investor/${id}/activity/`)).json();
        expect(notes.map((n: { body: string }) => n.body)).toEqual([...bodies].reverse());
        expect(notes.map((n: { author: string }) => n.author)).toEqual([
          'Rita Reviewer',
          'Ada Admin',
        ]);
      });

      it('given an empty, oversized or control-character note, then 400 and nothing stored', async () => {
        const id = await invest();
        for (const body of ['   ', 'x'.repeat(4001), 'bell\u0007']) {
          const res = await call(admin, {
            method: 'POST',
            url: `${DESK}/investor/${id}/notes/`,
            payload: { body },
          });
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
        }
        expect((await get(`${DESK}/investor/${id}/activity/`)).json().notes).toEqual([]);
      });
    });

    describe('filters and sorting', () => {
      it('given filters by status, job role, dates and sort, then only those rows, in that order', async () => {
        const m = marker();
        const a = await apply({ fullname: `Filter A ${m}`, job_title: 'Data Engineer' });
        const b = await apply({ fullname: `Filter B ${m}`, job_title: 'Accountant' });
        const c = await apply({ fullname: `Filter C ${m}`, job_title: 'Data Engineer' });
        await call(admin, {
          method: 'PUT',
          url: `${DESK}/spartan/${c}/status/`,
          payload: { status: 'rejected' },
        });
        const ids = (items: Item[]) => items.map((i) => i.id);
        expect(ids((await list(`q=${m}`)).data)).toEqual([c, b, a]);
        expect(ids((await list(`q=${m}&sort=oldest`)).data)).toEqual([a, b, c]);
        expect(ids((await list(`q=${m}&status=new`)).data)).toEqual([b, a]);
        expect(ids((await list(`q=${m}&status=rejected`)).data)).toEqual([c]);
        expect(ids((await list(`q=${m}&status=all`)).data)).toEqual([c, b, a]);
        const role = encodeURIComponent('Data Engineer');
        expect(ids((await list(`q=${m}&job_title=${role}`)).data)).toEqual([c, a]);
        const today = new Date().toISOString().slice(0, 10);
        expect(ids((await list(`q=${m}&from=${today}&to=${today}`)).data)).toEqual([c, b, a]);
        expect((await list(`q=${m}&to=2020-01-01`)).data).toEqual([]);
        expect((await list(`q=${m}&from=2999-01-01`)).data).toEqual([]);
      });

      it('given bad filter values, then 400 naming each field', async () => {
        const cases: Record<string, [string, string]> = {
          'status=contacted': [LIST, 'status'],
          'status=in_review': [INVESTORS, 'status'],
          'job_title=Accountant': [INVESTORS, 'job_title'],
          'from=2024-13-45': [LIST, 'from'],
          'from=yesterday': [LIST, 'from'],
          'from=2024-05-02&to=2024-05-01': [LIST, 'to'],
          'sort=name': [LIST, 'sort'],
          'cursor=abc': [LIST, 'cursor'],
        };
        for (const [query, [url, field]] of Object.entries(cases)) {
          const res = await get(`${url}?${query}`);
          expect(res.statusCode, query).toBe(400);
          expect(Object.keys(res.json().errors), query).toEqual([field]);
        }
      });

      it('given searches of one or two characters, then they match the start of a name or email', async () => {
        const m = marker();
        const id = await invest({ fullname: `Qz${m} Zyx`, email: `zq${m}@example.com` });
        const start = await list(`q=${encodeURIComponent(`qZ${m}`.slice(0, 2))}`, INVESTORS);
        expect(start.data.map((d) => d.id)).toContain(id);
        const emailStart = await list('q=ZQ', INVESTORS);
        expect(emailStart.data.map((d) => d.id)).toContain(id);
        // Two letters inside a name do not match: short searches are prefixes.
        const inside = await list('q=yx', INVESTORS);
        expect(inside.data.map((d) => d.id)).not.toContain(id);
        // From three letters, anywhere.
        const three = await list('q=zyx', INVESTORS);
        expect(three.data.map((d) => d.id)).toContain(id);
        const wildcard = await list('q=_%25', INVESTORS);
        expect(wildcard.total).toBe(0);
      });
    });

    describe('large lists', () => {
      it('given more than 1,000 matches, then the total stops at 1,000 and says so', async () => {
        const m = marker();
        await app.db.execute(sql`
          INSERT INTO investor_applications (id, created_at, fullname, email, phone, location, accreditation)
          SELECT gen_random_uuid(), now() - make_interval(secs => g), ${`Bulk ${m}`} || g,
                 'bulk' || g || '@example.com', '+1 555 0100', 'Austin', 'income'
          FROM generate_series(1, 1005) AS g`);
        const capped = await list(`q=${m}&page_size=5`, INVESTORS);
        expect(capped).toMatchObject({ total: 1000, total_capped: true });
        const exact = await list(`q=${encodeURIComponent(`${m}100`)}`, INVESTORS);
        // Bulk …100, …1000 to …1005: seven rows, counted exactly.
        expect(exact).toMatchObject({ total: 7, total_capped: false });
      });

      it('given cursors, then pages walk every row once in both directions, and page still works', async () => {
        const m = marker();
        const created: string[] = [];
        for (let i = 0; i < 7; i += 1) created.push(await invest({ fullname: `Walk ${m} ${i}` }));
        const newestFirst = [...created].reverse();
        const seen: string[] = [];
        const cursors: string[] = [];
        let page = await list(`q=${m}&page_size=3`, INVESTORS);
        expect(page.prev_cursor).toBeNull();
        for (;;) {
          seen.push(...page.data.map((d) => d.id));
          if (!page.next_cursor) break;
          cursors.push(page.next_cursor);
          page = await list(`q=${m}&page_size=3&cursor=${page.next_cursor}`, INVESTORS);
        }
        expect(seen).toEqual(newestFirst);
        // Back from the last page with `before`.
        const back = await list(`q=${m}&page_size=3&before=${page.prev_cursor}`, INVESTORS);
        expect(back.data.map((d) => d.id)).toEqual(newestFirst.slice(3, 6));
        const first = await list(`q=${m}&page_size=3&before=${back.prev_cursor}`, INVESTORS);
        expect(first.data.map((d) => d.id)).toEqual(newestFirst.slice(0, 3));
        expect(first.prev_cursor).toBeNull();
        // Oldest first with a cursor.
        const oldest = await list(`q=${m}&page_size=4&sort=oldest`, INVESTORS);
        const rest = await list(
          `q=${m}&page_size=4&sort=oldest&cursor=${oldest.next_cursor}`,
          INVESTORS,
        );
        expect([...oldest.data, ...rest.data].map((d) => d.id)).toEqual(created);
        // The page number still pages by offset.
        const third = await list(`q=${m}&page_size=3&page=3`, INVESTORS);
        expect(third.data.map((d) => d.id)).toEqual(newestFirst.slice(6));
        // A cursor whose row was deleted meanwhile still continues after its time.
        await call(admin, {
          method: 'DELETE',
          url: `/api/investors/delete_investor_application/${newestFirst[2]}/`,
        });
        const after = await list(`q=${m}&page_size=3&cursor=${cursors[0]}`, INVESTORS);
        expect(after.data.map((d) => d.id)).toEqual(newestFirst.slice(3, 6));
      });
    });

    describe('exports', () => {
      it('given a filtered view, then the CSV holds exactly its rows, formulas neutralised, and is audited', async () => {
        const m = marker();
        const evil = await invest({ fullname: `=HYPERLINK("http://x") ${m}`, message: '+1+1' });
        await invest({ fullname: `@SUM ${m}`, message: '-2' });
        await invest({ fullname: `Other ${m}` });
        await call(admin, {
          method: 'PUT',
          url: `${DESK}/investor/${evil}/status/`,
          payload: { status: 'qualified' },
        });
        const before = await auditEvents('application.export_csv');
        const res = await get(`${DESK}/investor/export.csv?q=${m}&sort=oldest`, reviewer);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="investor-/);
        const lines = res.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        expect(lines[0]).toContain('"fullname"');
        expect(lines).toHaveLength(4);
        expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") ${m}"`);
        expect(lines[1]).toContain(`"'+1+1"`);
        expect(lines[1]).toContain('"qualified"');
        expect(lines[2]).toContain(`"'@SUM ${m}"`);
        expect(lines[2]).toContain(`"'-2"`);
        expect(res.body).not.toMatch(/(^|,)"[=+\-@]/m);
        const only = await get(`${DESK}/investor/export.csv?q=${m}&status=qualified`);
        expect(only.body.trim().split('\r\n')).toHaveLength(2);
        expect(await auditEvents('application.export_csv')).toBe(before + 2);
        const bad = await get(`${DESK}/investor/export.csv?status=nope`);
        expect(bad.statusCode).toBe(400);
      });

      it('given Spartan applications with resumes, then the zip holds the resumes of the view, and is audited', async () => {
        const m = marker();
        const files = [pdf(3000), pdf(5000)];
        const ids = [
          await apply({ fullname: `Zip A ${m}` }, files[0]),
          await apply({ fullname: `Zip B ${m}` }, files[1]),
          await apply({ fullname: `Zip C ${m}` }),
        ];
        const before = await auditEvents('application.export_resumes');
        const res = await get(`${DESK}/spartan/resumes.zip?q=${m}&sort=oldest`, reviewer);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-zip-'));
        dirs.push(dir);
        const zipPath = path.join(dir, 'resumes.zip');
        fs.writeFileSync(zipPath, res.rawPayload);
        execFileSync('unzip', ['-q', zipPath, '-d', path.join(dir, 'out')]);
        const names = fs.readdirSync(path.join(dir, 'out')).sort();
        expect(names).toEqual([`${ids[0]}-cv.pdf`, `${ids[1]}-cv.pdf`].sort());
        for (const [i, file] of files.entries()) {
          expect(fs.readFileSync(path.join(dir, 'out', `${ids[i]}-cv.pdf`)).equals(file)).toBe(
            true,
          );
        }
        expect(await auditEvents('application.export_resumes')).toBe(before + 1);
        expect((await get(`${DESK}/investor/resumes.zip`)).statusCode).toBe(404);
      });
    });
  });
}
