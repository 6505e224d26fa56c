/**
 * Staff sessions (server/staff/sessions.ts, server/staff/account-routes.ts), in the staff-security
 * suite.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { APPLICATION_PATHS, BACKGROUND_HEADER, deskRoot } from '../../../schemas/api-paths.ts';
import { type Account, type StaffHarness, totp } from '../setup/staff.ts';

export function sessionTests(h: StaffHarness): void {
  const { call, as, enrolled, fullLogin } = h;
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(() => {
    ({ app, admin } = h);
  });

  describe('sessions', () => {
    it('given a login on a partner page (its login widget), then the token says who is logged in and logs out there, and every staff call refuses it, sent from anywhere', async () => {
      // A partner the server lists (CORS_ORIGINS; its default outside production).
      const partner = { origin: 'http://127.0.0.1:5174' };
      await app.db.execute(
        sql`UPDATE staff_users SET totp_last_step = NULL WHERE id = ${admin.id}`,
      );
      const first = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: admin.username, password: admin.password },
        headers: partner,
      });
      const done = await call({
        method: 'POST',
        url: '/api/security-login/mfa/',
        payload: { challenge: first.json().challenge, code: totp(admin.secret) },
        headers: partner,
      });
      expect(done.statusCode).toBe(200);
      const token = done.json().access as string;
      const who = await as(token, {
        method: 'GET',
        url: '/api/security-session/',
        headers: partner,
      });
      expect(who.statusCode).toBe(200);
      expect(who.json().user).toMatchObject({ username: admin.username, role: 'admin' });
      // Staff calls, of any role, with or without the page's Origin (a script sending it on).
      for (const headers of [{}, partner]) {
        for (const [method, url] of [
          ['GET', '/api/spartan_join/applications/'],
          ['GET', '/api/staff/applications/spartan/latest/'],
          ['GET', '/api/staff/users/'],
          ['POST', '/api/security-session/extend/'],
        ] as const) {
          const res = await as(token, { method, url, headers });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().code).toBe(CODES.FORBIDDEN_ORIGIN);
        }
      }
      // The same account logged in on our own pages makes them.
      const own = await fullLogin(admin);
      expect(
        (await as(own, { method: 'GET', url: '/api/spartan_join/applications/' })).statusCode,
      ).toBe(200);
      const out = await as(token, {
        method: 'POST',
        url: '/api/security-logout/',
        headers: partner,
      });
      expect(out.statusCode).toBe(200);
      const after = await as(token, { method: 'GET', url: '/api/security-session/' });
      expect(after.statusCode).toBe(401);
    });

    it('given two logins, then both are listed, one can end the other, and "everywhere" ends all', async () => {
      const me = await enrolled('reviewer', 'sessions-user');
      const second = await fullLogin(me);
      const mine = await as(me.token, { method: 'GET', url: '/api/security-sessions/' });
      const sessions = mine.json().data as Array<{ id: string; current: boolean }>;
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      const otherId = sessions.find((s) => !s.current)!.id;
      const notMine = await as(admin.token, {
        method: 'DELETE',
        url: `/api/security-sessions/${otherId}/`,
      });
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().code).toBe(CODES.NOT_FOUND);
      const end = await as(me.token, {
        method: 'DELETE',
        url: `/api/security-sessions/${otherId}/`,
      });
      expect(end.json()).toEqual({ id: otherId });
      expect((await as(second, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        401,
      );
      const third = await fullLogin(me);
      const all = await as(me.token, { method: 'POST', url: '/api/security-logout-all/' });
      expect(all.json()).toEqual({ detail: 'Logged out everywhere', sessions_ended: 2 });
      for (const token of [me.token, third]) {
        expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
          401,
        );
      }
    });

    it('given extend, then a new token works, the old one stops, and the end dates are reported', async () => {
      const token = await fullLogin(admin);
      const info = await as(token, { method: 'GET', url: '/api/security-session/' });
      expect(info.statusCode).toBe(200);
      const { session } = info.json();
      const created = Date.parse(session.created_at);
      expect(Date.parse(session.expires_at) - created).toBe(60 * 60 * 1000);
      expect(Date.parse(session.idle_expires_at)).toBeLessThanOrEqual(
        Date.parse(session.last_seen_at) + 30 * 60 * 1000,
      );
      expect(Date.parse(session.absolute_expires_at) - created).toBe(12 * 60 * 60 * 1000);
      expect(info.json()).toMatchObject({
        user: { username: 'ada', role: 'admin' },
        mfa_enrolled: true,
      });
      const extended = await as(token, { method: 'POST', url: '/api/security-session/extend/' });
      expect(extended.statusCode).toBe(200);
      const fresh = extended.json().access as string;
      expect(fresh).not.toBe(token);
      expect(extended.json().session.id).toBe(session.id);
      expect((await as(fresh, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        200,
      );
      expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        401,
      );
    });

    it('given calls the staff area made by itself (the Spartan-Background header), then they are not activity; the same calls asked for are', async () => {
      const token = await fullLogin(admin);
      const session = async () =>
        (await as(token, { method: 'GET', url: '/api/security-session/' })).json().session as {
          id: string;
          idle_expires_at: string;
        };
      const { id } = await session();
      // Ten idle minutes: past the interval the server records activity at.
      await app.db.execute(
        sql`UPDATE staff_sessions SET last_seen_at = now() - interval '10 minutes' WHERE id = ${id}`,
      );
      const before = (await session()).idle_expires_at;
      const root = deskRoot('spartan');
      const list = APPLICATION_PATHS.spartan.list;
      for (const url of [list, `${root}/origins/`, `${root}/latest/`]) {
        const res = await as(token, {
          method: 'GET',
          url,
          headers: { [BACKGROUND_HEADER]: '1' },
        });
        expect(res.statusCode, url).toBe(200);
      }
      expect((await session()).idle_expires_at).toBe(before);
      expect((await as(token, { method: 'GET', url: list })).statusCode).toBe(200);
      const after = (await session()).idle_expires_at;
      expect(Date.parse(after) - Date.parse(before)).toBeGreaterThan(9 * 60_000);
    });

    it('given 30 minutes without a call, or the absolute limit passed, then the session has ended', async () => {
      const idle = await fullLogin(admin);
      const sid = (await as(idle, { method: 'GET', url: '/api/security-session/' })).json().session
        .id;
      await app.db.execute(
        sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = ${sid}`,
      );
      expect((await as(idle, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        401,
      );
      expect(
        (await as(idle, { method: 'POST', url: '/api/security-session/extend/' })).statusCode,
      ).toBe(401);
      const old = await fullLogin(admin);
      const oldSid = (await as(old, { method: 'GET', url: '/api/security-session/' })).json()
        .session.id;
      await app.db.execute(
        sql`UPDATE staff_sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = ${oldSid}`,
      );
      expect(
        (await as(old, { method: 'GET', url: '/api/spartan_join/applications/' })).statusCode,
      ).toBe(401);
    });
  });
}
