/** The streamed exports (server/desk/export.ts), in the hiring desk suite. */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { UNKNOWN_FIELD } from '../../../schemas/errors.ts';
import { pdf } from '../fixtures.ts';
import { DESK, type DeskHarness } from '../setup/desk.ts';

export function exportTests(h: DeskHarness): void {
  const { dirs, call, get, apply, invest, marker, query, auditEvents } = h;
  let app: FastifyInstance;
  let admin = '';
  let reviewer = '';
  beforeAll(() => {
    ({ app, admin, reviewer } = h);
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
        expect(fs.readFileSync(path.join(dir, 'out', `${ids[i]}-cv.pdf`)).equals(file)).toBe(true);
      }
      expect(await auditEvents('application.export_resumes')).toBe(before + 1);
      expect((await get(`${DESK}/investor/resumes.zip`)).statusCode).toBe(404);
    });
  });
}
