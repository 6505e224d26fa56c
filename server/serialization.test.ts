import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { instant } from '../schemas/responses.ts';
import { ResponseDriftError, serialiseAnswer, useZodSerialization } from './serialization.ts';

const account = z.object({ id: z.string(), created_at: instant, sessions: z.int() });

/** A Fastify app serialising with the zod compiler, its log lines kept. */
function appWith(answer: unknown) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  useZodSerialization(app);
  app.get('/account', { schema: { response: { 200: account } } }, async () => answer);
  return { app, lines };
}

describe('answers serialised through their zod schema', () => {
  it('encodes times as ISO strings and drops fields the schema does not name', () => {
    const text = serialiseAnswer(
      account,
      { id: 'a', created_at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), sessions: 2, secret: 'x' },
      'GET /account (200)',
    );
    expect(JSON.parse(text)).toEqual({
      id: 'a',
      created_at: '2026-01-02T03:04:05.000Z',
      sessions: 2,
    });
  });

  it('refuses an answer that drifted from its schema, naming the fields, not their values', () => {
    const drift = () =>
      serialiseAnswer(
        account,
        { id: 'a', created_at: '2026-01-02', sessions: 1.5 },
        'GET /account (200)',
      );
    expect(drift).toThrow(ResponseDriftError);
    expect(drift).toThrow(/created_at, sessions$/);
    expect(drift).not.toThrow(/2026-01-02|1\.5/);
  });

  it('answers 500 for a drifted answer and logs where it drifted', async () => {
    const { app, lines } = appWith({ id: 'a', created_at: new Date(), name: 'Ada Lovelace' });
    const res = await app.inject('/account');
    expect(res.statusCode).toBe(500);
    expect(lines.join('')).toContain('"paths":["sessions"]');
    expect(lines.join('')).not.toContain('Ada Lovelace');
    await app.close();
  });

  it('answers a matching answer as its schema says', async () => {
    const { app } = appWith({ id: 'a', created_at: new Date(0), sessions: 0, extra: true });
    const res = await app.inject('/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', created_at: '1970-01-01T00:00:00.000Z', sessions: 0 });
    await app.close();
  });

  it('refuses a response schema that is not zod, when the route is registered', async () => {
    const app = Fastify();
    useZodSerialization(app);
    app.get(
      '/json-schema',
      { schema: { response: { 200: { type: 'object', properties: {} } } } },
      async () => ({}),
    );
    await expect(app.ready()).rejects.toThrow(/must be a zod schema/);
  });
});
