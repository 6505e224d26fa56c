/** Staff tokens (server/security/tokens.ts and the sessions behind them), in the API suite. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { TokenService } from '../../../server/security/tokens.ts';
import { AUTH_SECRET, PASSWORD } from '../harness.ts';
import { type ApiHarness } from '../setup/api.ts';

export function tokenTests(h: ApiHarness): void {
  const { call, staff, unique } = h;
  let app: FastifyInstance;
  let token = '';
  beforeAll(() => {
    ({ app, token } = h);
  });

  describe('tokens', () => {
    const staffCalls = [
      ['GET', '/api/spartan_join/applications/'],
      ['GET', `/api/spartan_join/application/${crypto.randomUUID()}/`],
      ['GET', `/api/spartan_join/application/${crypto.randomUUID()}/resume/`],
      ['DELETE', `/api/application/${crypto.randomUUID()}/delete/`],
      ['GET', '/api/investors/get_investor_applications/'],
      ['GET', `/api/investors/get_investor_application_detail/${crypto.randomUUID()}/`],
      ['DELETE', `/api/investors/delete_investor_application/${crypto.randomUUID()}/`],
      ['POST', '/api/security-logout/'],
    ] as const;

    it('given no token, then every staff call is 401', async () => {
      for (const [method, url] of staffCalls) {
        const res = await call({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ detail: expect.any(String), code: CODES.NOT_AUTHENTICATED });
      }
    });

    async function claimsOfToken() {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      return {
        sub: payload.sub as string,
        sid: payload.sid as string,
        jti: payload.jti as string,
      };
    }

    it('given malformed, forged, alg-none or expired tokens, then 401', async () => {
      const claims = await claimsOfToken();
      const now = Math.floor(Date.now() / 1000);
      const forged = new TokenService(
        new TextEncoder().encode('another-secret-of-sufficient-length-xx'),
      ).sign(claims, now + 600);
      const expired = new TokenService(new TextEncoder().encode(AUTH_SECRET)).sign(
        claims,
        now - 60 * 60,
        now - 2 * 60 * 60,
      );
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(
        JSON.stringify({
          ...claims,
          iss: 'spartan-platform',
          aud: 'spartan-staff',
          iat: now,
          exp: now + 600,
        }),
      ).toString('base64url');
      const none = `${header}.${body}.`;
      const hs512 = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuer('spartan-platform')
        .setAudience('spartan-staff')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(AUTH_SECRET));
      // The same signature bytes written otherwise: the last character with its spare bits set.
      const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = digits.indexOf(token.at(-1)!);
      const cases = {
        respelled: `Bearer ${token.slice(0, -1)}${digits[last ^ 1]}`,
        respelledTwice: `Bearer ${token.slice(0, -1)}${digits[last ^ 3]}`,
        garbage: 'Bearer not-a-token',
        wrongScheme: `Basic ${token}`,
        truncated: `Bearer ${token.slice(0, -5)}`,
        forged: `Bearer ${forged}`,
        expired: `Bearer ${expired}`,
        algNone: `Bearer ${none}`,
        otherAlgorithm: `Bearer ${hs512}`,
      };
      for (const [name, authorization] of Object.entries(cases)) {
        const res = await call({
          method: 'GET',
          url: '/api/spartan_join/applications/',
          headers: { authorization },
        });
        expect(res.statusCode, name).toBe(401);
        expect(res.json().code, name).toBe(CODES.NOT_AUTHENTICATED);
      }
      const ok = await staff({ method: 'GET', url: '/api/spartan_join/applications/' });
      expect(ok.statusCode).toBe(200);
      // The scheme's name is case-insensitive (HTTP's auth schemes are).
      for (const scheme of ['bearer', 'BEARER']) {
        const res = await call({
          method: 'GET',
          url: '/api/spartan_join/applications/',
          headers: { authorization: `${scheme} ${token}` },
        });
        expect(res.statusCode, scheme).toBe(200);
      }
    });

    it('given a logout, then that token is refused from then on', async () => {
      const login = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 'warden', password: PASSWORD },
      });
      const own = `Bearer ${login.json().access}`;
      const list = () =>
        call({
          method: 'GET',
          url: '/api/investors/get_investor_applications/',
          headers: { authorization: own },
        });
      expect((await list()).statusCode).toBe(200);
      const out = await call({
        method: 'POST',
        url: '/api/security-logout/',
        headers: { authorization: own },
      });
      expect(out.statusCode).toBe(200);
      expect((await list()).statusCode).toBe(401);
      // The suite's own token is another session: still good.
      expect(
        (await staff({ method: 'GET', url: '/api/investors/get_investor_applications/' }))
          .statusCode,
      ).toBe(200);
    });

    it('given an account removed, then its sessions end at once', async () => {
      const username = `leaver-${unique()}`;
      await app.staff.create({ username, password: PASSWORD });
      const login = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username, password: PASSWORD },
      });
      const authorization = `Bearer ${login.json().access}`;
      const list = () =>
        call({
          method: 'GET',
          url: '/api/spartan_join/applications/',
          headers: { authorization },
        });
      expect((await list()).statusCode).toBe(200);
      expect(await app.staff.remove(username)).toBe(true);
      expect((await list()).statusCode).toBe(401);
    });
  });
}
