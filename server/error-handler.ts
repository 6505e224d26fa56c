/**
 * The app's error handler as a Fastify plugin ('error-handler', needs 'metrics'): every error a
 * route or a plugin throws leaves in the API's shape (server/api-errors.ts). Our own errors as
 * thrown, Fastify's and its plugins' under our codes, an unavailable database or file store as
 * 503 with Retry-After, anything else as a 500 logged by its name and code only.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  ApiError,
  databaseUnavailable,
  ERR_INTERNAL,
  ERR_UNAVAILABLE,
  errorLabel,
  publicError,
  sendError,
  type FastifyLikeError,
} from './api-errors.ts';
import { StorageUnavailableError } from './storage/index.ts';

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

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    const { metrics } = app;
    app.setErrorHandler((error: FastifyLikeError, request, reply) => {
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
      // Refused before its body had all arrived (a form over its bound, say): closing the
      // connection after the answer is the only way not to read the rest, as Node would to
      // reuse it.
      if (request.raw.complete === false) {
        reply.header('connection', 'close');
        lingerBeforeClosing(request.raw);
      }
      return sendError(reply, answer);
    });
  },
  { name: 'error-handler', dependencies: ['metrics'] },
);
