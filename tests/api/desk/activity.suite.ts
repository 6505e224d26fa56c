/** Review status, its history and notes (server/desk/activity.ts), in the hiring desk suite. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { DESK, type DeskHarness } from '../setup/desk.ts';

export function activityTests(h: DeskHarness): void {
  const { call, get, list, apply, invest, marker, auditEvents } = h;
  let app: FastifyInstance;
  let admin = '';
  let reviewer = '';
  beforeAll(() => {
    ({ app, admin, reviewer } = h);
  });

  describe('status', () => {
    it('given a new application, then a first open by staff moves it to in review, recorded with who and when', async () => {
      const m = marker();
      const id = await apply({ fullname: `Status ${m}` });
      expect((await list(`q=${m}`)).data[0]!.status).toBe('new');
      const before = Date.now();
      const open = await get(`/api/spartan_join/application/${id}/`, reviewer);
      expect(open.json().data.status).toBe('in_review');
      // A second open changes nothing more.
      await get(`/api/spartan_join/application/${id}/`, admin);
      const activity = (await get(`${DESK}/spartan/${id}/activity/`)).json();
      expect(activity.history).toHaveLength(1);
      expect(activity.history[0]).toMatchObject({
        actor: 'Rita Reviewer',
        from: 'new',
        to: 'in_review',
      });
      expect(Date.parse(activity.history[0].at)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('given a reviewer, then they change the status and add notes but cannot delete', async () => {
      const id = await apply({ fullname: `Reviewer ${marker()}` });
      const put = await call(reviewer, {
        method: 'PUT',
        url: `${DESK}/spartan/${id}/status/`,
        payload: { status: 'shortlisted' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().history[0]).toMatchObject({ from: 'new', to: 'shortlisted' });
      const note = await call(reviewer, {
        method: 'POST',
        url: `${DESK}/spartan/${id}/notes/`,
        payload: { body: 'Strong Go experience.' },
      });
      expect(note.statusCode).toBe(201);
      const del = await call(reviewer, {
        method: 'DELETE',
        url: `/api/application/${id}/delete/`,
      });
      expect(del.statusCode).toBe(403);
      expect(del.json().code).toBe(CODES.FORBIDDEN_ROLE);
      expect(await auditEvents('application.status')).toBeGreaterThan(0);
      expect(await auditEvents('application.note')).toBeGreaterThan(0);
    });

    it('given two staff changing the status from the one each saw, then the later is refused with 409 and the current status, and nothing is overwritten', async () => {
      const id = await apply({ fullname: `Race ${marker()}` });
      const url = `${DESK}/spartan/${id}/status/`;
      const put = (token: string, payload: object) => call(token, { method: 'PUT', url, payload });
      // Both saw New; the reviewer's change lands first.
      const first = await put(reviewer, { status: 'shortlisted', from: 'new' });
      expect(first.statusCode, first.body).toBe(200);
      const second = await put(admin, { status: 'rejected', from: 'new' });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toEqual({
        detail: 'The status was changed meanwhile: it is now Shortlisted',
        code: CODES.CONFLICT,
      });
      const activity = (await get(`${DESK}/spartan/${id}/activity/`)).json();
      expect(activity.status).toBe('shortlisted');
      expect(activity.history).toHaveLength(1);
      expect(activity.history[0]).toMatchObject({ actor: 'Rita Reviewer', to: 'shortlisted' });
      // From the status now shown, the change goes through.
      const again = await put(admin, { status: 'rejected', from: 'shortlisted' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().history[0]).toMatchObject({ from: 'shortlisted', to: 'rejected' });
      // Without `from` (older clients), a change is made whatever the status was, as before.
      const blind = await put(reviewer, { status: 'accepted' });
      expect(blind.statusCode, blind.body).toBe(200);
      expect(blind.json().status).toBe('accepted');
      // A `from` that is no status of the kind is refused as such, not as a conflict.
      const unknown = await put(admin, { status: 'new', from: 'contacted' });
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json().errors)).toEqual(['from']);
    });

    it('given statuses of the other kind, unknown values or ids, then 400 or 404', async () => {
      const id = await apply();
      const investor = await invest();
      const wrongKind = await call(admin, {
        method: 'PUT',
        url: `${DESK}/spartan/${id}/status/`,
        payload: { status: 'contacted' },
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().code).toBe(CODES.INVALID_FORM);
      expect(Object.keys(wrongKind.json().errors)).toEqual(['status']);
      const ok = await call(admin, {
        method: 'PUT',
        url: `${DESK}/investor/${investor}/status/`,
        payload: { status: 'contacted' },
      });
      expect(ok.json().status).toBe('contacted');
      const missing = await call(admin, {
        method: 'PUT',
        url: `${DESK}/spartan/${crypto.randomUUID()}/status/`,
        payload: { status: 'accepted' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(CODES.NOT_FOUND);
      // An investor id is no Spartan application.
      const crossed = await get(`${DESK}/spartan/${investor}/activity/`);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().code).toBe(CODES.NOT_FOUND);
      const noAuth = await app.inject({
        method: 'PUT',
        url: `${DESK}/spartan/${id}/status/`,
        payload: { status: 'accepted' },
      });
      expect(noAuth.statusCode).toBe(401);
      expect(noAuth.json().code).toBe(CODES.NOT_AUTHENTICATED);
    });
  });

  describe('notes', () => {
    it('given notes, then they come newest first with their author, markup kept as typed', async () => {
      const id = await invest();
      const bodies = ['First call went well.', '<img src=x onerror=alert(1)> follow up'];
      for (const [i, body] of bodies.entries()) {
        const res = await call(i === 0 ? admin : reviewer, {
          method: 'POST',
          url: `${DESK}/investor/${id}/notes/`,
          payload: { body },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const { notes } = (await get(`${DESK}/investor/${id}/activity/`)).json();
      expect(notes.map((n: { body: string }) => n.body)).toEqual([...bodies].reverse());
      expect(notes.map((n: { author: string }) => n.author)).toEqual([
        'Rita Reviewer',
        'Ada Admin',
      ]);
    });

    it('given an empty, oversized or control-character note, then 400 and nothing stored', async () => {
      const id = await invest();
      for (const body of ['   ', 'x'.repeat(4001), 'bell\u0007']) {
        const res = await call(admin, {
          method: 'POST',
          url: `${DESK}/investor/${id}/notes/`,
          payload: { body },
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe(CODES.INVALID_FORM);
      }
      expect((await get(`${DESK}/investor/${id}/activity/`)).json().notes).toEqual([]);
    });
  });
}
