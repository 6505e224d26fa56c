import path from 'node:path';
import { build } from 'vite';
import { DIST, ROOT } from './paths.ts';
import { preactAliases, productionDefine } from './vite-shared.ts';
import { widgetEntries } from './widget-entries.ts';

/** preact (+compat, hooks), r2wc and the widget runtime itself: what every widget needs to render. */
export const RUNTIME_MODULES =
  /node_modules[\\/](preact|@r2wc)[\\/]|widgets[\\/]internal[\\/](define|styles|events|motion|tokens)\b|content[\\/]constants\b/;

/** dist/widgets/<tag>.js per widget plus all.js, sharing hashed chunks in the same folder. */
export async function buildWidgets(): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    resolve: { alias: preactAliases },
    define: productionDefine,
    build: {
      outDir: path.join(DIST, 'widgets'),
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      manifest: true,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { ...widgetEntries(), all: path.join(ROOT, 'widgets/all.ts') },
        preserveEntrySignatures: 'allow-extension',
        output: {
          // One runtime chunk shared by every widget (loaded once per page, however many
          // widgets are embedded); everything else stays with the widget that uses it, so
          // an embed loads two files before first render, not a web of small shared chunks.
          codeSplitting: {
            groups: [{ name: 'runtime', test: RUNTIME_MODULES }],
          },
          entryFileNames: '[name].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  });
}
