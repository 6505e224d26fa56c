/**
 * What the server sends for built files: the precompressed copy the request accepts, with
 * Vary: Accept-Encoding; hashed files immutable; entry files, media and custom-elements.json a
 * short cache and an ETag that answers 304. The real static routes and header rules, on a scratch
 * dist written by the real widget build, the build's list of hashed files and its precompress step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWidgets } from '../../scripts/build-widgets.ts';
import { writeHashedFiles } from '../../scripts/hashed-files.ts';
import { ROOT } from '../../scripts/paths.ts';
import { precompress } from '../../scripts/precompress.ts';
import { widgetEntries } from '../../scripts/widget-entries.ts';
import { httpSecurity } from '../../server/security/headers.ts';
import { staticRoutes } from '../../server/static.ts';

// Made in beforeAll, not when the file is read: a run that filters every test out (`-t`) skips
// the hooks, afterAll's clean-up among them.
let dist = '';
let widgetsDir = '';
const app = Fastify();
const entry = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const MEDIA = 'videos/what-is-the-fund.mp4';
const GEO = 'geo/us-states-Test1234_-.json';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300, must-revalidate';

/** Every entry file partners load: one per widget (names with hyphens among them), and all.js. */
const entryFiles = [...Object.keys(widgetEntries()), 'all'].map((name) => `${name}.js`);
/** Every other script the widget build wrote: its chunks, content-hashed. */
let chunkFiles: string[] = [];

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-static-'));
  widgetsDir = path.join(dist, 'widgets');
  await buildWidgets(widgetsDir);
  chunkFiles = fs
    .readdirSync(widgetsDir)
    .filter((name) => name.endsWith('.js') && !entryFiles.includes(name));
  fs.writeFileSync(path.join(widgetsDir, 'spartan-test.js'), entry);
  fs.mkdirSync(path.join(widgetsDir, 'geo'));
  fs.writeFileSync(path.join(widgetsDir, GEO), '{"states":[]}');
  fs.mkdirSync(path.join(dist, 'media', path.dirname(MEDIA)), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'media', MEDIA), path.join(dist, 'media', MEDIA));
  fs.mkdirSync(path.join(dist, 'site'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'site', 'index.html'), `<!doctype html><p>${'hi '.repeat(500)}`);
  // The site build's own manifest, as Vite leaves it (the widget build's is there already).
  fs.mkdirSync(path.join(dist, 'site', '.vite'));
  fs.writeFileSync(path.join(dist, 'site', '.vite', 'manifest.json'), '{}');
  fs.copyFileSync(
    path.join(ROOT, 'custom-elements.json'),
    path.join(dist, 'site', 'custom-elements.json'),
  );
  writeHashedFiles(dist);
  for (const dir of ['widgets', 'site', 'media']) precompress(path.join(dist, dir));
  await httpSecurity(app, { corsOrigins: [], submitOrigins: '*', production: false });
  await staticRoutes(app, { distDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** A short cache, and an ETag that answers 304. */
async function expectRevalidated(url: string): Promise<void> {
  const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['cache-control'], url).toBe(SHORT);
  const etag = res.headers.etag as string;
  expect(etag, url).toBeTruthy();
  const again = await get(url, {
    'accept-encoding': 'gzip, deflate, br, zstd',
    'if-none-match': etag,
  });
  expect(again.statusCode, url).toBe(304);
}

describe('built files on the wire', () => {
  it('given Chromium’s Accept-Encoding, then a widget goes out as brotli, smaller, and decodes to the file', async () => {
    const res = await get('/widgets/spartan-test.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.rawPayload.length).toBeLessThan(entry.length / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(entry);
  });

  it('given gzip only, then gzip; given none, then the file as it is', async () => {
    const gz = await get('/widgets/spartan-test.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(entry);
    const plain = await get('/widgets/spartan-test.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entry);
  });

  it('given each hashed chunk of the widget build and the geometry, then it is cached for a year, immutable', async () => {
    expect(chunkFiles.some((name) => name.startsWith('runtime-'))).toBe(true);
    for (const name of [...chunkFiles, GEO]) {
      for (const encoding of ['br', 'identity']) {
        const res = await get(`/widgets/${name}`, { 'accept-encoding': encoding });
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['cache-control'], `${name} (${encoding})`).toBe(IMMUTABLE);
      }
    }
  });

  it('given each widget entry file and all.js, then a short cache and an ETag that answers 304', async () => {
    expect(entryFiles).toEqual(
      expect.arrayContaining(['spartan-apply-form.js', 'spartan-invest-form.js', 'all.js']),
    );
    for (const name of [...entryFiles, 'spartan-test.js']) {
      await expectRevalidated(`/widgets/${name}`);
    }
  });

  it('given a media file, then a short cache and an ETag, open to every origin', async () => {
    await expectRevalidated(`/media/${MEDIA}`);
    const res = await get(`/media/${MEDIA}`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('given /custom-elements.json, then tools on any origin may read it, with a short cache', async () => {
    await expectRevalidated('/custom-elements.json');
    const res = await get('/custom-elements.json', { origin: 'https://tool.example' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.json()).toHaveProperty('modules');
  });

  it('given a site page, then it is compressed too and revalidated', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
  });

  it.each(['/.vite/manifest.json', '/widgets/.vite/manifest.json'])(
    "given %s (a build tool's file, not the product), then 404",
    async (url) => {
      expect(fs.existsSync(path.join(dist, url.startsWith('/widgets/') ? '' : 'site', url))).toBe(
        true,
      );
      expect((await get(url)).statusCode).toBe(404);
    },
  );
});
