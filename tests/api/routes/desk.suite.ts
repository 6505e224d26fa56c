/** The live list's newest cursor (server/routes/desk.ts), in the hiring desk suite. */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESK, type DeskHarness } from '../setup/desk.ts';

export function liveListTests(h: DeskHarness): void {
  const { call, get, invest } = h;
  let app: FastifyInstance;
  let admin = '';
  beforeAll(() => {
    ({ app, admin } = h);
  });

  describe('live list', () => {
    it('given polls with the ETag, then 304 while nothing arrived, and the newest cursor once one did', async () => {
      const first = await get(`${DESK}/investor/latest/`);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const same = await call(admin, {
        method: 'GET',
        url: `${DESK}/investor/latest/`,
        headers: { 'if-none-match': etag },
      });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      const id = await invest();
      const changed = await call(admin, {
        method: 'GET',
        url: `${DESK}/investor/latest/`,
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().latest).toMatch(new RegExp(`_${id}$`));
      expect((await get(`${DESK}/nobody/latest/`)).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `${DESK}/investor/latest/` })).statusCode,
      ).toBe(401);
    });
  });
}
