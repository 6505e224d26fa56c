/**
 * Outgoing mail as a Fastify plugin ('mailer', needs 'database' and 'server-addresses'):
 * `app.mailer`, the queue over SMTP_URL's server or, without it, the outbox folder
 * DATA_DIR/outbox; and `app.outbox`, that folder, which retention and erasure prune even when
 * SMTP_URL is set (it may hold mail of earlier runs). The queue starts once the app is ready and
 * stops when it closes.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import type { Outbox } from '../desk/retention.ts';
import { Mailer } from './mailer.ts';
import { outboxTransport, smtpTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail through its queue (server/mail/mailer.ts). */
    mailer: Mailer;
    /** The outbox folder, and how to wait for a send under way into it. */
    outbox: Outbox;
  }
}

export const mailerPlugin = fp(
  async (app: FastifyInstance, { config }: { config: ServerConfig }) => {
    const dir = path.join(config.dataDir, 'outbox');
    const mailer = new Mailer({
      db: app.db,
      transport: config.smtpUrl
        ? smtpTransport(config.smtpUrl, config.mailFrom)
        : outboxTransport(dir, config.mailFrom),
      publicUrl: () => app.publicUrl(),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.decorate('outbox', {
      dir,
      // Only the outbox transport writes there: an erasure waits for its send under way.
      settled: config.smtpUrl ? async () => undefined : () => mailer.settled(),
    });
    app.addHook('onReady', async () => {
      mailer.start();
    });
    // Before the database closes (onClose hooks run in reverse order of adding).
    app.addHook('onClose', () => mailer.stop());
  },
  { name: 'mailer', dependencies: ['database', 'server-addresses'] },
);
