import path from 'node:path';
import { build } from 'vite';
import { DIST, ROOT } from './paths.ts';
import { preactAliases, productionDefine } from './vite-shared.ts';
import { widgetEntries } from './widget-entries.ts';

/** preact (+compat, hooks), r2wc and the widget runtime itself: what every widget needs to render. */
export const RUNTIME_MODULES =
  /node_modules[\\/](preact|@r2wc)[\\/]|widgets[\\/]internal[\\/](define|root\.preact|styles|events|motion|tokens)\b|content[\\/]constants\b/;

/** Dependencies whose `import React from 'react'` only needs createElement (see react-default-slim.ts). */
const SLIM_REACT_IMPORTERS = /node_modules[\\/]react-simple-maps[\\/]/;

/** dist/widgets/<tag>.js per widget plus all.js, sharing hashed chunks in the same folder. */
export async function buildWidgets(): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    resolve: { alias: preactAliases },
    plugins: [
      {
        name: 'spartan:react-default-slim',
        enforce: 'pre',
        resolveId(source, importer) {
          if (
            source === './root.ts' &&
            importer &&
            /widgets[\\/]internal[\\/]define\.ts$/.test(importer)
          ) {
            return path.join(ROOT, 'widgets/internal/root.preact.ts');
          }
          if (
            (source === 'react' || source === 'preact/compat') &&
            importer &&
            SLIM_REACT_IMPORTERS.test(importer)
          ) {
            return path.join(ROOT, 'widgets/internal/react-default-slim.ts');
          }
          return null;
        },
      },
    ],
    define: productionDefine,
    build: {
      outDir: path.join(DIST, 'widgets'),
      emptyOutDir: true,
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
