/**
 * CORS_ORIGINS as a restriction of the submissions: the real header plugin on a bare
 * Fastify app (no database needed), answering only the listed partners; and CORS_ORIGINS set
 * but empty, read by the real configuration, which restricts nothing for the forms and lets no
 * origin log in.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  APPLY_PATH,
  INVEST_PATH,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
} from '../../schemas/api-paths.ts';
import { configFromEnv } from '../../server/config.ts';
import { httpSecurity } from '../../server/security/headers.ts';

const PARTNER = 'https://partner.example';
/** Every call of a login, first to last: the login widget on a partner page makes them all. */
const LOGIN_STEPS = [LOGIN_PATH, LOGIN_MFA_PATH, LOGIN_MFA_SETUP_PATH, LOGIN_PASSWORD_PATH];
const app = Fastify();

/** Submissions the route received (stored, in the real app). */
let received = 0;

beforeAll(async () => {
  await httpSecurity(app, { corsOrigins: [PARTNER], submitOrigins: [PARTNER], production: false });
  app.post('/api/spartan_join/apply-spartan/', async () => {
    received += 1;
    return { ok: true };
  });
  for (const url of LOGIN_STEPS) app.post(url, async () => ({ ok: true }));
  app.get(ACCOUNT_PATHS.session, async () => ({ ok: true }));
  app.get(ACCOUNT_PATHS.sessions, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

/** A listed partner's call of `url`: its preflight, then the call, each answered with its origin. */
async function expectPartnerCall(method: 'GET' | 'POST', url: string, headers: string) {
  const preflight = await app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: PARTNER,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
  expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  const res = await app.inject({ method, url, headers: { origin: PARTNER } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
  return preflight;
}

describe('given CORS_ORIGINS restricts the submissions', () => {
  it('then a listed partner is answered with its own origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: PARTNER },
    });
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.statusCode).toBe(200);
  });

  it('then another origin is refused (403, the route never runs), for the call or its preflight', async () => {
    const before = received;
    const res = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(received).toBe(before);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('given a path with encoded letters, which the router decodes to an API route', () => {
  // `/%61pi/…` is `/api/…` to the router: the rules must go by the route, not the raw URL.
  const encoded = (path: string) => path.replace('/api/', '/%61pi/');

  it('then another origin is refused a submission as on the plain path (403, the route never runs)', async () => {
    const before = received;
    const res = await app.inject({
      method: 'POST',
      url: encoded('/api/spartan_join/apply-spartan/'),
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(received).toBe(before);
    const partner = await app.inject({
      method: 'POST',
      url: encoded('/api/spartan_join/apply-spartan/'),
      headers: { origin: PARTNER },
    });
    expect(partner.statusCode).toBe(200);
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(received).toBe(before + 1);
  });

  it('then a staff call from a partner page is refused, and its answers are never cached', async () => {
    const partner = await app.inject({
      method: 'GET',
      url: encoded(ACCOUNT_PATHS.sessions),
      headers: { origin: PARTNER },
    });
    expect(partner.statusCode).toBe(403);
    const plain = await app.inject({ method: 'GET', url: encoded(ACCOUNT_PATHS.sessions) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
  });
});

describe('given CORS_ORIGINS restricts the submissions, a call not from a browser page', () => {
  it('(no Origin) and one from our own pages are still taken', async () => {
    const before = received;
    const plain = await app.inject({ method: 'POST', url: '/api/spartan_join/apply-spartan/' });
    expect(plain.statusCode).toBe(200);
    const own = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(200);
    expect(received).toBe(before + 2);
  });
});

describe('given a partner listed in CORS_ORIGINS', () => {
  it.each(LOGIN_STEPS)('then its login widget may call %s, preflight and call', async (url) => {
    await expectPartnerCall('POST', url, 'content-type');
  });

  it.each(LOGIN_STEPS)('then another origin gets no CORS headers from %s', async (url) => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('given a partner listed in CORS_ORIGINS, after a reload', () => {
  it('then its login widget may check the session it keeps (a bearer token, no credentials)', async () => {
    const preflight = await expectPartnerCall('GET', ACCOUNT_PATHS.session, 'authorization');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });

  it('then another origin gets no CORS headers from it, and the other staff calls stay refused', async () => {
    const elsewhere = await app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.session,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    const staffCall = await app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.sessions,
      headers: { origin: PARTNER },
    });
    expect(staffCall.statusCode).toBe(403);
    expect(staffCall.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each([
  ['empty', ''],
  ['only spaces and commas', ' , '],
])('given CORS_ORIGINS set but %s', (_name, value) => {
  let empty: FastifyInstance;
  beforeAll(async () => {
    const config = configFromEnv({ CORS_ORIGINS: value });
    empty = Fastify();
    await httpSecurity(empty, {
      corsOrigins: config.corsOrigins,
      submitOrigins: config.submitOrigins,
      production: false,
    });
    for (const url of [APPLY_PATH, INVEST_PATH, LOGIN_PATH]) empty.post(url, async () => ({}));
    await empty.ready();
  });
  afterAll(() => empty.close());

  it.each([APPLY_PATH, INVEST_PATH])(
    'then a form on any page may submit to %s, without credentials',
    async (url) => {
      const preflight = await empty.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const res = await empty.inject({ method: 'POST', url, headers: { origin: PARTNER } });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    },
  );

  it('then no origin may log in, not even the default partners', async () => {
    for (const origin of [PARTNER, 'http://127.0.0.1:5174']) {
      const res = await empty.inject({ method: 'POST', url: LOGIN_PATH, headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await empty.inject({
        method: 'OPTIONS',
        url: LOGIN_PATH,
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
