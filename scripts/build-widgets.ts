import path from 'node:path';
import { build } from 'vite';
import { DIST, ROOT } from './paths.ts';
import { preactAliases, productionDefine } from './vite-shared.ts';
import { widgetEntries } from './widget-entries.ts';

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
          entryFileNames: '[name].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  });
}
