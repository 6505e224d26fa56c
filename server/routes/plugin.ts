/**
 * The application routes as one Fastify plugin ('application-routes'): health, the two kinds of
 * application (submissions and their staff side), the hiring desk and the team desk. Each route
 * plugin reads its services from the app (`app.db`, `app.files`, `app.sessions`, `app.mailer`,
 * `app.outbox`, `app.submitLimiter`), declared by the plugins named below.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deskRoutes } from './desk.ts';
import { healthRoutes } from './health.ts';
import { investorRoutes } from './investors.ts';
import { spartanRoutes } from './spartan.ts';
import { teamDeskRoutes } from './team-desk.ts';

export const applicationRoutes = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes);
    await app.register(spartanRoutes);
    await app.register(investorRoutes);
    await app.register(teamDeskRoutes);
    await app.register(deskRoutes);
  },
  {
    name: 'application-routes',
    dependencies: [
      'database',
      'staff-services',
      'mailer',
      'submit-limits',
      'request-validation',
      'multipart-uploads',
      'zod-serialization',
    ],
  },
);
