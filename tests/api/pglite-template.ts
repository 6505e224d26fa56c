/**
 * A migrated, empty embedded database, made once per run and copied into each test's data
 * folder. Creating a PGlite database runs initdb in WebAssembly and every migration: about 6 s
 * on a quiet machine and three times that on a busy one, where copying the result takes a
 * fraction of a second. A copy is the same files a first start would have left, so a server
 * started on it opens a real database (it runs the migrations check and finds nothing to do).
 *
 * Tests of what a first start does to an empty folder (its modes, its lock) keep an empty
 * folder of their own.
 *
 * `setup` is the server project's global set-up (vitest.config.ts); tests call `pgliteDataDir`.
 * The browser tests' global set-up makes one of its own (`makePgliteTemplate`) for its servers and
 * provides it under the same name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding a closed, migrated, empty PGlite database. */
    pgliteTemplate: string;
    /** Where `pgliteDataDir` makes its folders: removed whole when the run ends. */
    pgliteCopies: string;
    /** Where other test files of the run go (tests/api/harness.ts, fakeDist): removed with it. */
    runTemp: string;
  }
}

/** The folder PGlite keeps its files in, inside DATA_DIR (server/db/index.ts). */
const PGLITE = 'pglite';

/** Makes the template in `dataDir` (a data folder as a first start leaves it); returns `dataDir`. */
export async function makePgliteTemplate(dataDir: string): Promise<string> {
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  await db.close();
  return dataDir;
}

/** Names the template npm test made for both of its vitest runs (scripts/test.ts), if it did. */
export const SHARED_TEMPLATE = 'SPARTAN_PGLITE_TEMPLATE';

/**
 * The run's template: the one npm test made (SHARED_TEMPLATE; only copied, left for npm test to
 * remove), else a new one in the folder `dataDir()` names, which `made` says the caller removes.
 */
export async function runTemplate(
  dataDir: () => string,
): Promise<{ template: string; made: boolean }> {
  const shared = process.env[SHARED_TEMPLATE];
  if (shared) return { template: shared, made: false };
  return { template: await makePgliteTemplate(dataDir()), made: true };
}

/** Copies the database of `template` (a data folder) into `dir` (made, 0700, if missing). */
export function copyPgliteTemplate(template: string, dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.cpSync(path.join(template, PGLITE), path.join(dir, PGLITE), { recursive: true });
  return dir;
}

export async function setup(project: TestProject): Promise<() => void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-pglite-'));
  // In `root` when made here: removed with it.
  const { template } = await runTemplate(() => path.join(root, 'template'));
  const copies = path.join(root, 'copies');
  fs.mkdirSync(copies);
  const runTemp = path.join(root, 'temp');
  fs.mkdirSync(runTemp);
  project.provide('pgliteTemplate', template);
  project.provide('pgliteCopies', copies);
  project.provide('runTemp', runTemp);
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/**
 * A new data folder (`prefix` as for mkdtemp) holding a copy of the template: a database as a
 * first start leaves it, with no rows. It is removed when the run ends, with every other copy.
 */
export function pgliteDataDir(prefix: string): string {
  return withPgliteTemplate(fs.mkdtempSync(path.join(inject('pgliteCopies'), prefix)));
}

/** Copies the template into `dir` (made, 0700, if missing); returns `dir`. */
export function withPgliteTemplate(dir: string): string {
  return copyPgliteTemplate(inject('pgliteTemplate'), dir);
}
