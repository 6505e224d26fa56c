/**
 * Listens on HOST:PORT and stops cleanly on SIGINT/SIGTERM: new requests get 503,
 * in-flight ones finish (up to 10 s), then the database closes and the
 * data-folder lock is released. While it runs, it answers `npm run staff` on its
 * admin socket.
 */
import { build } from './app.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { configFromEnv } from './config.ts';

export async function startServer(): Promise<void> {
  const config = configFromEnv();
  // Request and error logs (JSON, one line each) in production; quiet in development.
  const app = await build({ ...config, logger: config.production });
  let closing = false;
  let stopSocket: () => Promise<void> = async () => undefined;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing…`);
    setTimeout(() => {
      console.error('Requests still running after 10 s: exiting anyway.');
      process.exit(1);
    }, 10_000).unref();
    Promise.all([stopSocket(), app.close()]).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  // `npm run staff` reaches this server through DATA_DIR/admin.sock (server/cli/admin-socket.ts).
  stopSocket = await startAdminSocket(app.staff, config.dataDir, (m) => console.warn(m));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Spartans platform ready on http://${config.host}:${port}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
