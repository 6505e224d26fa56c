/**
 * What the server sends for built files: the precompressed copy the request accepts, with
 * Vary: Accept-Encoding; hashed files immutable; entry files a short cache and an ETag that
 * answers 304. The real static routes and the build's own precompress step, on a scratch dist.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import { staticRoutes } from '../../server/static.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-static-'));
const app = Fastify();
const entry = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'widgets'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'site'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'widgets', 'spartan-test.js'), entry);
  fs.writeFileSync(path.join(dist, 'widgets', 'runtime-Ab12Cd34.js'), entry);
  fs.writeFileSync(path.join(dist, 'site', 'index.html'), `<!doctype html><p>${'hi '.repeat(500)}`);
  for (const dir of ['widgets', 'site']) precompress(path.join(dist, dir));
  await staticRoutes(app, { distDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

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

  it('given a hashed chunk, then it is cached for a year, immutable', async () => {
    const res = await get('/widgets/runtime-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('given an entry file, then a short cache and an ETag that answers 304', async () => {
    const res = await get('/widgets/spartan-test.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/widgets/spartan-test.js', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
  });

  it('given a site page, then it is compressed too and revalidated', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
  });
});
