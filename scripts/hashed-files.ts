/**
 * dist/hashed-files.json: every built file whose name carries a content hash, as paths relative
 * to dist/. server/static.ts caches exactly these for a year (immutable); everything else it
 * sends revalidates. Taken from what the builds say they wrote, never from the look of a name
 * (`spartan-apply-form.js` and a chunk `Submit--vos2Rjm.js` look alike):
 * - the widget build's Vite manifest: its chunks and assets (`[name]-[hash]`), not its entries
 *   (`spartan-<name>.js`, `all.js`: names partners hard-code);
 * - the site build's Vite manifest: every file it lists (Vite's `assets/[name]-[hash]`), not the
 *   public files copied as they are (`favicon.svg`, `robots.txt`, `custom-elements.json`);
 * - the map geometry in `widgets/geo/`, named by its content hash (scripts/build-geo.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { HASHED_FILES } from '../server/static.ts';

const COMPRESSED = /\.(?:br|gz)$/;

function manifestFiles(dir: string, entries: 'with-entries' | 'without-entries'): string[] {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (entries === 'with-entries' || !chunk.isEntry) files.add(chunk.file);
    for (const other of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(other);
  }
  return [...files].map((f) => path.posix.join(path.basename(dir), f));
}

export function hashedFiles(distDir: string): string[] {
  const geoDir = path.join(distDir, 'widgets', 'geo');
  const geo = fs.existsSync(geoDir)
    ? fs
        .readdirSync(geoDir)
        .filter((name) => !COMPRESSED.test(name))
        .map((name) => `widgets/geo/${name}`)
    : [];
  return [
    ...manifestFiles(path.join(distDir, 'widgets'), 'without-entries'),
    ...geo,
    ...manifestFiles(path.join(distDir, 'site'), 'with-entries'),
  ].sort();
}

export function writeHashedFiles(distDir: string): void {
  fs.writeFileSync(
    path.join(distDir, HASHED_FILES),
    `${JSON.stringify(hashedFiles(distDir), null, 2)}\n`,
  );
}
