/** Server configuration from the environment, with the defaults of CONTRACT.md. */
import path from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  /** Built output served by the app (site, widgets). */
  distDir: string;
  /** Where the embedded database and generated secrets live. */
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /** Partner origins allowed to call the public submission endpoints by CORS (exact match). */
  corsOrigins: string[];
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 3000,
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    corsOrigins: (env.CORS_ORIGINS ?? 'http://127.0.0.1:5174,http://localhost:5174')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
  };
}
