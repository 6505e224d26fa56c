/** `npm run build`: writes dist/ (widgets, site, lib) and custom-elements.json. */
import { buildGeo } from './build-geo.ts';
import { buildLib, servedManifest } from './build-lib.ts';
import { buildMedia } from './build-media.ts';
import { buildSite } from './build-site.ts';
import { buildWidgets } from './build-widgets.ts';
import { writeManifest } from './manifest.ts';
import fs from 'node:fs';
import path from 'node:path';
import { writeHashedFiles } from './hashed-files.ts';
import { DIST } from './paths.ts';
import { precompress } from './precompress.ts';

const steps: Array<[string, () => Promise<void>]> = [
  // First: the widgets and the site bundle the geometry's hashed name.
  ['geo', async () => void (await buildGeo())],
  ['widgets', buildWidgets],
  ['media', buildMedia],
  ['site', buildSite],
  [
    'custom-elements.json',
    async () => {
      await writeManifest();
      // Served at /custom-elements.json for editors and tools, naming the served files.
      fs.writeFileSync(
        path.join(DIST, 'site', 'custom-elements.json'),
        `${JSON.stringify(servedManifest(), null, 2)}\n`,
      );
    },
  ],
  // The files the server caches for a year: what the builds above wrote with a hash.
  ['hashed-files.json', async () => writeHashedFiles(DIST)],
  [
    'compressed copies',
    async () => {
      for (const dir of ['site', 'widgets', 'media']) precompress(path.join(DIST, dir));
    },
  ],
  // Last: the package ships the manifest.
  ['lib', buildLib],
];

export async function buildAll(): Promise<void> {
  for (const [name, step] of steps) {
    const started = performance.now();
    await step();
    console.log(`built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`output in ${DIST}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
