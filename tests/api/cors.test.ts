/**
 * CORS_ORIGINS as a restriction of the submissions: the real header plugin on a bare
 * Fastify app (no database needed), answering only the listed partners.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSecurity } from '../../server/security/http.ts';

const PARTNER = 'https://partner.example';
const app = Fastify();

beforeAll(async () => {
  await httpSecurity(app, { corsOrigins: [PARTNER], submitOrigins: [PARTNER], production: false });
  app.post('/api/spartan_join/apply-spartan/', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('given CORS_ORIGINS restricts the submissions', () => {
  it('then a listed partner is answered with its own origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: PARTNER },
    });
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it('then another origin gets no CORS headers, for the call or its preflight', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
