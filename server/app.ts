/**
 * The application: `build(options)` returns a ready Fastify instance without
 * listening, so tests drive it with `app.inject()`. `server/main.ts` listens.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { configFromEnv, type ServerConfig } from './config.ts';
import { healthRoutes } from './routes/health.ts';
import { staticRoutes } from './static.ts';

export interface BuildOptions extends Partial<ServerConfig> {
  logger?: boolean;
}

export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options };
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: false,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 5_000,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error(error);
    reply
      .code(status)
      .send({ detail: status >= 500 ? 'Internal server error' : (error.message ?? 'Bad request') });
  });

  await app.register(healthRoutes, {});
  await app.register(staticRoutes, { distDir: config.distDir });
  return app;
}
