/**
 * Real server processes on one PostgreSQL cluster: the submission rate limit holds across two
 * processes, and a process under load lives through a restart of the cluster (the requests in
 * flight answer 503, never a crash) and serves again by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investorPayload, MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { SKIP_POSTGRES, startPostgres, type PostgresCluster } from './postgres.ts';
import { compiled } from './compiled.ts';
import { startServer, type RunningServer } from './processes.ts';
import { AUTH_SECRET, fakeDist } from './harness.ts';
import { fetchFresh } from '../fetch.ts';

describe.skipIf(SKIP_POSTGRES)('app processes sharing one PostgreSQL', () => {
  let cluster: PostgresCluster;
  const running: RunningServer[] = [];
  const dirs: string[] = [];
  const temp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-shared-'));
    dirs.push(dir);
    return dir;
  };
  const serve = async (url: string, env: Record<string, string> = {}) => {
    const server = await startServer(compiled().main, {
      DATABASE_URL: url,
      DATA_DIR: temp(),
      DIST_DIR: fakeDist(),
      AUTH_SECRET,
      ...env,
    });
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    for (const server of running) server.proc.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('given two processes and a limit of 6 submissions, then a client sending to both alternately gets 6 accepted, not 12', async () => {
    const url = await cluster.createDatabase('spartan_shared_limits');
    const env = { SUBMIT_RATE_LIMIT: '6', SUBMIT_RATE_WINDOW_SECONDS: '600' };
    const [a, b] = [await serve(url, env), await serve(url, env)];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetchFresh(`${server.url}/api/investors/join_investor/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(investorPayload()),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
    // The other call has its own allowance, shared too.
    const apply = await fetchFresh(`${b.url}/api/spartan_join/apply-spartan/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE },
      body: new Uint8Array(multipartBody(spartanFields())),
    });
    expect(apply.status).toBe(201);
  });

  it('given a cluster stopped and started again under load, then the process lives, every answer is 201 or 503, and service comes back by itself', async () => {
    const url = await cluster.createDatabase('spartan_restart');
    const server = await serve(url, {
      SUBMIT_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '1000000',
      LOGIN_USER_FAILURE_LIMIT: '1000000',
    });
    let exited = false;
    void server.exited.then(() => (exited = true));
    const statuses = new Map<number, number>();
    let stop = false;
    const body = new Uint8Array(
      multipartBody(spartanFields(), [{ filename: 'cv.pdf', data: pdf(100 * 1024) }]),
    );
    const worker = async () => {
      while (!stop) {
        const status = await fetchFresh(`${server.url}/api/spartan_join/apply-spartan/`, {
          method: 'POST',
          headers: { 'content-type': MULTIPART_TYPE },
          body,
        }).then(
          (res) => res.status,
          () => -1, // the connection itself failed
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    // Logins too: the login throttle keeps its counters in PostgreSQL through a pool of its own.
    const loginStatuses = new Set<number>();
    const loginWorker = async () => {
      while (!stop) {
        const status = await fetchFresh(`${server.url}/api/security-login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody', password: 'not a password at all' }),
        }).then(
          (res) => res.status,
          () => -1,
        );
        loginStatuses.add(status);
      }
    };
    const workers = [...Array.from({ length: 5 }, worker), loginWorker()];
    // Load first: some applications stored before the restart.
    while ((statuses.get(201) ?? 0) < 10) await new Promise((r) => setTimeout(r, 20));
    // The restart in two steps (pg_ctl blocks this process while it runs): down, load meanwhile
    // until calls have answered 503, then up again.
    cluster.halt();
    const down = statuses.get(503) ?? 0;
    while ((statuses.get(503) ?? 0) < down + 5) await new Promise((r) => setTimeout(r, 20));
    cluster.start();
    const before = statuses.get(201) ?? 0;
    // Back by itself: new applications are stored again.
    const deadline = Date.now() + 60_000;
    while ((statuses.get(201) ?? 0) < before + 10 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    stop = true;
    await Promise.all(workers);
    expect(exited).toBe(false);
    expect((statuses.get(201) ?? 0) - before).toBeGreaterThanOrEqual(10);
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect([...loginStatuses].filter((s) => s !== 401 && s !== 503)).toEqual([]);
    const health = await fetchFresh(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
