import path from 'node:path';
import { build } from 'vite';
import { DIST, ROOT } from './paths.ts';
import { preactAliases, productionDefine } from './vite-shared.ts';

/** dist/site: the static site. */
export async function buildSite(): Promise<void> {
  await build({
    configFile: false,
    root: path.join(ROOT, 'site'),
    base: '/',
    logLevel: 'warn',
    resolve: { alias: preactAliases },
    define: productionDefine,
    build: {
      outDir: path.join(DIST, 'site'),
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      reportCompressedSize: false,
    },
  });
}
