/**
 * The server and the staff CLI that the API tests start as child processes: compiled once per
 * run (scripts/build-server.ts), then run by plain Node, as `npm start` and `npm run staff` run
 * theirs (compiled-start.test.ts), each start about 1 CPU-s cheaper than under tsx.
 *
 * `setup` is a global set-up of the server project (vitest.config.ts); tests call `compiled()`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildServer, type CompiledServer } from '../../scripts/build-server.ts';
import { ROOT } from '../../scripts/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    compiledServer: CompiledServer;
  }
}

export async function setup(project: TestProject): Promise<() => void> {
  // Under the repository (node_modules/.cache, ignored by git and the linters), so that the
  // bundles' packages resolve; a folder for each run, so that runs side by side do not meet.
  const dir = path.join(ROOT, 'node_modules', '.cache', 'spartan-server', crypto.randomUUID());
  project.provide('compiledServer', await buildServer(dir));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The compiled entries: `main` the server, `staff` the staff CLI. */
export const compiled = (): CompiledServer => inject('compiledServer');
