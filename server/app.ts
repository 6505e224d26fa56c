/**
 * The application: `build(options)` returns a ready Fastify instance without
 * listening, so tests drive it with `app.inject()`. `server/main.ts` listens.
 *
 * `build` opens the database (PGlite in `dataDir`, or PostgreSQL at
 * `databaseUrl`) and runs the migrations; `app.close()` closes it and releases
 * the data-folder lock. `app.staff` manages staff accounts (see server/staff.ts), and
 * `app.auditLog` is the audit trail (server/audit.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { AuditLog } from './audit.ts';
import { Sessions } from './auth.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/index.ts';
import {
  ApiError,
  DATABASE_RETRY_AFTER_SECONDS,
  ERR_INTERNAL,
  ERR_UNAVAILABLE,
  ERR_RATE_LIMITED,
  databaseUnavailable,
} from './errors.ts';
import { accountRoutes } from './routes/account.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { investorRoutes } from './routes/investors.ts';
import { spartanRoutes } from './routes/spartan.ts';
import { staffAdminRoutes } from './routes/staff-admin.ts';
import type { StaffSecurity } from './routes/staff-security.ts';
import { httpSecurity } from './security/http.ts';
import { LoginThrottle } from './security/login-limiter.ts';
import { ARGON2_PARAMS, PasswordHasher, type Argon2Params } from './security/passwords.ts';
import { loadSecret, TokenService } from './security/tokens.ts';
import { TotpKeys } from './security/totp.ts';
import { StaffService } from './staff.ts';
import { MULTIPART_LIMITS } from './uploads.ts';
import { useStrictJson, useZodValidation } from './validation.ts';
import { staticRoutes } from './static.ts';

export interface BuildOptions extends Partial<ServerConfig> {
  logger?: boolean;
  /**
   * argon2id cost, for test suites that hash a lot (never set by the environment). Below
   * OWASP's minimum (server/security/passwords.ts) only outside production.
   */
  passwordHashing?: Argon2Params;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database (PGlite or PostgreSQL). */
    db: Db;
    /** Staff accounts: `await app.staff.create({ username, password, name })`. */
    staff: StaffService;
    /** Password hashing and policy, on the bounded worker pool (server/security/passwords.ts). */
    passwords: PasswordHasher;
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
    return await assemble(config, database, options.logger ?? false, options.passwordHashing);
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function assemble(
  config: ServerConfig,
  database: Database,
  logger: boolean,
  passwordHashing: Argon2Params | undefined,
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
  const tokens = new TokenService(loadSecret(config.dataDir, config.authSecret));
  const weaker =
    passwordHashing &&
    (passwordHashing.memoryCost < ARGON2_PARAMS.memoryCost ||
      passwordHashing.timeCost < ARGON2_PARAMS.timeCost);
  if (weaker && config.production) {
    throw new Error('argon2id below OWASP minimum parameters is for tests, never production');
  }
  const hasher = new PasswordHasher(passwordHashing ?? ARGON2_PARAMS, config.hashPool);
  const throttle = LoginThrottle.create(config.rateLimits, config.databaseUrl);
  const auditLog = new AuditLog(database.db);
  const totpKeys = new TotpKeys(tokens.derive('totp'));
  const staff = new StaffService(database.db, hasher, totpKeys, auditLog);
  app.addHook('onClose', async () => {
    auditLog.stop();
    await Promise.all([hasher.close(), throttle.close()]);
  });
  app.decorate('staff', staff);
  app.decorate('passwords', hasher);
  app.decorate('auditLog', auditLog);

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
    // Our own 503s (a full password gate) are expected answers, not faults: no log, own words.
    if (status >= 500 && !(error instanceof ApiError && status === 503)) {
      // The name and code only: a query layer's message can carry the query's parameters,
      // which are applicants' data.
      request.log.error(
        { err: { name: (error as Error).name, code: error.code } },
        'request failed',
      );
      detail = status === 503 ? ERR_UNAVAILABLE().message : ERR_INTERNAL;
    }
    if (error.headers) reply.headers(error.headers);
    reply.code(status).send(error.errors ? { detail, errors: error.errors } : { detail });
  });

  const sessions = new Sessions(database.db, tokens);
  const security: StaffSecurity = {
    db: database.db,
    sessions,
    staff,
    hasher,
    throttle,
    totpKeys,
    mfaRequired: config.staffMfa === 'required',
  };

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
  await app.register(authRoutes, security);
  await app.register(accountRoutes, security);
  await app.register(staffAdminRoutes, security);
  await app.register(auditRoutes, security);
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
  auditLog.startRetention(config.auditRetentionDays, (err) =>
    app.log.error({ err }, 'audit retention failed'),
  );
  return app;
}
