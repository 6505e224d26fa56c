/**
 * Listens on HOST:PORT and stops cleanly on SIGINT/SIGTERM: new requests get 503,
 * in-flight ones finish (up to 10 s), then the database closes (up to 60 s more) and the
 * data-folder lock is released. While it runs, it answers `npm run staff` on its
 * admin socket.
 */
import { build } from './app.ts';
import { loggedError } from './api-errors.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { databaseName } from './cli/commands.ts';
import { configFromEnv } from './config.ts';
import { startMetricsServer } from './metrics.ts';

export async function startServer(): Promise<void> {
  const config = configFromEnv();
  // Request and error logs (JSON, one line each) in production; quiet in development.
  const app = await build({ ...config, logger: config.production });
  let closing = false;
  let stopSocket: () => Promise<void> = async () => undefined;
  let stopMetrics: () => Promise<void> = async () => undefined;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing…`);
    // Requests in flight get 10 s. The database's close comes after them and gets its own, longer
    // limit: a checkpoint on a busy machine can pass 10 s by itself, and the 10 s counted it too.
    const drain = setTimeout(() => {
      console.error('Requests still running after 10 s: exiting anyway.');
      process.exit(1);
    }, 10_000).unref();
    app.server.once('close', () => {
      clearTimeout(drain);
      setTimeout(() => {
        console.error('The database did not close within 60 s: exiting anyway.');
        process.exit(1);
      }, 60_000).unref();
    });
    Promise.all([stopSocket(), stopMetrics(), app.close()]).then(
      () => process.exit(0),
      (err: unknown) => {
        // Name, code and first line only: a database error's message carries query parameters.
        console.error(`Closing failed: ${JSON.stringify(loggedError(err))}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw new ListenError(config.host, config.port, err);
  }
  // `npm run staff` reaches this server through DATA_DIR/admin.sock (server/cli/admin-socket.ts).
  stopSocket = await startAdminSocket(
    app.staff,
    config.dataDir,
    (m) => console.warn(m),
    databaseName(config),
    app.dumpDatabase ?? undefined,
  );
  if (app.metrics && config.metricsPort !== undefined) {
    try {
      const served = await startMetricsServer(app.metrics, config.host, config.metricsPort);
      stopMetrics = served.close;
      console.log(`Metrics on ${served.url}`);
    } catch (err) {
      await Promise.all([stopSocket(), app.close()]).catch(() => undefined);
      throw new ListenError(config.host, config.metricsPort, err, 'METRICS_PORT');
    }
  }
  console.log(`Spartans platform ready on ${app.listeningUrl()}`);
}

const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'another program is using that port',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'that address is not one of this machine',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
};

/**
 * The server could not listen on HOST:PORT. Its own class, because the same codes (ENOTFOUND,
 * EACCES) also come from the database and the data folder, and the sentence must name the setting
 * that is wrong.
 */
export class ListenError extends Error {
  override name = 'ListenError';
  constructor(host: string, port: number, cause: unknown, setting = 'PORT') {
    const code = (cause as { code?: string } | null)?.code ?? '';
    const problem = LISTEN_PROBLEMS[code] ?? (code || 'it failed');
    super(
      `The server cannot start: it cannot listen on ${host}:${port} (${problem}${code && problem !== code ? `, ${code}` : ''}); set HOST to an address of this machine and ${setting} to a free port.`,
      { cause },
    );
  }
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  ENOSPC: 'the disk is full',
  ENOENT: 'it does not exist',
};

/** A start-up failure in one sentence, never a stack (nor a database password). */
export function startupMessage(err: unknown): string {
  const {
    code,
    path: file,
    message,
    name,
  } = (err ?? {}) as {
    code?: string;
    path?: string;
    message?: string;
    name?: string;
  };
  if (
    (name === 'DataDirLockedError' || name === 'ConfigError' || name === 'ListenError') &&
    message
  ) {
    return message;
  }
  if (code && file && FILE_PROBLEMS[code]) {
    return `The server cannot start: it cannot use ${file} (${FILE_PROBLEMS[code]}, ${code}); check DATA_DIR and the folder's owner and permissions.`;
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `The server cannot start: PostgreSQL at DATABASE_URL did not accept the connection (${code}).`;
  }
  const first = (message ?? String(err)).split('\n')[0];
  return `The server cannot start: ${first}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err: unknown) => {
    console.error(startupMessage(err));
    process.exit(1);
  });
}
