/**
 * The HTTP server around the app: Fastify's options (slow-client limits true to the second, the
 * header size, Node's query parser, logs without query strings), the hooks that answer before any
 * route (503 while closing, 400 without Host, the idle limit kept off the server's own work), and
 * the addresses the server is reached at.
 */
import querystring from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  clientErrorHandler,
  ERR_BAD_REQUEST,
  ERR_RESTARTING,
  frameworkErrors,
  loggedError,
  sendError,
} from './api-errors.ts';
import { serverUrl, type ServerConfig } from './config.ts';
import { JSON_BODY_LIMIT } from './validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the server listens, with the port it really got, as `npm start` prints it. */
    listeningUrl: () => string;
    /** The site's address for links in mails: PUBLIC_URL, else `listeningUrl()`. */
    publicUrl: () => string;
  }
}

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

/** Request and error logs (JSON lines): on stdout, or into `stream` (tests read them). */
export type LoggerOption = boolean | { stream: NodeJS.WritableStream };

/**
 * Logger options: the request line without its query string (a search's `q` is an applicant's
 * name or email), and errors (`err`, ours and Fastify's own) as loggedError shows them.
 */
function loggerOptions(logger: LoggerOption | undefined) {
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

/** Fastify's options for the app. */
export function serverOptions(
  { trustProxy }: ServerConfig,
  logger: LoggerOption | undefined,
  limits: Partial<SlowClientTimeouts> | undefined,
) {
  const timeouts = { ...SLOW_CLIENT_TIMEOUTS, ...limits };
  return {
    logger: loggerOptions(logger),
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
      // in `requestLifecycle` answers it in the API's shape instead.
      requireHostHeader: false,
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Node's parser, not Fastify's default (fast-querystring): that one keeps an escape it cannot
    // decode as it came, so `?q=%ff` searched for the text "%ff"; Node's decodes the bytes and
    // marks what is not UTF-8 with U+FFFD, which the query schemas refuse (routes/common.ts).
    routerOptions: { querystringParser: (query: string) => querystring.parse(query) },
    // Answered by `requestLifecycle`, in the API's shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle' as const,
    // Errors raised before a route runs, in the API's {"detail": …, "code": …} shape too.
    frameworkErrors,
    clientErrorHandler,
  };
}

/**
 * The first hooks of every request. While the server closes (SIGTERM), requests still arriving
 * on open connections get 503 with Retry-After at once; those already running finish. Registered
 * first: nothing else runs for them.
 */
export const requestLifecycle = fp(
  async (app: FastifyInstance) => {
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
    // The idle limit (Node's socket timeout) is for a client gone quiet, not for the server's
    // own work: Node destroys a socket that times out unless something listens, and a password
    // check on a busy machine (argon2id and the strength estimate on low-priority threads) has
    // taken over 30 s, so the client saw the connection close with no answer while the change
    // went through. Once the request has fully arrived and until the answer starts, the socket
    // is kept; a client that goes quiet while sending its request, or while its answer is being
    // written, is not.
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.on('timeout', () => {
        if (!request.raw.complete || reply.raw.headersSent) request.raw.socket.destroy();
      });
      done();
    });
  },
  { name: 'request-lifecycle' },
);

/** `app.listeningUrl()` and `app.publicUrl()`. */
export const serverAddresses = fp(
  async (app: FastifyInstance, { config }: { config: ServerConfig }) => {
    app.decorate('listeningUrl', () => {
      const address = app.server.address();
      return serverUrl(
        config.host,
        typeof address === 'object' && address ? address.port : config.port,
      );
    });
    app.decorate('publicUrl', () => config.publicUrl ?? app.listeningUrl());
  },
  { name: 'server-addresses' },
);
