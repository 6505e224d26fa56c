/** The staff lists (server/routes/applications-common.ts), in the API suite. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIGRAM_INDEX_OPTIONS } from '../../../server/db/index.ts';
import { CODES } from '../../../server/api-errors.ts';
import { investorPayload } from '../fixtures.ts';
import { type ApiHarness } from '../setup/api.ts';

export function listTests(h: ApiHarness): void {
  const { staff, apply, invest, unique } = h;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
  });

  describe('lists', () => {
    it('given several applications, then pages come newest first with the total', async () => {
      const marker = unique();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await invest(
          investorPayload({ fullname: `Page Test ${i}`, email: `${marker}.${i}@example.com` }),
        );
        ids.push(res.json().investor_id);
      }
      const page1 = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${marker}&page_size=2`,
      });
      expect(page1.json()).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(page1.json().data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
      const page2 = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${marker.toUpperCase()}&page_size=2&page=2`,
      });
      expect(page2.json().data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    });

    it('given no search, then the total counts every row', async () => {
      const before = (
        await staff({ method: 'GET', url: '/api/spartan_join/applications/?page_size=1' })
      ).json().total as number;
      const id = (await apply()).json().application_id as string;
      const after = await staff({
        method: 'GET',
        url: '/api/spartan_join/applications/?page_size=1',
      });
      expect(after.json().total).toBe(before + 1);
      expect(after.json().data[0].id).toBe(id);
      await staff({ method: 'DELETE', url: `/api/application/${id}/delete/` });
      const last = await staff({ method: 'GET', url: '/api/spartan_join/applications/' });
      expect(last.json().total).toBe(before);
    });

    it('given a search with LIKE wildcards, then they match literally', async () => {
      const marker = unique();
      await invest(investorPayload({ fullname: `Hundred ${marker} 100% Sure` }));
      const pct = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker} 100%`)}`,
      });
      expect(pct.json().total).toBe(1);
      const underscore = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker}_`)}`,
      });
      expect(underscore.json().total).toBe(0);
    });

    it('given more applications than a trigram index keeps pending (64 kB), then a search finds every one, merged or still pending', async () => {
      const options = (await app.db.execute(sql`
        SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
        WHERE c.relname LIKE '%\\_trgm' ORDER BY c.relname`)) as unknown as {
        rows: Array<{ name: string; options: string[] }>;
      };
      expect(options.rows).toHaveLength(4);
      for (const row of options.rows) {
        expect(row.options.join(', ')).toBe(TRIGRAM_INDEX_OPTIONS.replace(/ = /g, '='));
      }
      // About 30 trigrams a row in each index, some 20 bytes each: 150 rows fill 64 kB more than once.
      const marker = unique();
      for (let i = 0; i < 150; i += 1) {
        const res = await invest(
          investorPayload({
            fullname: `Pending ${marker} Number ${i}`,
            email: `${marker}.${i}@example.com`,
          }),
        );
        expect(res.statusCode).toBe(201);
      }
      const byName = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`Pending ${marker}`)}&page_size=1`,
      });
      expect(byName.json().total).toBe(150);
      const byEmail = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker}.149@`)}`,
      });
      expect(byEmail.json().total).toBe(1);
    });

    it('given a name with invisible text-direction characters, then 400 on that field and nothing stored', async () => {
      const spoof = 'Alice\u202Efdp.exe';
      const res = await invest(investorPayload({ fullname: spoof }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.INVALID_FORM);
      expect(Object.keys(res.json().errors)).toEqual(['fullname']);
      const found = await staff({
        method: 'GET',
        url: `/api/investors/get_investor_applications/?q=${encodeURIComponent('Alice')}`,
      });
      expect(
        found.json().data.some((a: { fullname: string }) => a.fullname.includes('\u202E')),
      ).toBe(false);
    });

    it('given bad paging parameters, then 400 with field errors', async () => {
      const cases: Record<string, string> = {
        'page_size=101': 'page_size',
        'page=0': 'page',
        'page=abc': 'page',
        'page=1&page=2': 'page',
        'sort=name': 'sort',
        'q=%00': 'q',
        'q=ab%1Fcd': 'q',
      };
      for (const [query, field] of Object.entries(cases)) {
        const res = await staff({
          method: 'GET',
          url: `/api/spartan_join/applications/?${query}`,
        });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code, query).toBe(CODES.INVALID_FORM);
        expect(Object.keys(res.json().errors), query).toEqual([field]);
      }
    });

    it('given empty paging parameters, then the defaults, as when they are left out', async () => {
      for (const list of [
        '/api/spartan_join/applications/',
        '/api/investors/get_investor_applications/',
      ]) {
        const res = await staff({ method: 'GET', url: `${list}?page=&page_size=` });
        expect(res.statusCode, list).toBe(200);
        expect(res.json(), list).toMatchObject({ page: 1, page_size: 20 });
      }
    });
  });
}
