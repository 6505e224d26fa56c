/**
 * The application: `build(options)` returns a ready Fastify instance without
 * listening, so tests drive it with `app.inject()`. `server/main.ts` listens.
 *
 * `build` opens the database (PGlite in `dataDir`, or PostgreSQL at
 * `databaseUrl`) and runs the migrations; `app.close()` closes it and releases
 * the data-folder lock. `app.staff` manages staff accounts (see server/staff.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Sessions } from './auth.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/index.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  ERR_INTERNAL,
  ERR_RATE_LIMITED,
  databaseUnavailable,
  type ApiError,
} from './errors.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { investorRoutes } from './routes/investors.ts';
import { spartanRoutes } from './routes/spartan.ts';
import { httpSecurity } from './security/http.ts';
import { loadSecret, TokenService } from './security/tokens.ts';
import { staffService, type StaffService } from './staff.ts';
import { MULTIPART_LIMITS } from './uploads.ts';
import { useStrictJson, useZodValidation } from './validation.ts';
import { staticRoutes } from './static.ts';

export interface BuildOptions extends Partial<ServerConfig> {
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database (PGlite or PostgreSQL). */
    db: Db;
    /** Staff accounts: `await app.staff.create({ username, password, name })`. */
    staff: StaffService;
  }
}

/** JSON bodies (login, investor application) are small. */
const JSON_BODY_LIMIT = 16 * 1024;

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
  errors?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options };
  const database: Database = await openDatabase(config);
  try {
    return await assemble(config, database, options.logger ?? false);
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function assemble(
  config: ServerConfig,
  database: Database,
  logger: boolean,
): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger,
    // Several forms of one option: narrowed so Fastify's overloads pick the HTTP/1 server.
    trustProxy: Array.isArray(trustProxy) ? trustProxy : (trustProxy as boolean),
    // Slow clients: idle sockets dropped after 30 s, a whole request must arrive within 60 s.
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 5_000,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.server.headersTimeout = 15_000;
  app.addHook('onClose', () => database.close());

  app.decorate('db', database.db);
  app.decorate('staff', staffService(database.db));

  app.setErrorHandler((error: FastifyLikeError, request, reply) => {
    let status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    let detail = error.message ?? 'Bad request';
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') detail = 'Unsupported content type';
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') detail = 'Request body is too large';
    if (status === 406) status = 400;
    if (status === 500 && databaseUnavailable(error)) {
      status = 503;
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    if (status >= 500) {
      // The name and code only: a query layer's message can carry the query's parameters,
      // which are applicants' data.
      request.log.error(
        { err: { name: (error as Error).name, code: error.code } },
        'request failed',
      );
      detail = status === 503 ? 'Service unavailable' : ERR_INTERNAL;
    }
    if (error.headers) reply.headers(error.headers);
    reply.code(status).send(error.errors ? { detail, errors: error.errors } : { detail });
  });

  const tokens = new TokenService(loadSecret(config.dataDir, config.authSecret));
  const sessions = new Sessions(database.db, tokens);

  // Called, not registered: its headers and CORS rules apply to every route, static ones too.
  await httpSecurity(app, {
    corsOrigins: config.corsOrigins,
    submitOrigins: config.submitOrigins,
    production: config.production,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      ERR_RATE_LIMITED(Math.max(1, Math.ceil(context.ttl / 1000))) as ApiError,
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  useStrictJson(app, JSON_BODY_LIMIT);
  useZodValidation(app);

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, { db: database.db, sessions, rateLimits: config.rateLimits });
  await app.register(spartanRoutes, {
    db: database.db,
    transaction: (body) => database.transaction(body),
    sessions,
    submitLimit: config.rateLimits.submit,
  });
  await app.register(investorRoutes, {
    db: database.db,
    sessions,
    submitLimit: config.rateLimits.submit,
  });
  await app.register(staticRoutes, { distDir: config.distDir });
  await app.ready();
  return app;
}
