import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../../schemas/api-paths.ts';
import { ERR_DATABASE_UNAVAILABLE, sendError } from '../api-errors.ts';
import { errorBody, health } from '../../schemas/responses.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        response: {
          200: health,
          503: errorBody,
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' };
      } catch {
        return sendError(reply, ERR_DATABASE_UNAVAILABLE());
      }
    },
  );
}
