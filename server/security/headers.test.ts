/**
 * Same origin means same scheme, host and port: the header rules on a bare Fastify app (no
 * database needed), as the browser addresses it directly or through a trusted proxy.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../api-errors.ts';
import { httpSecurity, partnerOriginOf } from './headers.ts';

/** A staff call: a page elsewhere may not make it. */
const STAFF_CALL = '/api/staff/users/';

async function appWith(trustProxy: boolean): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy });
  await httpSecurity(app, { corsOrigins: [], submitOrigins: '*', production: false });
  app.get(STAFF_CALL, async (request) => ({ partner: partnerOriginOf(request) }));
  await app.ready();
  return app;
}

describe('same origin', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    direct = await appWith(false);
    proxied = await appWith(true);
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('given a page of this server (same scheme, host and port), then a staff call is allowed', async () => {
    const res = await direct.inject({
      method: 'GET',
      url: STAFF_CALL,
      headers: { host: 'spartans.example', origin: 'http://spartans.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ partner: null });
  });

  it('given a page on the same host under another scheme, then it is another origin (403)', async () => {
    const res = await direct.inject({
      method: 'GET',
      url: STAFF_CALL,
      headers: { host: 'spartans.example', origin: 'https://spartans.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(CODES.FORBIDDEN_ORIGIN);
  });

  it('given another port on the same host, then it is another origin (403)', async () => {
    const res = await direct.inject({
      method: 'GET',
      url: STAFF_CALL,
      headers: { host: 'spartans.example', origin: 'http://spartans.example:8080' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('given a trusted proxy that terminates TLS, then its scheme is the one compared', async () => {
    const behind = { host: 'app:3000', 'x-forwarded-host': 'spartans.example' };
    const https = await proxied.inject({
      method: 'GET',
      url: STAFF_CALL,
      headers: { ...behind, 'x-forwarded-proto': 'https', origin: 'https://spartans.example' },
    });
    expect(https.statusCode).toBe(200);
    const downgraded = await proxied.inject({
      method: 'GET',
      url: STAFF_CALL,
      headers: { ...behind, 'x-forwarded-proto': 'https', origin: 'http://spartans.example' },
    });
    expect(downgraded.statusCode).toBe(403);
  });
});
