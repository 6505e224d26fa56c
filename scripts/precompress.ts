/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file the server sends from
 * dist/: the site, the widget bundles, the map geometry, media JSON and SVG. The server picks
 * one by the request's Accept-Encoding (@fastify/static's preCompressed), so what a browser
 * downloads is what `npm run size` measures. A variant that would not be smaller is not written.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

export function precompress(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    // Vite's own manifests are build metadata, never served.
    if (entry.parentPath.split(path.sep).includes('.vite')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = zlib.gzipSync(data, { level: 9 });
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}
