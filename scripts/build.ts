/** `npm run build`: writes dist/ (widgets, site, lib) and custom-elements.json. */
import { buildGeo } from './build-geo.ts';
import { buildLib, emitDeclarations, servedManifest } from './build-lib.ts';
import { buildMedia } from './build-media.ts';
import { buildSite } from './build-site.ts';
import { buildWidgets } from './build-widgets.ts';
import { writeManifest } from './manifest.ts';
import fs from 'node:fs';
import path from 'node:path';
import { writeHashedFiles } from './hashed-files.ts';
import { DIST } from './paths.ts';
import { precompress } from './precompress.ts';

/** The package's declarations being emitted, from the end of the first step. */
let declarations: Promise<void> | undefined;

const steps: Array<[string, () => Promise<void>]> = [
  // First: the widgets and the site bundle the geometry's hashed name. It is the last source file
  // the build writes, so the package's declarations (tsc, a process of its own) start then, beside
  // the steps below: one after the other, they took about 5 of the build's 20 s on a quiet machine.
  [
    'geo',
    async () => {
      await buildGeo();
      declarations = emitDeclarations();
    },
  ],
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
  ['lib', () => buildLib(declarations)],
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
