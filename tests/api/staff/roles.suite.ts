/** The role checks of every staff call (server/staff/sessions.ts), in the staff-security suite. */
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { investorPayload } from '../fixtures.ts';
import { type Account, type StaffHarness } from '../setup/staff.ts';

export function roleTests(h: StaffHarness): void {
  const { call, as, enrolled, fullLogin } = h;
  let app: FastifyInstance;
  let admin: Account;
  let reviewer: Account;
  beforeAll(() => {
    ({ app, admin, reviewer } = h);
  });

  describe('roles on every staff call', () => {
    const some = crypto.randomUUID();
    /** Every staff call; `admin` true where reviewers get 403. */
    const calls: Array<{
      method: NonNullable<InjectOptions['method']>;
      url: string;
      admin: boolean;
      payload?: object;
      fresh?: boolean;
    }> = [
      { method: 'GET', url: '/api/spartan_join/applications/', admin: false },
      { method: 'GET', url: `/api/spartan_join/application/${some}/`, admin: false },
      { method: 'GET', url: `/api/spartan_join/application/${some}/resume/`, admin: false },
      { method: 'POST', url: `/api/spartan_join/application/${some}/resume/view/`, admin: false },
      { method: 'DELETE', url: `/api/application/${some}/delete/`, admin: true },
      { method: 'GET', url: '/api/investors/get_investor_applications/', admin: false },
      {
        method: 'GET',
        url: `/api/investors/get_investor_application_detail/${some}/`,
        admin: false,
      },
      {
        method: 'DELETE',
        url: `/api/investors/delete_investor_application/${some}/`,
        admin: true,
      },
      { method: 'GET', url: '/api/security-session/', admin: false },
      { method: 'GET', url: '/api/security-sessions/', admin: false },
      { method: 'DELETE', url: `/api/security-sessions/${some}/`, admin: false },
      { method: 'POST', url: '/api/security-password/', admin: false, payload: {} },
      { method: 'POST', url: '/api/security-mfa/recovery-codes/', admin: false, payload: {} },
      { method: 'GET', url: '/api/staff/users/', admin: true },
      { method: 'POST', url: '/api/staff/users/', admin: true, payload: {} },
      { method: 'PATCH', url: `/api/staff/users/${some}/`, admin: true, payload: {} },
      { method: 'DELETE', url: `/api/staff/users/${some}/`, admin: true },
      { method: 'POST', url: `/api/staff/users/${some}/reset-mfa/`, admin: true },
      { method: 'POST', url: `/api/staff/users/${some}/reset-password/`, admin: true },
      { method: 'GET', url: `/api/staff/users/${some}/sessions/`, admin: true },
      { method: 'DELETE', url: `/api/staff/users/${some}/sessions/`, admin: true },
      { method: 'DELETE', url: `/api/staff/users/${some}/sessions/${some}/`, admin: true },
      { method: 'GET', url: '/api/staff/audit/', admin: true },
      ...(['spartan', 'investor'] as const).flatMap((kind) => [
        {
          method: 'PUT' as const,
          url: `/api/staff/applications/${kind}/${some}/status/`,
          admin: false,
          payload: {},
        },
        {
          method: 'GET' as const,
          url: `/api/staff/applications/${kind}/${some}/activity/`,
          admin: false,
        },
        {
          method: 'POST' as const,
          url: `/api/staff/applications/${kind}/${some}/notes/`,
          admin: false,
          payload: {},
        },
        {
          method: 'GET' as const,
          url: `/api/staff/applications/${kind}/export.csv`,
          admin: false,
        },
        { method: 'GET' as const, url: `/api/staff/applications/${kind}/latest/`, admin: false },
        { method: 'GET' as const, url: `/api/staff/applications/${kind}/origins/`, admin: false },
        {
          method: 'PUT' as const,
          url: `/api/staff/applications/${kind}/${some}/assignee/`,
          admin: false,
          payload: {},
        },
        {
          method: 'POST' as const,
          url: `/api/staff/applications/${kind}/bulk/`,
          admin: false,
          payload: {},
        },
        { method: 'GET' as const, url: `/api/staff/overview/${kind}/`, admin: false },
      ]),
      { method: 'GET', url: '/api/staff/assignees/', admin: false },
      { method: 'GET', url: '/api/staff/applications/spartan/resumes.zip', admin: false },
      { method: 'GET', url: '/api/staff/notifications/', admin: false },
      { method: 'PUT', url: '/api/staff/notifications/', admin: false, payload: {} },
      { method: 'POST', url: '/api/staff/notifications/confirm/', admin: false, payload: {} },
      { method: 'POST', url: '/api/staff/erase/', admin: true, payload: {} },
      // These end or replace the token they are called with: each gets a login of its own.
      { method: 'POST', url: '/api/security-session/extend/', admin: false, fresh: true },
      { method: 'POST', url: '/api/security-logout-all/', admin: false, fresh: true },
      { method: 'POST', url: '/api/security-logout/', admin: false, fresh: true },
    ];
    const publicCalls = new Set([
      'POST /api/security-login/',
      'POST /api/security-login/mfa/',
      'POST /api/security-login/mfa-setup/',
      'POST /api/security-login/password/',
      'POST /api/security-setup/',
      'POST /api/security-setup/complete/',
      'POST /api/security-setup/mfa/',
      'POST /api/spartan_join/apply-spartan/',
      'POST /api/investors/join_investor/',
      'GET /api/health',
      // A frame's own request: a ticket from the POST above, not a bearer token, opens it
      // (tests/api/team-desk-suite.ts, "résumé read in place").
      'GET /api/spartan_join/application/:id/resume/view/',
    ]);

    it('given the route table, then every staff call of the app is in this test', () => {
      // printRoutes draws a tree: rebuild each full path from its indentation.
      const routes: string[] = [];
      const stack: string[] = [];
      for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
        const m = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
        if (!m) continue;
        const depth = m[1]!.length / 4;
        const full = (depth > 0 ? stack[depth - 1] : '') + m[2]!;
        stack[depth] = full;
        for (const verb of m[3]!.split(', ')) {
          if (verb !== 'HEAD' && full.startsWith('/api/')) routes.push(`${verb} ${full}`);
        }
      }
      expect(routes.length).toBeGreaterThan(20);
      const pattern = (url: string) =>
        url.replace(/[0-9a-f-]{36}/g, ':id').replace(/:id\/sessions\/:id/, ':id/sessions/:sid');
      const covered = new Set(calls.map((c) => `${c.method} ${pattern(c.url)}`));
      const missing = routes.filter((r) => !covered.has(r) && !publicCalls.has(r));
      expect(
        missing,
        'add these calls to the role table in tests/api/staff/roles.suite.ts',
      ).toEqual([]);
    });

    for (const role of ['none', 'reviewer', 'admin'] as const) {
      it(`given ${role === 'none' ? 'no token' : `a ${role}`}, then each staff call answers accordingly`, async () => {
        // An account of its own, removed after: logging out everywhere below ends every
        // session of the account, and the suite's shared admin and reviewer keep theirs (and
        // the shared admin stays the only one, as the last-admin check expects).
        const account = role === 'none' ? null : await enrolled(role, `roles-${role}`);
        if (account) onTestFinished(() => app.staff.removeById(account.id));
        const shared = account ? await fullLogin(account) : null;
        for (const c of calls) {
          const token = account && c.fresh ? await fullLogin(account) : shared;
          const res = await call({
            method: c.method,
            url: c.url,
            ...(c.payload ? { payload: c.payload } : {}),
            ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
          });
          const where = `${role} ${c.method} ${c.url}`;
          if (!token) {
            expect(res.statusCode, where).toBe(401);
            expect(res.json().code, where).toBe(CODES.NOT_AUTHENTICATED);
          } else if (c.admin && role === 'reviewer') {
            expect(res.statusCode, where).toBe(403);
            expect(res.json(), where).toEqual({
              detail: 'Your role does not allow this',
              code: CODES.FORBIDDEN_ROLE,
            });
          } else expect([200, 400, 404], where).toContain(res.statusCode);
        }
      });
    }
  });

  it('keeps investor applications readable by reviewers', async () => {
    const made = await call({
      method: 'POST',
      url: '/api/investors/join_investor/',
      payload: investorPayload(),
    });
    const id = made.json().investor_id as string;
    const token = await fullLogin(reviewer);
    const read = await as(token, {
      method: 'GET',
      url: `/api/investors/get_investor_application_detail/${id}/`,
    });
    expect(read.statusCode).toBe(200);
    const gone = await as(token, {
      method: 'DELETE',
      url: `/api/investors/delete_investor_application/${id}/`,
    });
    expect(gone.statusCode).toBe(403);
    expect(gone.json().code).toBe(CODES.FORBIDDEN_ROLE);
    const adminToken = await fullLogin(admin);
    const asAdmin = await as(adminToken, {
      method: 'GET',
      url: `/api/investors/get_investor_application_detail/${id}/`,
    });
    expect(asAdmin.statusCode).toBe(200);
  });
}
