/**
 * The error-hygiene suite's app (tests/api/hygiene.test.ts): listening on a free port, its log
 * lines captured, with short header and request limits; plus the raw-socket and PostgreSQL relay
 * helpers its parts share.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { build, type BuildOptions } from '../../../server/app.ts';
import { investorPayload } from '../fixtures.ts';
import { fakeDist, freshIp } from '../harness.ts';
import { pgliteDataDir } from '../pglite-template.ts';
import type { PostgresCluster } from '../postgres.ts';

export const PASSWORD = 'hygiene is a long password';
export const dirs: string[] = [];
export const temp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-hygiene-'));
  dirs.push(dir);
  return dir;
};

/** Raw HTTP over a socket: what came back, and how long until the server closed it. */
export function rawExchange(
  port: number,
  send: (socket: net.Socket) => void,
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('connect', () => send(socket));
  });
}

export function jsonOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

/** Polls `check` until it returns something (at most 20 s: a busy machine). */
export async function until<T>(check: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A backend's FATAL 57P01, as pg_terminate_backend makes PostgreSQL send it. */
export function terminatedMessage(): Buffer {
  const fields = Buffer.from(
    'SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0',
  );
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A TCP relay to the PostgreSQL at `url` that, once a client has sent a message containing
 * `after`, ends that connection right after the server's next ReadyForQuery with a FATAL 57P01:
 * the client is idle then, between two statements, when its connection goes.
 */
export async function cuttingRelay(url: string, after: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(server);
    let armed = false;
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(after)) armed = true;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      const ready =
        chunk.length >= 6 &&
        chunk[chunk.length - 6] === 0x5a &&
        chunk.readInt32BE(chunk.length - 5) === 5;
      if (armed && ready) {
        client.end(Buffer.concat([chunk, terminatedMessage()]));
        server.destroy();
        return;
      }
      client.write(chunk);
    });
    for (const [a, b] of [
      [client, server],
      [server, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.end());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

export interface Target {
  label: string;
  /** A throwaway PostgreSQL cluster: what only a server with connections can show. */
  cluster?: () => Promise<PostgresCluster>;
  database(): Promise<Pick<BuildOptions, 'databaseUrl'>>;
}

export type HygieneHarness = ReturnType<typeof hygieneHarness>;

/** Builds and starts the app before the suite's tests, closes it after; call inside its `describe`. */
export function hygieneHarness(target: Target) {
  let app: FastifyInstance;
  let port = 0;
  let token = '';
  let dataDir = '';
  let databaseUrl: string | undefined;
  const logs: string[] = [];

  beforeAll(async () => {
    databaseUrl = (await target.database()).databaseUrl;
    dataDir = databaseUrl ? temp() : pgliteDataDir('spartan-hygiene-');
    app = await build({
      dataDir,
      databaseUrl,
      distDir: fakeDist(),
      staffMfa: 'optional',
      logger: {
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString());
            done();
          },
        }),
      },
      timeouts: { headersMs: 2_000, requestMs: 4_000 },
    });
    await app.staff.create({ username: 'tidy', password: PASSWORD });
    const login = await app.inject({
      method: 'POST',
      url: '/api/security-login/',
      payload: { username: 'tidy', password: PASSWORD },
    });
    token = login.json<{ access: string }>().access;
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The resumes stored: files under DATA_DIR on PGlite, rows of resume_files on PostgreSQL. */
  const storedFiles = async (): Promise<string[]> => {
    if (databaseUrl) {
      const result = (await app.db.execute(
        sql`SELECT application_id::text AS id FROM resume_files`,
      )) as unknown as { rows: Array<{ id: string }> };
      return result.rows.map((r) => r.id).sort();
    }
    return fs
      .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.endsWith('.tmp'))
      .map((e) => e.name)
      .sort();
  };
  /** An investor application from an address of its own. */
  const invest = (overrides: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/investors/join_investor/',
      payload: investorPayload(overrides),
      remoteAddress: freshIp(),
    });
  const staffCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: freshIp(),
      ...(payload ? { payload } : {}),
    });

  return {
    get app() {
      return app;
    },
    get port() {
      return port;
    },
    get token() {
      return token;
    },
    get dataDir() {
      return dataDir;
    },
    get databaseUrl() {
      return databaseUrl;
    },
    target,
    logs,
    storedFiles,
    invest,
    staffCall,
  };
}
