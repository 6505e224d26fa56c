/**
 * The server and the staff CLI compiled for plain Node: `main.js` (server/main.ts) and `staff.js`
 * (server/cli/staff.ts), our TypeScript bundled by esbuild (the compiler tsx itself uses), the
 * packages left as imports from node_modules. A module loaded only when needed (the S3 store)
 * stays a chunk of its own, loaded as late as before.
 *
 * What the code finds through `import.meta.url` is copied beside the bundles, where the same
 * relative paths lead from them: the migrations (`MIGRATIONS`, server/db/index.ts) and the
 * password worker (`WORKER`, server/security/hash-pool.ts). `outDir` must lie under the
 * repository, so that the packages resolve from its node_modules.
 *
 * The API tests run these instead of the sources under tsx (tests/api/compiled.ts): tsx's loader
 * compiles and resolves every module of a start again, and a server start cost 4.3–4.6 CPU-s
 * under it against 2.6–2.8 CPU-s compiled (three starts of each, alternated, quiet machine).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MIGRATIONS } from '../server/db/index.ts';
import { WORKER } from '../server/security/hash-pool.ts';
import { ROOT } from './paths.ts';

export interface CompiledServer {
  /** server/main.ts, compiled. */
  main: string;
  /** server/cli/staff.ts, compiled. */
  staff: string;
}

export async function buildServer(outDir: string): Promise<CompiledServer> {
  if (path.relative(ROOT, outDir).startsWith('..')) {
    throw new Error(`${outDir} is outside ${ROOT}: the bundles' packages would not resolve`);
  }
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'server/main.ts', staff: 'server/cli/staff.ts' },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(MIGRATIONS, path.join(outDir, path.basename(MIGRATIONS)), { recursive: true });
  const worker = fileURLToPath(WORKER);
  fs.copyFileSync(worker, path.join(outDir, path.basename(worker)));
  return { main: path.join(outDir, 'main.js'), staff: path.join(outDir, 'staff.js') };
}
