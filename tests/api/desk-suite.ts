/**
 * The hiring desk's API, run once per database (tests/api/pglite.test.ts and
 * tests/api/postgres.test.ts): review status and its history, notes, filters and sorting,
 * capped totals and keyset pages, the streamed exports. Through `app.inject()` against the
 * real app and database.
 */
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../server/app.ts';
import { ORIGINS_LIMIT } from '../../server/routes/desk.ts';
import { CODES } from '../../server/api-errors.ts';
import { UNKNOWN_FIELD } from '../../schemas/errors.ts';
import { purgeExpired } from '../../server/desk/retention.ts';
import { MAX_ATTEMPTS, Mailer, retryDelayMs } from '../../server/mail/mailer.ts';
import { smtpTransport } from '../../server/mail/transport.ts';
import { MULTIPART_TYPE, investorPayload, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { DESK_BUILD, fakeDist, freshIp, type SuiteTarget } from './suite.ts';

const PASSWORD = 'correct horse battery staple';
const LIST = '/api/spartan_join/applications/';
const INVESTORS = '/api/investors/get_investor_applications/';
const DESK = '/api/staff/applications';
/**
 * For the tests that build servers of their own and wait on their mail: on a busy machine (two
 * cores shared with other work) a fresh server and its first sends take tens of seconds.
 */
const SLOW_TEST_MS = 180_000;
const SLOW_POLL_MS = 60_000;

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

    const call = (token: string, opts: InjectOptions, on: FastifyInstance = app) =>
      on.inject({
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
    const apply = async (
      fields: Record<string, string> = {},
      resume?: Buffer,
      on: FastifyInstance = app,
    ) => {
      const res = await on.inject({
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
    const invest = async (fields: Record<string, unknown> = {}, on: FastifyInstance = app) => {
      const res = await on.inject({
        method: 'POST',
        url: '/api/investors/join_investor/',
        remoteAddress: freshIp(),
        payload: investorPayload(fields),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ investor_id: string }>().investor_id;
    };
    const marker = () => crypto.randomBytes(4).toString('hex');
    /** A logger stream for `build`, and the JSON lines it received. */
    const captureLog = () => {
      const lines: string[] = [];
      let rest = '';
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          const parts = (rest + chunk.toString('utf8')).split('\n');
          rest = parts.pop()!;
          lines.push(...parts.filter(Boolean));
          done();
        },
      });
      const find = (msg: string) =>
        lines.filter((line) => (JSON.parse(line) as { msg?: string }).msg === msg);
      return { logger: { stream }, lines, find };
    };
    const login = async (username: string, on: FastifyInstance = app) => {
      const res = await on.inject({
        method: 'POST',
        url: '/api/security-login/',
        remoteAddress: freshIp(),
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ access: string }>().access;
    };
    const query = async <T>(statement: ReturnType<typeof sql>, on: FastifyInstance = app) =>
      ((await on.db.execute(statement)) as unknown as { rows: T[] }).rows;
    const auditEvents = async (event: string) =>
      (
        await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM staff_audit WHERE event = ${event}`,
        )
      )[0]!.n;

    type DbOptions = Pick<BuildOptions, 'dataDir' | 'databaseUrl'>;
    /** A database of its own (fresh each call), with a data folder that is cleaned up. */
    const freshDatabase = async (): Promise<DbOptions> => {
      const db = await target.database();
      const dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-desk-'));
      dirs.push(dataDir);
      return { ...db, dataDir };
    };
    const distDir = fakeDist();
    dirs.push(distDir);
    const buildApp = (db: DbOptions, extra: Partial<BuildOptions> = {}) =>
      build({ ...db, distDir, ...DESK_BUILD, ...extra });
    let dataDir = '';

    beforeAll(async () => {
      const db = await freshDatabase();
      dataDir = db.dataDir!;
      app = await buildApp(db);
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
        expect(del.json().code).toBe(CODES.FORBIDDEN_ROLE);
        expect(await auditEvents('application.status')).toBeGreaterThan(0);
        expect(await auditEvents('application.note')).toBeGreaterThan(0);
      });

      it('given two staff changing the status from the one each saw, then the later is refused with 409 and the current status, and nothing is overwritten', async () => {
        const id = await apply({ fullname: `Race ${marker()}` });
        const url = `${DESK}/spartan/${id}/status/`;
        const put = (token: string, payload: object) =>
          call(token, { method: 'PUT', url, payload });
        // Both saw New; the reviewer's change lands first.
        const first = await put(reviewer, { status: 'shortlisted', from: 'new' });
        expect(first.statusCode, first.body).toBe(200);
        const second = await put(admin, { status: 'rejected', from: 'new' });
        expect(second.statusCode, second.body).toBe(409);
        expect(second.json()).toEqual({
          detail: 'The status was changed meanwhile: it is now Shortlisted',
          code: CODES.CONFLICT,
        });
        const activity = (await get(`${DESK}/spartan/${id}/activity/`)).json();
        expect(activity.status).toBe('shortlisted');
        expect(activity.history).toHaveLength(1);
        expect(activity.history[0]).toMatchObject({ actor: 'Rita Reviewer', to: 'shortlisted' });
        // From the status now shown, the change goes through.
        const again = await put(admin, { status: 'rejected', from: 'shortlisted' });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().history[0]).toMatchObject({ from: 'shortlisted', to: 'rejected' });
        // Without `from` (older clients), a change is made whatever the status was, as before.
        const blind = await put(reviewer, { status: 'accepted' });
        expect(blind.statusCode, blind.body).toBe(200);
        expect(blind.json().status).toBe('accepted');
        // A `from` that is no status of the kind is refused as such, not as a conflict.
        const unknown = await put(admin, { status: 'new', from: 'contacted' });
        expect(unknown.statusCode).toBe(400);
        expect(Object.keys(unknown.json().errors)).toEqual(['from']);
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
        expect(wrongKind.json().code).toBe(CODES.INVALID_FORM);
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
        expect(missing.json().code).toBe(CODES.NOT_FOUND);
        // An investor id is no Spartan application.
        const crossed = await get(`${DESK}/spartan/${investor}/activity/`);
        expect(crossed.statusCode).toBe(404);
        expect(crossed.json().code).toBe(CODES.NOT_FOUND);
        const noAuth = await app.inject({
          method: 'PUT',
          url: `${DESK}/spartan/${id}/status/`,
          payload: { status: 'accepted' },
        });
        expect(noAuth.statusCode).toBe(401);
        expect(noAuth.json().code).toBe(CODES.NOT_AUTHENTICATED);
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
          expect(res.json().code, JSON.stringify(body)).toBe(CODES.INVALID_FORM);
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
          'job_title=Nope': [LIST, 'job_title'],
          'from=2024-13-45': [LIST, 'from'],
          'from=yesterday': [LIST, 'from'],
          'from=2024-05-02&to=2024-05-01': [LIST, 'to'],
          'sort=name': [LIST, 'sort'],
          'cursor=abc': [LIST, 'cursor'],
        };
        for (const [query, [url, field]] of Object.entries(cases)) {
          const res = await get(`${url}?${query}`);
          expect(res.statusCode, query).toBe(400);
          expect(res.json().code, query).toBe(CODES.INVALID_FORM);
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
        // With an @, the start of an email address.
        const address = await list(`q=${encodeURIComponent(`ZQ${m}@EXAM`)}`, INVESTORS);
        expect(address.data.map((d) => d.id)).toEqual([id]);
        const domain = await list(`q=${encodeURIComponent(`${m}@example.com`)}`, INVESTORS);
        expect(domain.data.map((d) => d.id)).not.toContain(id);
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

      it('given more partners than the Source filter lists, then it lists the first 500 and says there are more', async () => {
        const m = marker();
        // ORIGINS_LIMIT + 1 partners, one application each.
        await app.db.execute(sql`
          INSERT INTO investor_applications (id, created_at, fullname, email, phone, location, accreditation, origin)
          SELECT gen_random_uuid(), now() - make_interval(secs => g), ${`Partner ${m}`} || g,
                 'partner' || g || '@example.com', '+1 555 0100', 'Austin', 'income',
                 'https://p' || lpad(g::text, 4, '0') || '-' || ${m.toLowerCase()} || '.example'
          FROM generate_series(1, ${ORIGINS_LIMIT + 1}) AS g`);
        const res = await get(`${DESK}/investor/origins/`);
        expect(res.statusCode).toBe(200);
        const { origins, complete } = res.json<{ origins: string[]; complete: boolean }>();
        expect(complete).toBe(false);
        expect(origins).toHaveLength(ORIGINS_LIMIT);
        expect(origins).toEqual([...new Set(origins)].sort());
        // Spartan applications are another table, whose partners are few.
        const spartan = await get(`${DESK}/spartan/origins/`);
        expect(spartan.json()).toMatchObject({ complete: true });
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
        expect(bad.json().code).toBe(CODES.INVALID_FORM);
        // The export is the whole view: paging parameters are refused, not ignored.
        for (const paging of [
          'page=2',
          'page_size=5',
          `cursor=${Date.now()}_${crypto.randomUUID()}`,
        ]) {
          const res = await get(`${DESK}/investor/export.csv?q=${m}&${paging}`);
          expect(res.statusCode, paging).toBe(400);
          expect(res.json().errors, paging).toEqual({ [paging.split('=')[0]!]: UNKNOWN_FIELD });
        }
      });

      it('given cells starting with a tab or a carriage return, then they are neutralised too', async () => {
        // The forms trim both away, so rows holding them come from elsewhere (older data, an
        // import): stored directly.
        const m = marker();
        await app.db.execute(sql`
          INSERT INTO investor_applications (id, fullname, email, phone, location, accreditation, message)
          VALUES (gen_random_uuid(), ${`\tTab ${m}`}, ${`tab.${m}@example.com`}, '+1 555 0100',
                  ${'\r=1+2'}, 'income', ${'\t=HYPERLINK("http://x")'})`);
        const res = await get(`${DESK}/investor/export.csv?q=${m}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.body.replace(/^\uFEFF/, '');
        expect(body).toContain(`"'\tTab ${m}"`);
        expect(body).toContain(`"'\r=1+2"`);
        expect(body).toContain(`"'\t=HYPERLINK(""http://x"")"`);
        expect(body).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
      });

      it('given more matching rows than one export batch (500), then the CSV holds every row exactly once, in order', async () => {
        const m = marker();
        // 1,200 rows, three to a timestamp, so batches also end inside a run of equal times.
        await app.db.execute(sql`
          INSERT INTO investor_applications (id, created_at, fullname, email, phone, location, accreditation)
          SELECT gen_random_uuid(), now() - make_interval(secs => g / 3), ${`Batch ${m}`} || g,
                 'batch' || g || '@example.com', '+1 555 0100', 'Austin', 'income'
          FROM generate_series(1, 1200) AS g`);
        const expected = (
          await query<{ id: string }>(
            sql`SELECT id FROM investor_applications WHERE fullname LIKE ${`Batch ${m}%`}
                ORDER BY created_at DESC, id DESC`,
          )
        ).map((r) => r.id);
        expect(expected).toHaveLength(1200);
        for (const sort of ['newest', 'oldest']) {
          const res = await get(`${DESK}/investor/export.csv?q=${m}&sort=${sort}`);
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
          const [header, ...lines] = res.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\r\n');
          const column = header!.split(',').indexOf('"id"');
          expect(column).toBeGreaterThanOrEqual(0);
          const ids = lines.map((line) => line.split(',')[column]!.replace(/"/g, ''));
          expect(ids, sort).toEqual(sort === 'newest' ? expected : [...expected].reverse());
        }
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

    describe('mail', () => {
      const smtps: TestSmtp[] = [];
      const others: FastifyInstance[] = [];
      afterAll(async () => {
        for (const other of others) await other.close();
        for (const smtp of smtps) await smtp.close();
      });
      const mailTo = (smtp: TestSmtp, address: string) =>
        smtp.received.filter((m) => m.to.includes(address));
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
        expect(opt.json()).toEqual({ mode: 'each', email: 'nora@staff.example' });
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
        // Five mails, sent by several send passes: one connection.
        expect(smtp.received).toHaveLength(5);
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
        await expect
          .poll(() => mailTo(smtp, 'cy@staff.example').length, { timeout: 15_000 })
          .toBe(5);
        // Sent mail leaves the queue: every mail there was to send has gone.
        await expect.poll(() => queueLength(mailApp)).toBe(0);
        const confirmations = smtp.received.filter((m) =>
          /stranger@example\.com/i.test(m.to.join()),
        );
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
            expect(next, `attempt ${attempt}`).toBeGreaterThanOrEqual(
              before + retryDelayMs(attempt),
            );
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
            expect(smtp.received.filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(
              1,
            );
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
          await expect
            .poll(() => outboxMails(db.dataDir!).length, { timeout: SLOW_POLL_MS })
            .toBe(3);
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
          for (const data of ['Old', 'old.', '@', old, oldInvestor])
            expect(line).not.toContain(data);
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

    describe('live list', () => {
      it('given polls with the ETag, then 304 while nothing arrived, and the newest cursor once one did', async () => {
        const first = await get(`${DESK}/investor/latest/`);
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(first.headers['cache-control']).toBe('private, no-cache');
        const same = await call(admin, {
          method: 'GET',
          url: `${DESK}/investor/latest/`,
          headers: { 'if-none-match': etag },
        });
        expect(same.statusCode).toBe(304);
        expect(same.body).toBe('');
        const id = await invest();
        const changed = await call(admin, {
          method: 'GET',
          url: `${DESK}/investor/latest/`,
          headers: { 'if-none-match': etag },
        });
        expect(changed.statusCode).toBe(200);
        expect(changed.json().latest).toMatch(new RegExp(`_${id}$`));
        expect((await get(`${DESK}/nobody/latest/`)).statusCode).toBe(404);
        expect(
          (await app.inject({ method: 'GET', url: `${DESK}/investor/latest/` })).statusCode,
        ).toBe(401);
      });
    });
  });
}
