/**
 * The database and the resume file store as a Fastify plugin ('database', which the services
 * and routes name as their dependency): `app.database`, `app.db`, `app.runStatement`, `app.files`
 * and `app.dumpDatabase`,
 * the hourly file upkeep (server/storage/open.ts), and both closed last when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorLabel } from '../api-errors.ts';
import type { FileStore } from '../storage/index.ts';
import { startFileUpkeep } from '../storage/open.ts';
import type { Database, Db } from './index.ts';
import type { RunStatement } from './prepared.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: its ping, pool use and dump (server/db/index.ts). */
    database: Database;
    /** The drizzle database (PGlite or PostgreSQL). */
    db: Db;
    /** A statement run for its effect, prepared once per text (server/db/prepared.ts). */
    runStatement: RunStatement;
    /** Where resume bytes live (server/storage); see deleteApplications in server/applications.ts. */
    files: FileStore;
    /** The embedded database's copy for `npm run backup` (Database.dump); null on PostgreSQL. */
    dumpDatabase: ((file: string) => Promise<void>) | null;
  }
}

export interface DatabasePluginOptions {
  database: Database;
  files: FileStore;
}

export const databasePlugin = fp(
  async (app: FastifyInstance, { database, files }: DatabasePluginOptions) => {
    const upkeep = await startFileUpkeep(database, files, (err) =>
      app.log.error({ err: errorLabel(err) }, 'file sweep failed'),
    );
    // Added first, so run last: after every service that still writes has stopped.
    app.addHook('onClose', async () => {
      await upkeep.stop();
      await files.close();
      await database.close();
    });
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('runStatement', database.run);
    app.decorate('files', files);
    app.decorate('dumpDatabase', database.dump ?? null);
  },
  { name: 'database' },
);
