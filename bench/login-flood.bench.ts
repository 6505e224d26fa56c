/**
 * Logins never stall the site: the p99 of `GET /`, a widget file and a staff list call, with
 * and without a login flood from many addresses (TRUST_PROXY and X-Forwarded-For; the
 * attacker is bench/login-flood-client.ts, in its own process). The server is the real entry
 * (server/main.ts) in a child process, on the embedded database. Goal: p99 under 100 ms.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { node, run, startServer, type RunningServer } from '../tests/api/processes.ts';
import { investorPayload } from '../tests/api/fixtures.ts';
import { DIST } from '../scripts/paths.ts';

const DURATION_S = 3;
const MEASURE_RATE = 100;
/** Login attempts per second in the flood (FLOOD_RATE). */
const FLOOD_RATE = Number(process.env.FLOOD_RATE) || 300;
const PASSWORD = 'a quiet lake at dawn';

/** The built site if there is one; else a stand-in page and widget of similar size. */
function distDir(temp: string): { dir: string; widget: string; note: string } {
  if (fs.existsSync(path.join(DIST, 'site', 'index.html'))) {
    return { dir: DIST, widget: '/widgets/spartan-counter.js', note: 'built site' };
  }
  const dir = path.join(temp, 'dist');
  fs.mkdirSync(path.join(dir, 'site'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'widgets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'site', 'index.html'),
    `<!doctype html><title>Spartans</title>${'<p>stand-in page</p>'.repeat(1500)}`,
  );
  fs.writeFileSync(
    path.join(dir, 'widgets', 'spartan-counter.js'),
    `export const x = ${JSON.stringify('w'.repeat(40_000))};\n`,
  );
  return { dir, widget: '/widgets/spartan-counter.js', note: 'stand-in dist (no build)' };
}

/**
 * Latency at a steady 100 requests per second, as a crowd of visitors would send them: one
 * request every 10 ms, on up to 10 kept-alive connections. Each latency runs from the moment
 * the request was due, not from when a connection was free to send it, so a stalled server
 * cannot hide its backlog (no coordinated omission). autocannon's fixed rate does not fit:
 * it fires its connections in lockstep, 10 requests in the same millisecond every 100 ms,
 * which measures a burst's queue rather than the flood's effect.
 */
async function measure(url: string, headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const total = MEASURE_RATE * DURATION_S;
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) failed += 1;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / MEASURE_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failed };
}

export default async function loginFloodBench(): Promise<string> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-flood-'));
  const dist = distDir(temp);
  const env = {
    DATA_DIR: path.join(temp, 'data'),
    DIST_DIR: dist.dir,
    TRUST_PROXY: 'true',
    STAFF_MFA: 'optional',
    NODE_ENV: 'production',
  };
  let server: RunningServer | undefined;
  const rows: string[][] = [];
  try {
    server = await startServer('server/main.ts', env);
    const base = server.url;
    // The account goes in through the running server's admin socket, as an operator would.
    const added = await run('server/cli/staff.ts', ['add', 'bench'], env, `${PASSWORD}\n`);
    if (added.code !== 0) throw new Error(added.stderr);
    const login = await fetch(`${base}/api/security-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    for (let i = 0; i < 50; i += 1) {
      await fetch(`${base}/api/investors/join_investor/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify(investorPayload({ email: `bench${i}@example.com` })),
      });
    }
    const targets: Array<[string, string, Record<string, string>]> = [
      ['GET /', `${base}/`, {}],
      [`GET ${dist.widget}`, `${base}${dist.widget}`, {}],
      [
        'GET investor list (staff token)',
        `${base}/api/investors/get_investor_applications/?page=1&page_size=20`,
        { authorization: `Bearer ${access}`, 'x-forwarded-for': '192.0.2.1' },
      ],
    ];
    for (const [name, url, headers] of targets) {
      const r = await measure(url, headers);
      rows.push([
        `${name}, quiet`,
        r.rps.toFixed(0),
        String(r.p50),
        String(r.p99),
        r.failed ? `${r.failed} failed` : '',
      ]);
    }
    const floodSeconds = targets.length * DURATION_S + 3;
    const flood = node(
      'bench/login-flood-client.ts',
      [base, String(floodSeconds), String(FLOOD_RATE)],
      {},
    );
    let floodOut = '';
    flood.stdout?.on('data', (c: Buffer) => (floodOut += c.toString()));
    const floodDone = new Promise((resolve) => flood.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let the flood ramp up
    for (const [name, url, headers] of targets) {
      const r = await measure(url, headers);
      const verdict = r.p99 < 100 ? 'under 100 ms' : 'OVER 100 ms';
      rows.push([
        `${name}, during the flood`,
        r.rps.toFixed(0),
        String(r.p50),
        String(r.p99),
        `${verdict}${r.failed ? `, ${r.failed} failed` : ''}`,
      ]);
    }
    await floodDone;
    const summary = JSON.parse(floodOut.trim().split('\n').pop() ?? '{}') as {
      rps?: number;
      codes?: Record<string, number>;
    };
    const codes = Object.entries(summary.codes ?? {})
      .map(([code, count]) => `${count} × ${code}`)
      .join(', ');
    rows.push([
      `the flood: wrong logins at ${FLOOD_RATE}/s, 64 connections, a new IP each`,
      (summary.rps ?? 0).toFixed(0),
      '–',
      '–',
      codes,
    ]);
  } finally {
    if (server) {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return [
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${dist.note}; ` +
      `each row ${MEASURE_RATE} req/s, one request every ${1000 / MEASURE_RATE} ms on up to 10 connections, latency from when each was due, for ${DURATION_S} s; server in its own process`,
    '',
    '| case | req/s | p50 ms | p99 ms | note |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
