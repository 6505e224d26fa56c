/**
 * List parameters out of range and control characters in searches (server/routes/common.ts), in
 * the error-hygiene suite.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { MULTIPART_TYPE, multipartBody, spartanFields } from '../fixtures.ts';
import { freshIp } from '../harness.ts';
import { type HygieneHarness } from '../setup/hygiene.ts';

export function listParameterTests(h: HygieneHarness): void {
  const { staffCall } = h;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
  });

  describe('list parameters out of range', () => {
    const lists = ['/api/spartan_join/applications/', '/api/investors/get_investor_applications/'];
    const id = '00000000-0000-4000-8000-000000000000';
    it.each(
      lists.flatMap((url) =>
        (['cursor', 'before'] as const).flatMap((param) =>
          // The first millisecond of the year 10000, and the largest time a cursor may spell.
          ['253402300800000', '999999999999999'].map((ms) => [url, param, ms] as const),
        ),
      ),
    )(
      'given %s?%s= a time after the year 9999 (%s), then 400 naming it',
      async (url, param, ms) => {
        const res = await staffCall('GET', `${url}?${param}=${ms}_${id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: 'Please correct the highlighted fields',
          code: CODES.INVALID_FORM,
          errors: { [param]: `${param} is not a cursor` },
        });
      },
    );

    it.each(
      [...lists, '/api/staff/audit/'].flatMap((url) =>
        [
          ['page', '999999999999999', 'page must be 1 to 1000000'],
          ['page', '1000001', 'page must be 1 to 1000000'],
          ['page_size', '0000000000101', 'page_size must be 1 to 100'],
          ['page', '1.5', 'page must be a whole number'],
        ].map(([param, value, message]) => [url, param!, value!, message!] as const),
      ),
    )('given %s?%s=%s, then 400 saying %s', async (url, param, value, message) => {
      // Leading zeros are still the number: 5 is a page size.
      expect((await staffCall('GET', `${url}?page_size=0000000000005`)).statusCode).toBe(200);
      const res = await staffCall('GET', `${url}?${param}=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [param]: message });
    });

    it.each(lists)(
      'given %s with the last millisecond of 9999, then 200 and no rows',
      async (url) => {
        const res = await staffCall('GET', `${url}?sort=oldest&cursor=253402300799999_${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual([]);
      },
    );

    it.each(
      lists.flatMap((url) =>
        (['from', 'to'] as const).flatMap((param) =>
          ['2026-02-30', '2025-02-29', '2026-04-31'].map((d) => [url, param, d] as const),
        ),
      ),
    )('given %s?%s=%s (no such day), then 400 naming it', async (url, param, d) => {
      const res = await staffCall('GET', `${url}?${param}=${d}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [param]: `${param} must be a real date` });
    });

    it.each(
      [...lists, '/api/staff/audit/'].flatMap((url) =>
        (['from', 'to'] as const).map((param) => [url, param] as const),
      ),
    )(
      'given %s?%s=0000-01-01 (PostgreSQL has no year 0), then 400 naming it',
      async (url, param) => {
        const res = await staffCall('GET', `${url}?${param}=0000-01-01`);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ [param]: `${param} must be a real date` });
      },
    );

    it('given the audit trail from a day that does not exist, then 400 naming it', async () => {
      const res = await staffCall('GET', '/api/staff/audit/?from=2026-02-30');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ from: 'from must be a real date' });
    });

    it.each([
      ...lists,
      '/api/staff/applications/spartan/export.csv',
      '/api/staff/applications/investor/export.csv',
      '/api/staff/audit/',
    ])('given %s up to 9999-12-31, then 200 and every row, as with no end', async (url) => {
      const stored = await app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: multipartBody(spartanFields(), []),
        remoteAddress: freshIp(),
      });
      expect(stored.statusCode).toBe(201);
      const all = await staffCall('GET', url);
      const res = await staffCall('GET', `${url}?to=9999-12-31`);
      expect(res.statusCode).toBe(200);
      if (url.endsWith('.csv')) {
        expect(res.body).toBe(all.body);
      } else if (url.includes('audit')) {
        // Other staff calls' entries may land between the two reads: none is lost, though.
        expect(res.json().total).toBeGreaterThanOrEqual(all.json().total);
        expect(all.json().total).toBeGreaterThan(0);
      } else {
        expect(res.json().total).toBe(all.json().total);
        expect(res.json().data).toEqual(all.json().data);
      }
    });

    it('given a leap day, then it is a date', async () => {
      const res = await staffCall('GET', `${lists[0]}?from=2024-02-29&to=2028-02-29`);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('control characters in free-text query parameters', () => {
    const lists = [
      '/api/spartan_join/applications/',
      '/api/investors/get_investor_applications/',
      '/api/staff/applications/spartan/export.csv',
      '/api/staff/applications/investor/export.csv',
      '/api/staff/applications/spartan/resumes.zip',
    ];
    const cases = lists.flatMap((url) =>
      ['origin', 'q', ...(url.includes('investor') ? [] : ['job_title'])].flatMap((param) =>
        ['%00', 'a%C2%85b'].map((value) => [url, param, value] as const),
      ),
    );
    it.each(cases)('given %s?%s=%s, then 400 naming it', async (url, param, value) => {
      const res = await staffCall('GET', `${url}?${param}=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Please correct the highlighted fields',
        code: CODES.INVALID_FORM,
        errors: { [param]: `${param} must not contain control characters` },
      });
    });

    it.each(
      ['actor', 'target', 'ip'].flatMap((param) =>
        ['%00', 'x%1By', 'a%C2%9Fb'].map((value) => [param, value] as const),
      ),
    )('given the audit trail with %s=%s, then 400 naming it', async (param, value) => {
      const res = await staffCall('GET', `/api/staff/audit/?${param}=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.INVALID_FORM);
      expect(res.json().errors).toEqual({
        [param]: `${param} must not contain control characters`,
      });
    });

    it.each(
      lists.flatMap((url) =>
        ['q', 'origin'].flatMap((param) =>
          ['%ff', 'ab%C3', '%ED%A0%80'].map((value) => [url, param, value] as const),
        ),
      ),
    )(
      'given %s?%s=%s (an escape that is not UTF-8), then 400 naming it',
      async (url, param, value) => {
        const res = await staffCall('GET', `${url}?${param}=${value}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
          [param]: `${param} has characters that could not be read (an escape that is not UTF-8)`,
        });
      },
    );

    it('given an escaped percent sign or a UTF-8 escape, then it is searched as text', async () => {
      for (const q of ['%25ff', 'Zo%C3%AB', 'a+b']) {
        const res = await staffCall('GET', `/api/spartan_join/applications/?q=${q}`);
        expect(res.statusCode, q).toBe(200);
      }
    });

    it('given ordinary values, then the same calls answer', async () => {
      for (const url of [
        '/api/spartan_join/applications/?origin=site&job_title=Product%20Designer&q=ab',
        '/api/staff/audit/?actor=tidy&target=x&ip=127.0.0.1',
      ]) {
        expect((await staffCall('GET', url)).statusCode).toBe(200);
      }
    });
  });
}
