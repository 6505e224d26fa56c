/**
 * Serves the built site and widget bundles from `distDir`.
 * - Text files go out as the brotli or gzip copy the build wrote beside them, by the
 *   request's Accept-Encoding (Vary: Accept-Encoding, beside CORS's Vary: Origin), else as
 *   they are.
 * - Hashed files are cached for a year, immutable: exactly those the build lists in
 *   dist/hashed-files.json (scripts/hashed-files.ts), never guessed from a name. The rest
 *   revalidate with their ETag: widget entries (names partners hard-code), media and
 *   /custom-elements.json after five minutes, the site's pages and public files always.
 * - /widgets/*, /media/*, /custom-elements.json: CORS open and a cross-origin resource policy
 *   partners and tools can load.
 * - everything else: the prerendered site (`<route>/index.html`), the 404 page otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERR_METHOD_NOT_ALLOWED, ERR_NOT_FOUND, sendError, type ApiError } from './api-errors.ts';
import { rulePath } from './security/headers.ts';

/** Written by the build (scripts/hashed-files.ts): the content-hashed files, relative to dist/. */
export const HASHED_FILES = 'hashed-files.json';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300, must-revalidate';

/** The content-hashed files as absolute paths; none (all revalidate) without the build's list. */
function readHashedFiles(distDir: string): Set<string> {
  const list = path.join(distDir, HASHED_FILES);
  if (!fs.existsSync(list)) return new Set();
  const files = JSON.parse(fs.readFileSync(list, 'utf8')) as string[];
  return new Set(files.map((file) => path.join(distDir, file)));
}

/** The file a precompressed copy was made from. */
const original = (filePath: string) => filePath.replace(/\.(?:br|gz)$/, '');

function openToEveryOrigin(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Timing-Allow-Origin', '*');
}

export interface StaticOptions {
  distDir: string;
}

export async function staticRoutes(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  const distDir = path.resolve(opts.distDir);
  const widgetsDir = path.join(distDir, 'widgets');
  const siteDir = path.join(distDir, 'site');
  const hashed = readHashedFiles(distDir);
  const elementsManifest = path.join(siteDir, 'custom-elements.json');

  // Vary: Accept-Encoding on every file, set on the reply: a header set on the raw response (as
  // setHeaders does) is replaced when the reply writes its own, such as CORS's `Vary: Origin`.
  app.addHook('onSend', async (_request, reply, payload) => {
    const vary = reply.getHeader('vary');
    const fields =
      vary === undefined
        ? []
        : String(vary)
            .split(',')
            .map((f) => f.trim());
    if (!fields.some((f) => f.toLowerCase() === 'accept-encoding')) {
      reply.header('Vary', [...fields, 'Accept-Encoding'].join(', '));
    }
    return payload;
  });

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
        // Files and folders whose names begin with a dot (the build's .vite/manifest.json) are
        // the build's, not the product: 404.
        dotfiles: 'ignore',
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          openToEveryOrigin(res);
          res.setHeader('Cache-Control', hashed.has(original(filePath)) ? IMMUTABLE : SHORT);
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
      dotfiles: 'ignore', // As above.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const file = original(filePath);
        if (file === elementsManifest) {
          // Fetched by editors, linters and documentation tools from anywhere.
          openToEveryOrigin(res);
          res.setHeader('Cache-Control', SHORT);
        } else {
          res.setHeader('Cache-Control', hashed.has(file) ? IMMUTABLE : 'no-cache');
        }
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const path = rulePath(request);
      const api = path.startsWith('/api/') || path === '/api';
      if (api || request.method !== 'GET' || !fs.existsSync(notFound)) {
        return sendError(reply, apiNotFound(app, request.method, path));
      }
      return reply.code(404).type('text/html; charset=utf-8').send(fs.createReadStream(notFound));
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      sendError(reply, apiNotFound(app, request.method, rulePath(request))),
    );
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What a call no route answers gets: 405 with `Allow` when its API path exists under other
 * methods (the site's catch-all for files does not count), else 404.
 */
function apiNotFound(app: FastifyInstance, method: string, path: string): ApiError {
  if (!path.startsWith('/api/')) return ERR_NOT_FOUND();
  const allowed = METHODS.filter((other) => {
    if (other === method) return false;
    const route = app.findRoute({ method: other, url: path });
    return route !== null && !Object.hasOwn(route.params ?? {}, '*');
  });
  return allowed.length ? ERR_METHOD_NOT_ALLOWED(allowed) : ERR_NOT_FOUND();
}
