/**
 * `npm run build`: writes dist/ (widgets, site, lib, the compiled server) and custom-elements.json,
 * and records the hash of the sources it started from (scripts/compiled.mjs), by which `npm start`
 * knows the build is up to date.
 */
import { buildGeo } from './build-geo.ts';
import { buildLib, emitDeclarations, servedManifest } from './build-lib.ts';
import { buildMedia } from './build-media.ts';
import { buildSite } from './build-site.ts';
import { buildWidgets } from './build-widgets.ts';
import { writeManifest } from './manifest.ts';
import fs from 'node:fs';
import path from 'node:path';
import { writeHashedFiles } from './hashed-files.ts';
import { buildCompiledServer } from './build-server.ts';
import { siteInputs, siteStamp } from './compiled.mjs';
import { DIST, ROOT } from './paths.ts';
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
  ['server', async () => void (await buildCompiledServer())],
];

export async function buildAll(): Promise<void> {
  // Hashed before the steps: a source changed while they run makes the next start build again.
  const inputs = siteInputs(ROOT);
  fs.rmSync(siteStamp(DIST), { force: true });
  for (const [name, step] of steps) {
    const started = performance.now();
    await step();
    console.log(`built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  fs.writeFileSync(siteStamp(DIST), `${inputs}\n`);
  console.log(`output in ${DIST}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
