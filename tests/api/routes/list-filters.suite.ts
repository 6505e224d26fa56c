/**
 * The lists' filters, sorting, capped totals and keyset pages (server/routes/applications-
 * common.ts), in the hiring desk suite.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGINS_LIMIT } from '../../../server/routes/desk.ts';
import { CODES } from '../../../server/api-errors.ts';
import { DESK, type DeskHarness, INVESTORS, type Item, LIST } from '../setup/desk.ts';

export function listFilterTests(h: DeskHarness): void {
  const { call, get, list, apply, invest, marker } = h;
  let app: FastifyInstance;
  let admin = '';
  beforeAll(() => {
    ({ app, admin } = h);
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
}
