/** Cross-origin rules and response headers (server/security/headers.ts), in the API suite. */
import { describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { investorPayload, MULTIPART_TYPE, multipartBody, spartanFields } from '../fixtures.ts';
import { PARTNER } from '../harness.ts';
import { type ApiHarness } from '../setup/api.ts';

export function headerTests(h: ApiHarness): void {
  const { call, staff, unique } = h;

  describe('cross-origin rules and headers', () => {
    it('given any origin, then the submissions answer it, without credentials', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/investors/join_investor/',
        headers: { origin: 'https://any-partner.example' },
        payload: investorPayload(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await call({
        method: 'OPTIONS',
        url: '/api/spartan_join/apply-spartan/',
        headers: {
          origin: 'https://any-partner.example',
          'access-control-request-method': 'POST',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
    });

    it('given submissions from a partner page and from our own, then each records its source, shown and filtered', async () => {
      const partner = 'https://partner-' + unique() + '.example';
      const fromPartner = await call({
        method: 'POST',
        url: '/api/investors/join_investor/',
        headers: { origin: partner },
        payload: investorPayload(),
      });
      expect(fromPartner.json().data.origin).toBe(partner);
      const own = await call({
        method: 'POST',
        url: '/api/investors/join_investor/',
        headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
        payload: investorPayload(),
      });
      expect(own.json().data.origin).toBeNull();
      const applied = await call({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE, origin: partner },
        payload: multipartBody(spartanFields()),
      });
      expect(applied.statusCode).toBe(201);
      const detail = await staff({
        method: 'GET',
        url: `/api/spartan_join/application/${applied.json().application_id}/`,
      });
      expect(detail.json().data.origin).toBe(partner);

      const list = (query: string) =>
        staff({ method: 'GET', url: `/api/investors/get_investor_applications/?${query}` });
      const byPartner = (await list(`origin=${encodeURIComponent(partner)}`)).json();
      expect(byPartner.total).toBe(1);
      expect(byPartner.data[0].id).toBe(fromPartner.json().investor_id);
      const bySite = (await list('origin=site&page_size=100')).json();
      expect(bySite.data.map((a: { id: string }) => a.id)).toContain(own.json().investor_id);
      expect(bySite.data.every((a: { origin: string | null }) => a.origin === null)).toBe(true);
      const tooLong = await list(`origin=${'x'.repeat(300)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().code).toBe(CODES.INVALID_FORM);
    });

    it('given partners that submitted, then the Source filter gets every partner origin once, in order, whatever page the list is on', async () => {
      const tag = unique();
      const partners = ['https://c', 'https://a', 'https://b'].map((p) => `${p}-${tag}.example`);
      for (const origin of [...partners, partners[0]!]) {
        const res = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { origin },
          payload: investorPayload(),
        });
        expect(res.statusCode).toBe(201);
      }
      // Newer rows from our own site: none of the partners is on the list's first page.
      for (let i = 0; i < 2; i += 1) {
        await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          payload: investorPayload(),
        });
      }
      const page = await staff({
        method: 'GET',
        url: '/api/investors/get_investor_applications/?page_size=2',
      });
      expect(page.json().data.map((a: { origin: string | null }) => a.origin)).toEqual([
        null,
        null,
      ]);

      const res = await staff({
        method: 'GET',
        url: '/api/staff/applications/investor/origins/',
      });
      expect(res.statusCode).toBe(200);
      const { origins, complete } = res.json() as { origins: string[]; complete: boolean };
      expect(complete).toBe(true);
      expect(origins.filter((o) => o.includes(tag))).toEqual([...partners].sort());
      expect(origins).toEqual([...new Set(origins)].sort());
      expect(origins).not.toContain(null);
      // Each kind has its own: no Spartan application came from these partners.
      const spartan = await staff({
        method: 'GET',
        url: '/api/staff/applications/spartan/origins/',
      });
      expect(spartan.json().origins.filter((o: string) => o.includes(tag))).toEqual([]);
    });

    it('given a listed partner origin, then login echoes it with Vary: Origin', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/security-login/',
        headers: { origin: PARTNER },
        payload: { username: 'nobody', password: 'wrong password here' },
      });
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(res.headers.vary).toMatch(/Origin/);
      const preflight = await call({
        method: 'OPTIONS',
        url: '/api/security-login/',
        headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
    });

    it('given an origin not on the list, then login has no CORS headers', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/security-login/',
        headers: { origin: 'https://evil.example' },
        payload: { username: 'nobody', password: 'wrong password here' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await call({
        method: 'OPTIONS',
        url: '/api/security-login/',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('given a staff call from a partner origin, then 403 without CORS headers', async () => {
      const res = await staff({
        method: 'GET',
        url: '/api/spartan_join/applications/',
        headers: { origin: PARTNER },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'This call is not available from other sites',
        code: CODES.FORBIDDEN_ORIGIN,
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const own = await staff({
        method: 'GET',
        url: '/api/spartan_join/applications/',
        headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      });
      expect(own.statusCode).toBe(200);
    });

    it('given a page, then it carries a strict CSP and no framework banner', async () => {
      const res = await call({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-src 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "style-src 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe');
      // Frames load our URLs only: a blob: document would run on our origin.
      expect(csp).not.toMatch(/(?:frame|default)-src[^;]*(?:blob|data):/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('given a widget file, then any origin may load it', async () => {
      const res = await call({
        method: 'GET',
        url: '/widgets/spartan-counter.js',
        headers: { origin: 'https://anyone.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('given an unknown API path, then a JSON 404 without a stack', async () => {
      // The API's root without its slash too; a page of the site gets the not-found page.
      for (const url of ['/api/nothing-here/', '/api', '/api?x=1']) {
        const res = await call({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ detail: 'Not found', code: CODES.NOT_FOUND });
      }
      const page = await call({ method: 'GET', url: '/no-such-page' });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
    });
  });
}
