/**
 * The application: `build(options)` returns a ready Fastify instance without
 * listening, so tests drive it with `app.inject()`. `server/main.ts` listens.
 *
 * `build` opens the database (PGlite in `dataDir`, or PostgreSQL at
 * `databaseUrl`) and runs the migrations; `app.close()` closes it and releases
 * the data-folder lock. `app.staff` manages staff accounts (see server/staff/accounts.ts), and
 * `app.auditLog` is the audit trail (server/staff/audit-trail.ts).
 */
import path from 'node:path';
import querystring from 'node:querystring';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { configFromEnv, serverUrl, type ServerConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/index.ts';
import type { RunStatement } from './db/prepared.ts';
import {
  ApiError,
  ERR_BAD_REQUEST,
  ERR_INTERNAL,
  ERR_RESTARTING,
  clientErrorHandler,
  ERR_UNAVAILABLE,
  databaseUnavailable,
  errorLabel,
  loggedError,
  frameworkErrors,
  publicError,
  sendError,
  type FastifyLikeError,
} from './api-errors.ts';
import { deskRoutes } from './routes/desk.ts';
import { teamDeskRoutes } from './routes/team-desk.ts';
import { healthRoutes } from './routes/health.ts';
import { investorRoutes } from './routes/investors.ts';
import { spartanRoutes } from './routes/spartan.ts';
import { httpSecurity } from './security/headers.ts';
import type { Argon2Params } from './security/passwords.ts';
import { startOverviewUpkeep } from './desk/overview.ts';
import { startRetention } from './desk/retention.ts';
import { Mailer } from './mail/mailer.ts';
import { outboxTransport, smtpTransport } from './mail/transport.ts';
import { Metrics } from './metrics.ts';
import { submissionOrigin } from './routes/common.ts';
import { MULTIPART_LIMITS } from './uploads.ts';
import { useZodSerialization } from './serialization.ts';
import { useStrictJson, useZodValidation } from './validation.ts';
import { staticRoutes } from './static.ts';
import { SubmitLimiter } from './submit-limit.ts';
import { StorageUnavailableError, type FileStore } from './storage/index.ts';
import { openFileStore } from './storage/open.ts';
import { databasePlugin } from './db/plugin.ts';
import { staffRoutes, staffServices } from './staff/plugin.ts';

export interface BuildOptions extends Partial<ServerConfig> {
  /** Request and error logs (JSON lines): on stdout, or into `stream` (tests read them). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** The slow-client limits, shortened by tests (SLOW_CLIENT_TIMEOUTS by default). */
  timeouts?: Partial<SlowClientTimeouts>;
  /**
   * argon2id cost, for test suites that hash a lot (never set by the environment). Below
   * OWASP's minimum (server/security/passwords.ts) only outside production.
   */
  passwordHashing?: Argon2Params;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded database's copy for `npm run backup` (Database.dump); null on PostgreSQL. */
    dumpDatabase: ((file: string) => Promise<void>) | null;
    /** Prometheus metrics (server/metrics.ts) when METRICS_PORT is set, else null. */
    metrics: Metrics | null;
    /** The drizzle database (PGlite or PostgreSQL). */
    db: Db;
    /** A statement run for its effect, prepared once per text (server/db/prepared.ts). */
    runStatement: RunStatement;
    /** Where resume bytes live (server/storage); see deleteApplications in server/applications.ts. */
    files: FileStore;
    /** Outgoing mail through its queue (server/mail/mailer.ts). */
    mailer: Mailer;
    /** Where the server listens, with the port it really got, as `npm start` prints it. */
    listeningUrl: () => string;
    /** The site's address for links in mails: PUBLIC_URL, else `listeningUrl()`. */
    publicUrl: () => string;
  }
}

/** JSON bodies (login, investor application) are small. */
const JSON_BODY_LIMIT = 16 * 1024;

export interface SlowClientTimeouts {
  /** The request's headers must have arrived within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request must have arrived within this (Node's requestTimeout). */
  requestMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleMs: number;
  keepAliveMs: number;
}

export const SLOW_CLIENT_TIMEOUTS: SlowClientTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

/** How long a client should wait before trying again, when the server is shutting down. */
const CLOSING_RETRY_AFTER_SECONDS = 5;

/** Request headers, all together, at most this many bytes (Node's default, stated): else 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Logger options: the request line without its query string (a search's `q` is an applicant's
 * name or email), and errors (`err`, ours and Fastify's own) as loggedError shows them.
 */
function loggerOptions(logger: BuildOptions['logger']) {
  if (!logger) return false;
  return {
    level: 'info',
    ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; id?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0] ?? '',
        id: request.id,
      }),
      // Fastify's type asks for pino's shape (type, message, stack): no stack here, on purpose.
      err: loggedError as unknown as (error: Error) => {
        type: string;
        message: string;
        stack: string;
      },
    },
  };
}

/** How long a connection refused mid-body stays open, sending nothing, after its answer. */
const LINGER_MS = 2_000;

/**
 * A lingering close, as web servers do for an answer sent before the request's body has all
 * arrived. Node closes such a connection as soon as the answer is written; with the client's
 * body still unread on our side, the close is a TCP reset, which can discard the answer before
 * the client reads it (a loaded test run saw exactly that). Instead the answer and the end of our
 * side go out, what still arrives is read and dropped, and the connection closes after
 * LINGER_MS (the client, having its answer, usually closes first).
 */
function lingerBeforeClosing(request: IncomingMessage): void {
  const socket = request.socket;
  socket.destroySoon = () => {
    socket.end();
    request.resume();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
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

async function assemble(
  config: ServerConfig,
  database: Database,
  files: FileStore,
  options: BuildOptions,
): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const timeouts = { ...SLOW_CLIENT_TIMEOUTS, ...options.timeouts };
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(options.logger),
    // Several forms of one option: narrowed so Fastify's overloads pick the HTTP/1 server.
    trustProxy: Array.isArray(trustProxy) ? trustProxy : (trustProxy as boolean),
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node checks the header and request deadlines on this tick (30 s by default, which made
      // a 15 s limit anything up to 45 s): checked every second, a limit is true to the second.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 4)),
      // Node answers an HTTP/1.1 request without Host with an empty 400 of its own; the hook
      // below answers it in the API's shape instead.
      requireHostHeader: false,
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Node's parser, not Fastify's default (fast-querystring): that one keeps an escape it cannot
    // decode as it came, so `?q=%ff` searched for the text "%ff"; Node's decodes the bytes and
    // marks what is not UTF-8 with U+FFFD, which the query schemas refuse (routes/common.ts).
    routerOptions: { querystringParser: (query) => querystring.parse(query) },
    // Answered by the onRequest hook below, in the API's shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Errors raised before a route runs, in the API's {"detail": …, "code": …} shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  // While the server closes (SIGTERM), requests still arriving on open connections get 503 with
  // Retry-After at once; those already running finish. First of the hooks: nothing else runs.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return sendError(reply, ERR_RESTARTING(CLOSING_RETRY_AFTER_SECONDS));
    // HTTP/1.1 requires the header (RFC 9112, 3.2).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return sendError(reply, ERR_BAD_REQUEST('Missing Host header'));
    }
  });
  // The idle limit (Node's socket timeout) is for a client gone quiet, not for the server's own
  // work: Node destroys a socket that times out unless something listens, and a password check on
  // a busy machine (argon2id and the strength estimate on low-priority threads) has taken over
  // 30 s, so the client saw the connection close with no answer while the change went through.
  // Once the request has fully arrived and until the answer starts, the socket is kept; a client
  // that goes quiet while sending its request, or while its answer is being written, is not.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.on('timeout', () => {
      if (!request.raw.complete || reply.raw.headersSent) request.raw.socket.destroy();
    });
    done();
  });
  await app.register(databasePlugin, { database, files });
  const metrics = config.metricsPort === undefined ? null : new Metrics(database);
  app.decorate('metrics', metrics);
  metrics?.observe(app, (request) => submissionOrigin(request) !== null);
  await app.register(staffServices, { config, passwordHashing: options.passwordHashing });
  metrics?.countLogins(app.auditLog);
  app.decorate('listeningUrl', () => {
    const address = app.server.address();
    return serverUrl(
      config.host,
      typeof address === 'object' && address ? address.port : config.port,
    );
  });
  app.decorate('publicUrl', () => config.publicUrl ?? app.listeningUrl());
  // Pruned by retention and erasure even when SMTP_URL is set: it may hold mail of earlier runs.
  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer = new Mailer({
    db: database.db,
    transport: config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : outboxTransport(outboxDir, config.mailFrom),
    publicUrl: () => app.publicUrl(),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  /** Replaced by the running job's stop once the app is ready. */
  const retention = { stop: async () => undefined as void };
  const overviewUpkeep = { stop: async () => undefined as void };
  // Before the database closes (hooks run in reverse order of adding).
  app.addHook('onClose', async () => {
    await retention.stop();
    await overviewUpkeep.stop();
    await mailer.stop();
  });

  app.setErrorHandler((error: FastifyLikeError, request, reply) => {
    // Ours as thrown; Fastify's and its plugins' under our codes (server/api-errors.ts).
    let answer = publicError(error);
    let status = answer.statusCode;
    if (
      status === 500 &&
      (databaseUnavailable(error) || error instanceof StorageUnavailableError)
    ) {
      status = 503; // ERR_UNAVAILABLE below, with its Retry-After
    }
    // Our own 503s (a full password gate) are expected answers, not faults: no log, own words.
    if (status >= 500) metrics?.databaseError(error);
    if (status >= 500 && !(error instanceof ApiError && status === 503)) {
      // The name and code only: a query layer's message can carry the query's parameters,
      // which are applicants' data.
      request.log.error({ err: errorLabel(error) }, 'request failed');
      answer = status === 503 ? ERR_UNAVAILABLE() : ERR_INTERNAL();
    }
    if (error.headers) reply.headers(error.headers);
    // Refused before its body had all arrived (a form over its bound, say): closing the connection
    // after the answer is the only way not to read the rest, as Node would to reuse it.
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      lingerBeforeClosing(request.raw);
    }
    return sendError(reply, answer);
  });

  const { sessions } = app;
  const submitLimiter = new SubmitLimiter(config.rateLimits.submit, database.url);
  app.addHook('onClose', () => submitLimiter.close());
  // Called, not registered: its headers and CORS rules apply to every route, static ones too.
  await httpSecurity(app, {
    corsOrigins: config.corsOrigins,
    submitOrigins: config.submitOrigins,
    production: config.production,
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  useStrictJson(app, JSON_BODY_LIMIT);
  useZodValidation(app);
  useZodSerialization(app);

  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(staffRoutes);
  await app.register(spartanRoutes, {
    db: database.db,
    files,
    sessions,
    limitSubmit: submitLimiter.hook('apply'),
  });
  await app.register(investorRoutes, {
    db: database.db,
    files,
    sessions,
    limitSubmit: submitLimiter.hook('invest'),
  });
  await app.register(teamDeskRoutes, { db: database.db, files, sessions });
  await app.register(deskRoutes, {
    db: database.db,
    files,
    sessions,
    mailer,
    outbox: {
      dir: outboxDir,
      // Only the outbox transport writes there: an erasure waits for its send under way.
      settled: config.smtpUrl ? async () => undefined : () => mailer.settled(),
    },
  });
  await app.register(staticRoutes, { distDir: config.distDir });
  await app.ready();
  mailer.start();
  retention.stop = startRetention(
    database.db,
    files,
    config.retentionDays,
    outboxDir,
    (removed) => {
      if (removed.spartan + removed.investor + removed.mails > 0) {
        app.log.info(
          { retention: { days: config.retentionDays, ...removed } },
          'expired applications deleted',
        );
      }
    },
    (err) => app.log.error({ err: { name: (err as Error).name } }, 'application retention failed'),
  );
  overviewUpkeep.stop = startOverviewUpkeep(database.db, (err) =>
    app.log.error({ err: { name: (err as Error).name } }, 'overview counts merge failed'),
  );
  return app;
}
