/**
 * Prometheus metrics (prom-client), served on a port of their own when METRICS_PORT is set
 * (startMetricsServer, from server/main.ts); the public port has no /metrics. Each app has its own
 * registry, so that apps built side by side (the tests) do not share counters.
 *
 * Families (all but Node's own prefixed `spartan_`):
 * - `http_request_duration_seconds{method, route, status_class}`: route is the route's pattern
 *   (`/api/spartan_join/application/:id/`), never the URL; `unmatched` for a URL no route has;
 * - `applications_stored_total{kind, source}`: kind `spartan` or `investor`, source `site` (our
 *   pages) or `partner` (another origin);
 * - `login_attempts_total{outcome}`: `success`, `wrong_password`, `throttled`,
 *   `second_factor_failed`;
 * - `mail_queue_depth`, `mail_queue_oldest_age_seconds`: mails waiting, and the oldest one's age;
 * - `database_errors_total{kind}` (`unavailable`, `query`), `database_up` (1 when the scrape's
 *   ping answered within 2 s), `database_pool_connections{state}` (PostgreSQL's pool: `total`,
 *   `idle`, `waiting` clients; absent on the embedded database, which has one connection);
 * - Node's defaults (process CPU, memory, file descriptors, heap, GC) and the event-loop delay
 *   (`nodejs_eventloop_lag_*`).
 */
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { sql } from 'drizzle-orm';
import {
  APPLY_PATH,
  INVEST_PATH,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
} from '../schemas/api-paths.ts';
import { serverUrl } from './config.ts';
import type { Database } from './db/index.ts';
import { databaseUnavailable } from './api-errors.ts';
import { submissionOrigin } from './routes/common.ts';
import type { AuditEntry, AuditLog } from './staff/audit-trail.ts';

const KIND_OF_PATH: Record<string, 'spartan' | 'investor'> = {
  [APPLY_PATH]: 'spartan',
  [INVEST_PATH]: 'investor',
};
const LOGIN_PATHS = new Set([
  LOGIN_PATH,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
]);

/** How long a scrape waits for the database's answer before it says the database is down. */
const PING_TIMEOUT_MS = 2_000;

export class Metrics {
  readonly registry = new client.Registry();
  private readonly duration = new client.Histogram({
    name: 'spartan_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly applications = new client.Counter({
    name: 'spartan_applications_stored_total',
    help: 'Applications stored, by kind and by source (our site or a partner page).',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });
  private readonly logins = new client.Counter({
    name: 'spartan_login_attempts_total',
    help: 'Staff login steps, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly dbErrors = new client.Counter({
    name: 'spartan_database_errors_total',
    help: 'Requests failed by the database: unreachable, or a query it refused.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(database: Database) {
    client.collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which promtool's lint refuses; the same counts are in
    // nodejs_active_handles, nodejs_active_requests and nodejs_active_resources, by type.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ]) {
      this.registry.removeSingleMetric(name);
    }
    // Every series present from the start, at 0: a rate over a series that appears late misses
    // its first increase.
    for (const outcome of ['success', 'wrong_password', 'throttled', 'second_factor_failed'])
      this.logins.inc({ outcome }, 0);
    for (const kind of ['spartan', 'investor'])
      for (const source of ['site', 'partner']) this.applications.inc({ kind, source }, 0);
    for (const kind of ['unavailable', 'query']) this.dbErrors.inc({ kind }, 0);
    const { db } = database;
    const queue = { depth: 0, oldest: 0 };
    new client.Gauge({
      name: 'spartan_mail_queue_depth',
      help: 'Mails waiting to be sent (retries included).',
      registers: [this.registry],
      async collect() {
        // One query for both gauges: the depth's collect runs first and fills both.
        try {
          // db.execute's answer differs between the two drivers: both have the rows.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          const result = (await db.execute(sql`
            SELECT count(*) AS depth,
              coalesce(extract(epoch FROM now() - min(created_at)), 0) AS oldest
            FROM mail_queue`)) as unknown as {
            rows: Array<{ depth: string | number; oldest: string | number }>;
          };
          const row = result.rows[0];
          queue.depth = Number(row?.depth ?? 0);
          queue.oldest = Number(row?.oldest ?? 0);
        } catch {
          // database_up says so.
        }
        this.set(queue.depth);
      },
    });
    new client.Gauge({
      name: 'spartan_mail_queue_oldest_age_seconds',
      help: 'Age of the oldest mail waiting to be sent, 0 when none waits.',
      registers: [this.registry],
      collect() {
        this.set(queue.oldest);
      },
    });
    new client.Gauge({
      name: 'spartan_database_up',
      help: `1 when the database answered a ping within ${PING_TIMEOUT_MS / 1000} s at this scrape.`,
      registers: [this.registry],
      async collect() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
        });
        try {
          await Promise.race([database.ping(), late]);
          this.set(1);
        } catch {
          this.set(0);
        } finally {
          clearTimeout(timer);
        }
      },
    });
    const pool = database.poolUse;
    if (pool) {
      new client.Gauge({
        name: 'spartan_database_pool_connections',
        help: "PostgreSQL pool's clients: total open, idle, and requests waiting for one.",
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const use = pool();
          this.set({ state: 'total' }, use.total);
          this.set({ state: 'idle' }, use.idle);
          this.set({ state: 'waiting' }, use.waiting);
        },
      });
    }
  }

  /** Times every request, and counts stored applications and throttled logins, from its answer. */
  observe(app: FastifyInstance, isPartner: (request: FastifyRequest) => boolean): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      this.duration.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      const kind = KIND_OF_PATH[route];
      if (kind && status === 201) {
        this.applications.inc({ kind, source: isPartner(request) ? 'partner' : 'site' });
      }
      if (status === 429 && LOGIN_PATHS.has(route)) this.logins.inc({ outcome: 'throttled' });
    });
  }

  /**
   * Counts login outcomes from the audit trail's entries, which every login step writes, so that
   * the count is the trail's and the login code has no second bookkeeping.
   */
  countLogins(auditLog: AuditLog): void {
    const write = auditLog.write.bind(auditLog);
    auditLog.write = (entry: AuditEntry) => {
      const outcome = LOGIN_OUTCOME[entry.event];
      if (outcome) this.logins.inc({ outcome });
      return write(entry);
    };
  }

  /** Counts a request that failed in the database. */
  databaseError(error: unknown): void {
    if (databaseUnavailable(error)) this.dbErrors.inc({ kind: 'unavailable' });
    else if (/^[0-9A-Z]{5}$/.test(String((error as { code?: string }).code ?? ''))) {
      this.dbErrors.inc({ kind: 'query' }); // A SQLSTATE: the database refused the statement.
    }
  }
}

const LOGIN_OUTCOME: Record<string, string> = {
  'login.success': 'success',
  'login.failure': 'wrong_password',
  'mfa.challenge_failed': 'second_factor_failed',
};

/**
 * Serves `GET /metrics` on `host`:`port` (plain Node HTTP: one path, no framework needed);
 * resolves with its URL and the function that closes it.
 */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `${serverUrl(host, typeof address === 'object' && address ? address.port : port)}/metrics`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics when METRICS_PORT is set, else null. */
    metrics: Metrics | null;
  }
}

/**
 * `app.metrics` ('metrics', needs 'database' and 'staff-services'): every request timed, stored
 * applications and login outcomes counted; null when not `enabled` (no METRICS_PORT).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { enabled }: { enabled: boolean }) => {
    const metrics = enabled ? new Metrics(app.database) : null;
    app.decorate('metrics', metrics);
    metrics?.observe(app, (request) => submissionOrigin(request) !== null);
    metrics?.countLogins(app.auditLog);
  },
  { name: 'metrics', dependencies: ['database', 'staff-services'] },
);
