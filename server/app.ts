/**
 * The application: `build(options)` returns a ready Fastify instance without
 * listening, so tests drive it with `app.inject()`. `server/main.ts` listens.
 *
 * `build` opens the database (PGlite in `dataDir`, or PostgreSQL at
 * `databaseUrl`) and runs the migrations; `app.close()` closes it and releases
 * the data-folder lock. `app.staff` manages staff accounts (see server/staff/accounts.ts), and
 * `app.auditLog` is the audit trail (server/staff/audit-trail.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { configFromEnv, type ServerConfig } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { databasePlugin } from './db/plugin.ts';
import { retentionJob } from './desk/retention.ts';
import { errorHandler } from './error-handler.ts';
import {
  requestLifecycle,
  serverAddresses,
  serverOptions,
  type LoggerOption,
  type SlowClientTimeouts,
} from './http-server.ts';
import { mailerPlugin } from './mail/plugin.ts';
import { metricsPlugin } from './metrics.ts';
import { applicationRoutes } from './routes/plugin.ts';
import { httpSecurityPlugin } from './security/headers.ts';
import type { Argon2Params } from './security/passwords.ts';
import { zodSerialization } from './serialization.ts';
import { staffRoutes, staffServices } from './staff/plugin.ts';
import { staticRoutes } from './static.ts';
import type { FileStore } from './storage/index.ts';
import { openFileStore } from './storage/open.ts';
import { submitLimits } from './submit-limit.ts';
import { multipartUploads } from './uploads.ts';
import { requestValidation } from './validation.ts';

export { MAX_HEADER_BYTES, SLOW_CLIENT_TIMEOUTS, type SlowClientTimeouts } from './http-server.ts';

export interface BuildOptions extends Partial<ServerConfig> {
  /** Request and error logs (JSON lines): on stdout, or into `stream` (tests read them). */
  logger?: LoggerOption;
  /** The slow-client limits, shortened by tests (SLOW_CLIENT_TIMEOUTS by default). */
  timeouts?: Partial<SlowClientTimeouts>;
  /**
   * argon2id cost, for test suites that hash a lot (never set by the environment). Below
   * OWASP's minimum (server/security/passwords.ts) only outside production.
   */
  passwordHashing?: Argon2Params;
}

export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options };
  const database: Database = await openDatabase(config);
  let files: FileStore | undefined;
  try {
    files = await openFileStore(config, database);
    return await assemble(config, database, files, options);
  } catch (err) {
    await files?.close();
    await database.close();
    throw err;
  }
}

/**
 * The app as a list of plugins, each declaring what it needs (fastify-plugin `dependencies`,
 * checked at start): configuration is passed as options, services are read from the app's
 * decorators. The order is the order of their hooks: the lifecycle's first, onClose in reverse.
 */
async function assemble(
  config: ServerConfig,
  database: Database,
  files: FileStore,
  options: BuildOptions,
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify(serverOptions(config, options.logger, options.timeouts));
  await app.register(requestLifecycle);
  await app.register(databasePlugin, { database, files });
  await app.register(staffServices, { config, passwordHashing: options.passwordHashing });
  await app.register(metricsPlugin, { enabled: config.metricsPort !== undefined });
  await app.register(serverAddresses, { config });
  await app.register(mailerPlugin, { config });
  await app.register(errorHandler);
  await app.register(submitLimits, {
    limit: config.rateLimits.submit,
    databaseUrl: config.databaseUrl,
  });
  await app.register(httpSecurityPlugin, {
    corsOrigins: config.corsOrigins,
    submitOrigins: config.submitOrigins,
    production: config.production,
  });
  await app.register(multipartUploads);
  await app.register(requestValidation);
  await app.register(zodSerialization);
  await app.register(staffRoutes);
  await app.register(applicationRoutes);
  await app.register(staticRoutes, { distDir: config.distDir });
  await app.register(retentionJob, { days: config.retentionDays });
  await app.ready();
  return app;
}
