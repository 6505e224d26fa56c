/**
 * Serves the built site and widget bundles from `distDir`.
 * - Text files go out as the brotli or gzip copy the build wrote beside them, by the
 *   request's Accept-Encoding (Vary: Accept-Encoding), else as they are.
 * - Hashed files are cached for a year, immutable; the rest (widget entries, whose names
 *   partners hard-code, the site's pages) revalidate with their ETag.
 * - /widgets/*, /media/*: CORS open and a cross-origin resource policy partners can load.
 * - everything else: the prerendered site (`<route>/index.html`), the 404 page otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css|json|woff2|webp|svg|png|mp4|webm|vtt)(?:\.br|\.gz)?$/;

export interface StaticOptions {
  distDir: string;
}

export async function staticRoutes(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  const distDir = path.resolve(opts.distDir);
  const widgetsDir = path.join(distDir, 'widgets');
  const siteDir = path.join(distDir, 'site');

  // Widget bundles and the media they show are loaded by partner pages on other origins.
  for (const [prefix, dir] of [
    ['/widgets/', widgetsDir],
    ['/media/', path.join(distDir, 'media')],
  ] as const) {
    if (!fs.existsSync(dir)) continue;
    await app.register(async (scope) => {
      await scope.register(fastifyStatic, {
        root: dir,
        prefix,
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader('Access-Control-Allow-Origin', '*');
          res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
          res.setHeader('Timing-Allow-Origin', '*');
          res.setHeader('Vary', 'Accept-Encoding');
          res.setHeader(
            'Cache-Control',
            HASHED.test(filePath)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=300, must-revalidate',
          );
        },
      });
    });
  }

  if (fs.existsSync(siteDir)) {
    const notFound = path.join(siteDir, '404.html');
    await app.register(fastifyStatic, {
      root: siteDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.method !== 'GET' || !fs.existsSync(notFound)) {
        return reply.code(404).send({ detail: 'Not found' });
      }
      return reply.code(404).type('text/html; charset=utf-8').send(fs.createReadStream(notFound));
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found' }));
  }
}
