/** Log lines without applicant data (the logger of server/app.ts), in the error-hygiene suite. */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { CODES } from '../../server/api-errors.ts';
import { MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { fetchFresh } from '../fetch.ts';
import { freshIp } from './harness.ts';
import { type HygieneHarness } from './setup/hygiene.ts';

export function loggingTests(h: HygieneHarness): void {
  const { logs, storedFiles } = h;
  let app: FastifyInstance;
  let port = 0;
  let token = '';
  beforeAll(() => {
    ({ app, port, token } = h);
  });

  it('given no PUBLIC_URL, then links in mails use the port the server really got (PORT=0)', () => {
    expect(app.publicUrl()).toBe(`http://127.0.0.1:${port}`);
  });

  it('given a search, then the request is logged without its query string', async () => {
    const res = await fetchFresh(
      `http://127.0.0.1:${port}/api/spartan_join/applications/?q=Hermione%20Granger`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    const lines = logs.filter((l) => l.includes('/api/spartan_join/applications/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(logs.join('')).not.toMatch(/Hermione|Granger|q=/);
  });

  it('given a database error on an application, then the log names its code, never the values', async () => {
    const secret = `Leak${crypto.randomBytes(4).toString('hex')}`;
    await app.db.execute(
      sql.raw(
        `ALTER TABLE spartan_applications ADD CONSTRAINT no_${secret} CHECK (fullname <> '${secret} Person')`,
      ),
    );
    const before = await storedFiles();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: multipartBody(
          spartanFields({ fullname: `${secret} Person`, email: `${secret}@example.com` }),
          [{ filename: 'cv.pdf', data: pdf(50_000) }],
        ),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error', code: CODES.INTERNAL });
      // Its resume was stored before the rows failed, and deleted when they did.
      expect(await storedFiles()).toEqual(before);
      const failure = logs.find((l) => l.includes('request failed'));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!).err).toMatchObject({ code: '23514' });
      const all = logs.join('');
      expect(all).not.toContain(secret);
      expect(all).not.toContain('%PDF');
      expect(all.length).toBeLessThan(50_000); // no file bytes, in any encoding
    } finally {
      await app.db.execute(
        sql.raw(`ALTER TABLE spartan_applications DROP CONSTRAINT no_${secret}`),
      );
    }
  });

  it('given an error from the database logged as err, then the line has its code, not the query or its parameters', async () => {
    const secret = `Term${crypto.randomBytes(4).toString('hex')}`;
    const err = await app.db.execute(sql`SELECT ${secret}::integer AS n`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    app.log.error({ err }, 'query failed in a test');
    const line = logs.find((l) => l.includes('query failed in a test'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).err).toMatchObject({ code: '22P02' });
    expect(line).not.toContain(secret);
    expect(line).not.toMatch(/params|SELECT/i);
  });

  it('given an error not from the database, then its first line is logged, without a stack', async () => {
    app.log.error({ err: new Error('mail server said no\nmore detail') }, 'plain failure');
    const line = logs.find((l) => l.includes('plain failure'));
    expect(JSON.parse(line!).err).toEqual({ name: 'Error', message: 'mail server said no' });
  });
}
