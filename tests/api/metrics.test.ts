/**
 * METRICS_PORT: the compiled server serves Prometheus metrics on a port of its own, on each
 * database; promtool (Debian's prometheus package) accepts the scrape and deploy/alerts.yml.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from './compiled.ts';
import { investorPayload } from './fixtures.ts';
import { pgliteDataDir } from './pglite-template.ts';
import { SKIP_POSTGRES, startPostgres, type PostgresCluster } from './postgres.ts';
import { ROOT, run, startServer, type RunningServer } from './processes.ts';
import { AUTH_SECRET, fakeDist, PARTNER } from './harness.ts';
import { fetchFresh } from '../fetch.ts';
import { strongPassword } from '../passwords.ts';

const running: RunningServer[] = [];
const dirs: string[] = [];
let cluster: PostgresCluster | undefined;
afterAll(async () => {
  for (const server of running) server.proc.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** promtool's exit code and output for `args`, `input` on its standard input. */
function promtool(args: string[], input = ''): { code: number | null; output: string } {
  const result = spawnSync('promtool', args, { input, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The value of the sample `name{labels}` exactly as written in the scrape, or undefined. */
function sample(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const DATABASES = [
  ['the embedded database', false],
  ['PostgreSQL', true],
] as const;

/** Every label set of a scrape, joined: the `{…}` of each sample line. */
const labelsOf = (scrape: string) => (scrape.match(/\{[^}]*\}/g) ?? []).join('\n');

describe('metrics', () => {
  it.for(DATABASES)(
    'given METRICS_PORT on %s, then /metrics there counts requests by route pattern, applications by source and login outcomes, and promtool accepts it; the public port answers 404',
    async ([, postgres], context) => {
      // Reported as skipped, by name, when PostgreSQL is knowingly left out.
      if (postgres && SKIP_POSTGRES) context.skip();
      const dataDir = postgres
        ? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-metrics-'))
        : pgliteDataDir('metrics-');
      dirs.push(dataDir);
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        DIST_DIR: fakeDist(),
        AUTH_SECRET,
        METRICS_PORT: '0',
        STAFF_MFA: 'optional',
        LOGIN_RATE_LIMIT: '4',
      };
      if (postgres) {
        cluster ??= await startPostgres();
        env.DATABASE_URL = await cluster.createDatabase('spartan_metrics');
      }
      const password = strongPassword('metrics');
      const added = await run(compiled().staff, ['add', 'ops'], env, `${password}\n`);
      expect(added.code, added.stderr).toBe(0);
      const server = await startServer(compiled().main, env);
      running.push(server);
      const metricsUrl = /Metrics on (http:\/\/\S+)/.exec(server.stdout)?.[1] ?? '';
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
      expect((await fetchFresh(`${server.url}/metrics`)).status).toBe(404);

      const invest = (headers: Record<string, string>) =>
        fetchFresh(`${server.url}/api/investors/join_investor/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(investorPayload()),
        });
      expect((await invest({})).status).toBe(201);
      expect((await invest({ origin: PARTNER })).status).toBe(201);
      expect((await invest({ origin: PARTNER })).status).toBe(201);
      const login = (pw: string) =>
        fetchFresh(`${server.url}/api/security-login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'ops', password: pw }),
        });
      expect((await login(password)).status).toBe(200);
      expect((await login('not the password at all')).status).toBe(401);
      expect((await login('nor this one either, no')).status).toBe(401);
      expect((await login(password)).status).toBe(200);
      expect((await login(password)).status).toBe(429); // Fifth attempt from this address.
      // An id in the URL: the label is the route's pattern.
      expect((await fetchFresh(`${server.url}/api/spartan_join/application/4242/`)).status).toBe(
        401,
      );

      const response = await fetchFresh(metricsUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const scrape = await response.text();
      const families = [...scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]);
      expect(families).toEqual(
        expect.arrayContaining([
          'spartan_http_request_duration_seconds',
          'spartan_applications_stored_total',
          'spartan_login_attempts_total',
          'spartan_mail_queue_depth',
          'spartan_mail_queue_oldest_age_seconds',
          'spartan_database_errors_total',
          'spartan_database_up',
          'nodejs_eventloop_lag_p99_seconds',
          'process_cpu_seconds_total',
          'process_resident_memory_bytes',
          ...(postgres ? ['spartan_database_pool_connections'] : []),
        ]),
      );
      expect(
        sample(scrape, 'spartan_applications_stored_total{kind="investor",source="site"}'),
      ).toBe(1);
      expect(
        sample(scrape, 'spartan_applications_stored_total{kind="investor",source="partner"}'),
      ).toBe(2);
      expect(
        sample(scrape, 'spartan_applications_stored_total{kind="spartan",source="site"}'),
      ).toBe(0);
      expect(sample(scrape, 'spartan_login_attempts_total{outcome="success"}')).toBe(2);
      expect(sample(scrape, 'spartan_login_attempts_total{outcome="wrong_password"}')).toBe(2);
      expect(sample(scrape, 'spartan_login_attempts_total{outcome="throttled"}')).toBe(1);
      expect(sample(scrape, 'spartan_login_attempts_total{outcome="second_factor_failed"}')).toBe(
        0,
      );
      expect(sample(scrape, 'spartan_database_up')).toBe(1);
      // The confirmation mails of the three applications wait or were sent: a number either way.
      expect(sample(scrape, 'spartan_mail_queue_depth')).toBeGreaterThanOrEqual(0);
      expect(
        sample(
          scrape,
          'spartan_http_request_duration_seconds_count{method="POST",route="/api/investors/join_investor/",status_class="2xx"}',
        ),
      ).toBe(3);
      expect(scrape).toContain('route="/api/spartan_join/application/:id/",status_class="4xx"');
      // The raw URL's id is in no label (a sample's value may hold those digits by chance).
      expect(labelsOf(scrape)).not.toContain('4242');

      const checked = promtool(['check', 'metrics'], scrape);
      expect(checked, checked.output).toMatchObject({ code: 0 });
    },
  );

  it('given deploy/alerts.yml, then promtool accepts its rules: a 5xx rate, a p99 latency, a growing mail queue and a silent database', () => {
    const file = path.join(ROOT, 'deploy', 'alerts.yml');
    const checked = promtool(['check', 'rules', file]);
    expect(checked, checked.output).toMatchObject({ code: 0 });
    const rules = execFileSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(rules).toMatch(/SUCCESS: \d+ rules found/);
    const text = fs.readFileSync(file, 'utf8');
    for (const metric of [
      'spartan_http_request_duration_seconds_count',
      'spartan_http_request_duration_seconds_bucket',
      'spartan_mail_queue_depth',
      'spartan_database_up',
    ]) {
      expect(text).toContain(metric);
    }
  });
});
