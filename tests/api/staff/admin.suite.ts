/**
 * Staff management (server/staff/admin-routes.ts, server/staff/accounts.ts), in the staff-security
 * suite.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { PASSWORD } from '../harness.ts';
import { type Account, type StaffHarness } from '../setup/staff.ts';

export function staffManagementTests(h: StaffHarness): void {
  const { as, login, step, enrolled, fullLogin } = h;
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(() => {
    ({ app, admin } = h);
  });

  describe('staff management', () => {
    it('given an account made with a setup link, then the link sets the password once, then TOTP follows', async () => {
      const made = await as(admin.token, {
        method: 'POST',
        url: '/api/staff/users/',
        payload: { username: ' Linda ', name: 'Linda Link', role: 'reviewer', setup: 'link' },
      });
      expect(made.statusCode).toBe(201);
      const { data, setup_url } = made.json();
      expect(data).toMatchObject({
        username: 'linda',
        role: 'reviewer',
        setup_pending: true,
        mfa_enrolled: false,
      });
      expect(setup_url).toMatch(/^http:\/\/[^/]+\/security-setup#[A-Za-z0-9_-]{43}$/);
      const token = setup_url.split('#')[1];
      expect((await login('linda', '')).statusCode).toBe(400);
      const peek = await step('/api/security-setup/', { token });
      expect(peek.json()).toMatchObject({ username: 'linda', name: 'Linda Link' });
      const weak = await step('/api/security-setup/complete/', {
        token,
        new_password: 'passwordpassword',
      });
      expect(weak.json().errors.new_password).toMatch(/too common/);
      const done = await step('/api/security-setup/complete/', {
        token,
        new_password: 'my own long phrase here',
      });
      expect(done.json()).toMatchObject({ mfa_setup_required: true });
      const reused = await step('/api/security-setup/', { token });
      expect(reused.statusCode).toBe(404);
      expect(reused.json()).toEqual({
        detail: 'This setup link is not valid or has expired',
        code: CODES.SETUP_LINK,
      });
      expect((await login('linda', 'my own long phrase here')).json().mfa_setup_required).toBe(
        true,
      );
    });

    it('given an initial password, then it must be changed at first login before anything else', async () => {
      const made = await as(admin.token, {
        method: 'POST',
        url: '/api/staff/users/',
        payload: {
          username: 'ivan',
          role: 'reviewer',
          setup: 'password',
          password: 'initial words chosen for him',
        },
      });
      expect(made.json().data.password_change_required).toBe(true);
      const first = await login('ivan', 'initial words chosen for him');
      expect(first.json()).toMatchObject({ password_change_required: true });
      const same = await step('/api/security-login/password/', {
        challenge: first.json().challenge,
        new_password: 'Password1234',
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().code).toBe(CODES.INVALID_FORM);
      const changed = await step('/api/security-login/password/', {
        challenge: first.json().challenge,
        new_password: 'he now has his own phrase',
      });
      expect(changed.json()).toMatchObject({ mfa_setup_required: true });
      expect((await login('ivan', 'initial words chosen for him')).statusCode).toBe(401);
    });

    it('given role changes, resets and removal, then each takes effect and the last admin stays', async () => {
      const target = await enrolled('reviewer', 'mover');
      const promote = await as(admin.token, {
        method: 'PATCH',
        url: `/api/staff/users/${target.id}/`,
        payload: { role: 'admin', name: 'Mo Ver' },
      });
      expect(promote.json().data).toMatchObject({
        role: 'admin',
        name: 'Mo Ver',
        active_sessions: 0,
      });
      // The role change ended its sessions.
      expect(
        (await as(target.token, { method: 'GET', url: '/api/security-session/' })).statusCode,
      ).toBe(401);
      const token = await fullLogin(target);
      // The role it has already: nothing changes, its session stays (the CLI says so).
      expect(await app.staff.setRole(target.id, 'admin')).toBe(false);
      expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        200,
      );
      const sessions = await as(admin.token, {
        method: 'GET',
        url: `/api/staff/users/${target.id}/sessions/`,
      });
      expect(sessions.json().data).toHaveLength(1);
      // The account list counts the same live sessions.
      const activeSessions = async () =>
        (await as(admin.token, { method: 'GET', url: '/api/staff/users/' }))
          .json<{ data: Array<{ id: string; active_sessions: number }> }>()
          .data.find((u) => u.id === target.id)?.active_sessions;
      expect(await activeSessions()).toBe(1);
      const ended = await as(admin.token, {
        method: 'DELETE',
        url: `/api/staff/users/${target.id}/sessions/`,
      });
      expect(ended.json()).toEqual({ sessions_ended: 1 });
      expect(await activeSessions()).toBe(0);
      expect((await as(token, { method: 'GET', url: '/api/security-session/' })).statusCode).toBe(
        401,
      );
      const reset = await as(admin.token, {
        method: 'POST',
        url: `/api/staff/users/${target.id}/reset-mfa/`,
      });
      expect(reset.json().data.mfa_enrolled).toBe(false);
      // The set-up goes through the link the reset answered (./security-findings-suite.ts).
      expect((await login('mover', PASSWORD)).statusCode).toBe(403);
      const link = await as(admin.token, {
        method: 'POST',
        url: `/api/staff/users/${target.id}/reset-password/`,
      });
      expect(link.json().setup_url).toMatch(/#/);
      expect((await login('mover', PASSWORD)).statusCode).toBe(401);
      // A reset of one's own password would end one's session before its link could be seen.
      const selfReset = await as(admin.token, {
        method: 'POST',
        url: `/api/staff/users/${admin.id}/reset-password/`,
      });
      expect(selfReset.statusCode).toBe(409);
      expect(selfReset.json()).toEqual({
        detail:
          'You cannot reset your own password: change it under My account, with your current one',
        code: CODES.CONFLICT,
      });
      expect((await as(admin.token, { method: 'GET', url: '/api/staff/users/' })).statusCode).toBe(
        200,
      );
      const self = await as(admin.token, {
        method: 'DELETE',
        url: `/api/staff/users/${admin.id}/`,
      });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({
        detail: 'You cannot remove your own account',
        code: CODES.CONFLICT,
      });
      const removed = await as(admin.token, {
        method: 'DELETE',
        url: `/api/staff/users/${target.id}/`,
      });
      expect(removed.json()).toEqual({ id: target.id });
      const lastAdmin = await as(admin.token, {
        method: 'PATCH',
        url: `/api/staff/users/${admin.id}/`,
        payload: { role: 'reviewer' },
      });
      expect(lastAdmin.statusCode).toBe(409);
      expect(lastAdmin.json()).toEqual({
        detail: 'There must be at least one admin',
        code: CODES.CONFLICT,
      });
      const duplicate = await as(admin.token, {
        method: 'POST',
        url: '/api/staff/users/',
        payload: { username: 'REX', role: 'reviewer', setup: 'link' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        detail: 'A staff account named rex already exists',
        code: CODES.CONFLICT,
      });
      const listed = await as(admin.token, { method: 'GET', url: '/api/staff/users/' });
      const names = (listed.json().data as Array<{ username: string }>).map((u) => u.username);
      expect(names).toContain('rex');
      expect(names).not.toContain('mover');
    });
  });
}
