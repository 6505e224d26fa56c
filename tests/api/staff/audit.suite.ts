/**
 * The audit trail (server/staff/audit-routes.ts, server/staff/audit-trail.ts), in the staff-
 * security suite.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { MULTIPART_TYPE, multipartBody, pdf, spartanFields } from '../fixtures.ts';
import { PASSWORD } from '../harness.ts';
import { type Account, type StaffHarness } from '../setup/staff.ts';

export function auditTrailTests(h: StaffHarness): void {
  const { call, as, login, rows } = h;
  let app: FastifyInstance;
  let admin: Account;
  let reviewer: Account;
  beforeAll(() => {
    ({ app, admin, reviewer } = h);
  });

  describe('audit trail', () => {
    it('given staff work on applications, then list, search, view, download and delete are recorded without applicant data', async () => {
      const applied = await call({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: multipartBody(spartanFields({ fullname: 'Audited Applicant' }), [
          { filename: 'cv.pdf', contentType: 'application/pdf', data: pdf() },
        ]),
      });
      const id = applied.json().application_id as string;
      const calls: Array<[NonNullable<InjectOptions['method']>, string]> = [
        ['GET', '/api/spartan_join/applications/'],
        ['GET', '/api/spartan_join/applications/?q=Audited'],
        ['GET', `/api/spartan_join/application/${id}/`],
        ['GET', `/api/spartan_join/application/${id}/resume/`],
        ['DELETE', `/api/application/${id}/delete/`],
      ];
      for (const [method, url] of calls) {
        expect((await as(admin.token, { method, url })).statusCode, url).toBe(200);
      }
      const trail = await as(admin.token, {
        method: 'GET',
        url: `/api/staff/audit/?target=${id}`,
      });
      const events = (trail.json().data as Array<{ event: string }>).map((e) => e.event);
      expect(events).toEqual([
        'application.delete',
        'application.resume_download',
        'application.view',
        // The first open moved it from new to in review.
        'application.status',
      ]);
      const search = await as(admin.token, {
        method: 'GET',
        url: '/api/staff/audit/?event=application.search&actor=ADA&page_size=1',
      });
      expect(search.json().data[0]).toMatchObject({
        event: 'application.search',
        actor: 'ada',
        actor_id: admin.id,
        ip: expect.stringMatching(/^10\./),
        detail: { kind: 'spartan_applications', page: 1 },
      });
      const dump = JSON.stringify(await rows(sql`SELECT * FROM staff_audit`));
      expect(dump).not.toContain('Audited');
      expect(dump).not.toContain('leonidas@example.com');
      expect(dump).not.toContain(PASSWORD);
    });

    it('given filters, then only matching entries; bad filters 400; reviewers 403', async () => {
      await login('ada', 'a wrong password, audited');
      const failures = await as(admin.token, {
        method: 'GET',
        url: `/api/staff/audit/?event=login.&from=${new Date().toISOString().slice(0, 10)}`,
      });
      const body = failures.json();
      expect(body.total).toBeGreaterThan(0);
      expect(body.data.every((e: { event: string }) => e.event.startsWith('login.'))).toBe(true);
      expect(
        body.data.some(
          (e: { event: string; actor: string }) => e.event === 'login.failure' && e.actor === 'ada',
        ),
      ).toBe(true);
      const none = await as(admin.token, {
        method: 'GET',
        url: '/api/staff/audit/?to=2000-01-01',
      });
      expect(none.json()).toMatchObject({ data: [], total: 0 });
      const bad = await as(admin.token, {
        method: 'GET',
        url: '/api/staff/audit/?from=yesterday&page_size=500&event=DROP%20TABLE',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(CODES.INVALID_FORM);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['event', 'from', 'page_size']);
      expect(
        (await as(reviewer.token, { method: 'GET', url: '/api/staff/audit/' })).statusCode,
      ).toBe(403);
    });

    it('given the table, then updates and deletes are refused; only retention removes old entries', async () => {
      await expect(app.db.execute(sql`UPDATE staff_audit SET actor = 'mallory'`)).rejects.toThrow();
      await expect(app.db.execute(sql`DELETE FROM staff_audit`)).rejects.toThrow();
      await expect(app.db.execute(sql`TRUNCATE staff_audit`)).rejects.toThrow();
      await app.db.execute(
        sql`INSERT INTO staff_audit (at, event) VALUES (now() - interval '400 days', 'test.ancient')`,
      );
      const before = await app.auditLog.query({}, 1, 1);
      expect(await app.auditLog.purge(365)).toBe(1);
      const after = await app.auditLog.query({}, 1, 1);
      expect(after.total).toBe(before.total - 1);
      expect((await app.auditLog.query({ event: 'test.ancient' }, 1, 1)).total).toBe(0);
    });
  });
}
