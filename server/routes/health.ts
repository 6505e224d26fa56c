import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../../schemas/api-paths.ts';

export interface HealthOptions {
  /** Resolves when the database answers; rejects otherwise. */
  ping?: () => Promise<void>;
}

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
          503: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
        },
      },
    },
    async (_request, reply) => {
      try {
        await opts.ping?.();
        return { status: 'ok' };
      } catch {
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
    },
  );
}
