/**
 * Debian's nginx in front of two compiled server processes on one PostgreSQL, with the proxy
 * settings of deploy/nginx-proxy.conf and TRUST_PROXY set to nginx's address, on loopback only.
 * One process is killed (`kill -9`) under load: nginx sends the traffic to the other, every
 * acknowledged application is stored, and only the requests in flight fail. Rate limits count the
 * real client, each mail goes out once though both processes run the mailer, and the retention job
 * runs once for the day, not once per process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from './compiled.ts';
import { investorPayload } from './fixtures.ts';
import { SKIP_POSTGRES, startPostgres, type PostgresCluster } from './postgres.ts';
import { ROOT, startServer, type RunningServer } from './processes.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { AUTH_SECRET, fakeDist } from './harness.ts';
import { fetchFresh } from '../fetch.ts';

/** Applications sent under load, by this many clients at once. */
const LOAD = 120;
const CONCURRENCY = 4;
/** The process is killed once this many applications have been acknowledged. */
const KILL_AFTER = 40;
const SUBMIT_LIMIT = 25;

interface Answer {
  status: number;
  body: string;
  started: number;
  ended: number;
}

/** A POST through nginx from the loopback address `from` (each one a client of its own). */
function post(
  port: number,
  from: string,
  url: string,
  body: unknown,
  headers = {},
): Promise<Answer> {
  const started = performance.now();
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', (err) =>
          resolve({ status: 0, body: err.message, started, ended: performance.now() }),
        );
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            started,
            ended: performance.now(),
          }),
        );
      },
    );
    request.on('error', (err) =>
      resolve({ status: 0, body: err.message, started, ended: performance.now() }),
    );
    request.end(data);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(SKIP_POSTGRES)('two processes behind nginx', () => {
  let cluster: PostgresCluster;
  let smtp: TestSmtp;
  let databaseUrl = '';
  let nginx: ChildProcess | undefined;
  let nginxExited: Promise<unknown> = Promise.resolve();
  let port = 0;
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  const temp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-nginx-'));
    dirs.push(dir);
    return dir;
  };
  const query = async <T>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    [cluster, smtp] = await Promise.all([startPostgres(), startSmtp()]);
    databaseUrl = await cluster.createDatabase('spartan_nginx');
    const env = {
      DATABASE_URL: databaseUrl,
      DIST_DIR: fakeDist(),
      AUTH_SECRET,
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
      SUBMIT_RATE_LIMIT: String(SUBMIT_LIMIT),
      SUBMIT_RATE_WINDOW_SECONDS: '600',
    };
    servers.push(
      ...(await Promise.all(
        [0, 1].map(() => startServer(compiled().main, { ...env, DATA_DIR: temp() })),
      )),
    );
    port = await freePort();
    const dir = temp();
    const upstreams = servers
      .map((s) => `server 127.0.0.1:${new URL(s.url).port} max_fails=1 fail_timeout=30s;`)
      .join('\n    ');
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream spartans {
    ${upstreams}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    location / { include ${path.join(ROOT, 'deploy', 'nginx-proxy.conf')}; }
  }
}
`,
    );
    nginx = spawn('nginx', ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginxExited = new Promise((resolve) => nginx!.once('exit', resolve));
    let stderr = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Ready once it answers: the health check through it.
    for (const until = Date.now() + 60_000; ;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      const status = await fetchFresh(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > until) throw new Error(`nginx did not answer: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await nginxExited;
    for (const server of servers) server.proc.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await smtp?.close();
    await cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('given both processes started, then the retention job ran once for the day, not once per process', async () => {
    const runs = await query<{ name: string; runs: number }>('SELECT name, runs FROM job_runs');
    expect(runs).toEqual([{ name: 'retention', runs: 1 }]);
  });

  it('given both processes run the mailer, then each confirmation goes out once', async () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `once${i}@example.com`);
    for (const email of addresses) {
      const answer = await post(
        port,
        '127.0.0.5',
        '/api/investors/join_investor/',
        investorPayload({ email }),
      );
      expect(answer.status, answer.body).toBe(201);
    }
    const received = (address: string) =>
      smtp.received.filter((m) => m.to.includes(address)).length;
    await expect
      .poll(() => addresses.every((a) => received(a) >= 1), { timeout: 120_000 })
      .toBe(true);
    // Each process's mailer runs once more (an application through each, nginx alternating);
    // a mail either had claimed twice would have gone out by the time both of these have.
    const last = ['last0@example.com', 'last1@example.com'];
    for (const email of last) {
      expect(
        (await post(port, '127.0.0.6', '/api/investors/join_investor/', investorPayload({ email })))
          .status,
      ).toBe(201);
    }
    await expect.poll(() => last.every((a) => received(a) >= 1), { timeout: 120_000 }).toBe(true);
    expect([...addresses, ...last].map(received)).toEqual(Array(12).fill(1));
  });

  it('given a limit of 25 submissions per client, then each client behind nginx has its own count, and its own X-Forwarded-For is not believed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SUBMIT_LIMIT; i += 1) {
      const answer = await post(
        port,
        '127.0.0.2',
        '/api/investors/join_investor/',
        investorPayload({ email: `limit${i}@example.com` }),
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUBMIT_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    // Another client, through the same nginx, is not limited by the first one's count.
    const other = await post(
      port,
      '127.0.0.3',
      '/api/investors/join_investor/',
      investorPayload({ email: 'other@example.com' }),
    );
    expect(other.status).toBe(201);
  });

  it('given load and one process killed with kill -9, then nginx sends the traffic to the other, every acknowledged application is stored and only the requests in flight fail', async () => {
    const answers: Answer[] = [];
    let next = 0;
    let acknowledged = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    const victim = servers[0]!;
    // The moment the process is gone (the kill is a signal: it dies a moment after it is sent).
    let diedAt = Number.POSITIVE_INFINITY;
    void victim.exited.then(() => (diedAt = performance.now()));
    const worker = async (w: number) => {
      while (next < LOAD) {
        const i = next++;
        const from = `127.0.0.${10 + (i % 6)}`; // Six clients, 20 applications each: under the limit.
        const answer = await post(
          port,
          from,
          '/api/investors/join_investor/',
          investorPayload({ email: `load${i}.${w}@example.com` }),
        );
        answers.push(answer);
        if (answer.status === 201) acknowledged += 1;
        if (acknowledged >= KILL_AFTER && killedAt === Number.POSITIVE_INFINITY) {
          killedAt = performance.now();
          victim.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    expect(await victim.exited).toBe(null); // Killed, not exited.

    const ok = answers.filter((a) => a.status === 201);
    const failed = answers.filter((a) => a.status !== 201);
    // Only requests in flight when the process died failed: begun before it was gone, at most
    // one per client running at once.
    expect(killedAt).toBeLessThan(diedAt);
    expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
    for (const answer of failed) expect(answer.started).toBeLessThan(diedAt);
    // The traffic went to the other process: everything begun after it was gone was stored.
    const after = answers.filter((a) => a.started > diedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((a) => a.status === 201)).toBe(true);
    // Every acknowledged application is in the database.
    const ids = ok.map((a) => (JSON.parse(a.body) as { investor_id: string }).investor_id);
    const stored = new Set(
      (await query<{ id: string }>('SELECT id::text FROM investor_applications')).map((r) => r.id),
    );
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);
    console.log(
      `nginx failover: ${answers.length} applications, ${ok.length} acknowledged and stored, ${failed.length} failed (in flight at the kill, statuses ${failed.map((a) => a.status).join(', ') || 'none'}), ${after.length} sent after the kill, all stored`,
    );
    expect((await fetchFresh(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
