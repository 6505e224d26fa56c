/**
 * The server and its command-line tools compiled for plain Node: `main.js` (server/main.ts),
 * `staff.js`, `backup.js` and `restore.js` (server/cli/), our TypeScript bundled by esbuild (the compiler tsx itself
 * uses), the packages left as imports from node_modules. A module loaded only when needed (the
 * S3 store) stays a chunk of its own, loaded as late as before.
 *
 * What the code finds through `import.meta.url` is copied beside the bundles, where the same
 * relative paths lead from them: the migrations (`MIGRATIONS`, server/db/index.ts) and the
 * password worker (`WORKER`, server/security/hash-pool.ts). The folder must lie under the
 * repository, so that the packages resolve from its node_modules.
 *
 * `npm start`, `npm run staff`, `backup` and `restore` run these (scripts/bootstrap.mjs builds
 * them into `dist/server-<hash of the sources>/` when that folder is missing: buildCompiledServer);
 * the API tests run a copy of their own (tests/api/compiled.ts). tsx's loader compiles and
 * resolves every module of a start again: `npm run bench -- start` compares the two.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MIGRATIONS } from '../server/db/index.ts';
import { WORKER } from '../server/security/hash-pool.ts';
import { serverDir, serverInputs } from './compiled.mjs';
import { DIST, ROOT } from './paths.ts';

/** The compiled entry points, by name. */
export const ENTRIES = {
  main: 'server/main.ts',
  staff: 'server/cli/staff.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
} as const;

export type CompiledServer = Record<keyof typeof ENTRIES, string>;

/** Compiles the entries into `outDir` (created), and resolves with their paths. */
export async function buildServer(outDir: string): Promise<CompiledServer> {
  if (path.relative(ROOT, outDir).startsWith('..')) {
    throw new Error(`${outDir} is outside ${ROOT}: the bundles' packages would not resolve`);
  }
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
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
  const entries = Object.fromEntries(
    Object.keys(ENTRIES).map((name) => [name, path.join(outDir, `${name}.js`)]),
  ) as CompiledServer;
  // Written last: its presence says the folder is complete (scripts/compiled.mjs).
  fs.writeFileSync(path.join(outDir, 'entries.json'), `${JSON.stringify(Object.keys(ENTRIES))}\n`);
  return entries;
}

/** How long an earlier version's folder is kept: a process started from it may still run. */
const KEEP_EARLIER_MS = 24 * 60 * 60 * 1000;

/**
 * Compiles the server for the sources as they are into `<dist>/server-<hash>/`: built beside it
 * and renamed, so that a process never sees half a folder, and two starts building at once both
 * end with one complete folder. Earlier versions' folders untouched for a day are removed.
 */
export async function buildCompiledServer(dist = DIST): Promise<string> {
  const target = serverDir(dist, serverInputs(ROOT));
  const temporary = `${target}.${process.pid}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  await buildServer(temporary);
  try {
    fs.renameSync(temporary, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    fs.rmSync(temporary, { recursive: true, force: true }); // Another start built it first.
  }
  const now = Date.now();
  for (const name of fs.readdirSync(dist)) {
    const folder = path.join(dist, name);
    if (!/^server-[0-9a-f]+(\.\d+\.tmp)?$/.test(name) || folder === target) continue;
    if (now - fs.statSync(folder).mtimeMs > KEEP_EARLIER_MS) {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`compiled server in ${await buildCompiledServer()}`);
}
