import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { DIST, ROOT } from './paths.ts';
import { browserResolve, productionDefine, reactPlugin, shimsPlugin } from './vite-shared.ts';
import { widgetEntries } from './widget-entries.ts';

/**
 * The shared runtime chunk: the widgets/runtime/ folder, preact's core, hooks and JSX runtime,
 * and the content constants most widgets read (content/constants.ts, a few hundred bytes: on
 * its own it would be one more request for every page with two widgets). Not preact/compat.
 */
export const RUNTIME_MODULES =
  /widgets[\\/]runtime[\\/]|node_modules[\\/]preact[\\/](?:dist|hooks|jsx-runtime)[\\/]|content[\\/]constants\.ts$/;

/**
 * dist/widgets/<tag>.js per widget plus all.js, sharing hashed chunks in the same folder
 * (`outDir`: another folder, for tests).
 */
export async function buildWidgets(outDir = path.join(DIST, 'widgets')): Promise<void> {
  // Empty the folder but for the geometry, which the geo step wrote first.
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of fs.readdirSync(outDir)) {
    if (name !== 'geo') fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  }
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    resolve: browserResolve,
    plugins: [shimsPlugin(), reactPlugin()],
    define: productionDefine,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: false,
      // Library mode: dynamic imports stay plain import() (no preload helper, about 1 KB
      // gzip, in every widget that lazy-loads anything); the entries are the widgets.
      lib: {
        entry: { ...widgetEntries(), all: path.join(ROOT, 'widgets/all.ts') },
        formats: ['es'],
      },
      manifest: true,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          // One runtime chunk shared by every widget (loaded once per page, however many
          // widgets are embedded); everything else stays with the widget that uses it, so
          // an embed loads two files before first render, not a web of small shared chunks.
          codeSplitting: {
            // Only the modules named, not what they import (constants.ts re-exports the
            // constants single widgets need; those stay with their widget).
            includeDependenciesRecursively: false,
            groups: [{ name: 'runtime', test: RUNTIME_MODULES }],
          },
          // Library mode keeps whitespace and pure annotations in ES output for library
          // consumers; these are final bundles, so neither is wanted.
          minify: true,
          comments: false,
          entryFileNames: '[name].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  });
}
