/**
 * `npm run demo`: a partner's page on its own origin (http://127.0.0.1:5174, `DEMO_PORT`)
 * embedding the widgets by script tag from the main server, under a strict CSP
 * (no 'unsafe-inline', no 'unsafe-eval'). The main server is the one `npm start` runs with
 * the same environment: http://HOST:PORT (127.0.0.1:3000 by default); `SPARTAN_ORIGIN`
 * names another.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { configFromEnv } from '../server/config.ts';
import { ROOT } from './paths.ts';

const DEMO_DIR = path.join(ROOT, 'demo');

export function partnerCsp(spartanOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${spartanOrigin}`,
    "style-src 'self'",
    `connect-src 'self' ${spartanOrigin}`,
    `img-src 'self' data: ${spartanOrigin}`,
    `media-src ${spartanOrigin}`,
    `font-src ${spartanOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The main server the demo pages load from: `SPARTAN_ORIGIN`, else http://HOST:PORT as `npm start` listens. */
export function demoSpartanOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const { host, port } = configFromEnv(env);
  return (env.SPARTAN_ORIGIN || `http://${host}:${port}`).replace(/\/$/, '');
}

/** `spartanOrigin` may be a getter, so tests can start the demo before the main server. */
export async function buildDemo(spartanOrigin: string | (() => string)): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const originOf = typeof spartanOrigin === 'function' ? spartanOrigin : () => spartanOrigin;
  app.get('/*', async (request, reply) => {
    const origin = originOf();
    const csp = partnerCsp(origin);
    const url = new URL(request.url, 'http://demo');
    const rel = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const file = path.resolve(DEMO_DIR, rel);
    if (
      !file.startsWith(DEMO_DIR + path.sep) ||
      !fs.existsSync(file) ||
      !fs.statSync(file).isFile()
    ) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const ext = path.extname(file);
    const type = {
      '.html': 'text/html; charset=utf-8',
      '.css': 'text/css',
      '.js': 'text/javascript',
    }[ext];
    reply.header('Content-Security-Policy', csp).header('X-Content-Type-Options', 'nosniff');
    if (ext === '.html') {
      return reply
        .type(type ?? 'text/html')
        .send(fs.readFileSync(file, 'utf8').replaceAll('{{SPARTAN_ORIGIN}}', origin));
    }
    return reply.type(type ?? 'application/octet-stream').send(fs.readFileSync(file));
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = demoSpartanOrigin();
  const port = Number(process.env.DEMO_PORT ?? 5174);
  const app = await buildDemo(origin);
  await app.listen({ host: '127.0.0.1', port });
  // The port it listens on (DEMO_PORT=0 picks a free one).
  const { port: listening } = app.server.address() as { port: number };
  console.log(
    `Partner demo on http://127.0.0.1:${listening} (widgets from ${origin}; start that with npm start)`,
  );
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
