/**
 * Listens on HOST:PORT and stops cleanly on SIGINT/SIGTERM: new requests get 503,
 * in-flight ones finish (up to 10 s), then the database closes and the
 * data-folder lock is released.
 */
import { build } from './app.ts';
import { configFromEnv } from './config.ts';

export async function startServer(): Promise<void> {
  const config = configFromEnv();
  // Request and error logs (JSON, one line each) in production; quiet in development.
  const app = await build({ ...config, logger: config.production });
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing…`);
    setTimeout(() => {
      console.error('Requests still running after 10 s: exiting anyway.');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
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
