/** The health call (server/routes/health.ts), in the API suite. */
import { describe, expect, it } from 'vitest';
import { type ApiHarness } from '../setup/api.ts';

export function healthTests(h: ApiHarness): void {
  const { call } = h;

  describe('health', () => {
    it('given the database answers, when asked, then it is ok', async () => {
      const res = await call({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });
  });
}
