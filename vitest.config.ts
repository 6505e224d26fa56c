/**
 * Unit, component and API tests. Components run on real React in jsdom
 * (the script-tag bundles and the site, on preact: docs/REACT.md, are covered by the browser
 * tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './tests/api/processes.ts';

/** The test files under these folders. */
const testFiles = (folders: string[]) =>
  folders.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file)),
  );
/**
 * Whether a test file replaces a module (vi.mock and the like). A replacement holds only in a
 * module graph of the file's own: where files share one, a module already imported by an earlier
 * file stays the real one. Files that only need a stand-in for one export (the HTTP client,
 * navigation) spy on it instead (`vi.spyOn` on the module's exports: tests/http-fakes.ts) and
 * share a graph: each file of its own cost about 8 CPU-s (a window, React, the testing library).
 */
const replacesModules = (file: string) =>
  /\bvi\.(?:mock|doMock|unmock|resetModules)\(/.test(fs.readFileSync(file, 'utf8'));

const componentTests = testFiles(['widgets', 'site', 'content']);
const replacingModules = componentTests.filter(replacesModules);
const SERVER_FOLDERS = ['server', 'tests/api', 'scripts', 'bench'];
// The server files share their workers' module graphs with no project for files of their own.
const replacingServerFiles = testFiles(SERVER_FOLDERS).filter(replacesModules);
if (replacingServerFiles.length > 0) {
  throw new Error(
    `${replacingServerFiles.join(', ')} replace a module: give them a server project with isolate on`,
  );
}
/** Component test files that need a window of their own: no custom element defined yet. */
const FRESH_WINDOW = ['widgets/library.test.ts'];
const ownModules = [...replacingModules, ...FRESH_WINDOW];

const components = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/setup.ts'],
  // A limit against a hang, not a speed check, for every component test (no file sets its own):
  // beside the browser lane and other work on two cores, an axe check or a typed sequence in jsdom
  // can take far longer than vitest's default of 5 s. At 30 s, seven such tests timed out in a run
  // on a machine loaded about three times over.
  testTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Both projects' files share one pool of workers. Vitest's default on two cores is one worker
    // (cores - 1), which ran every file one after another and left a core idle whenever a file
    // waited on a database, a child process or a timer. The API test files each start their own
    // database cluster and servers on free ports, so they run side by side as the rest do.
    maxWorkers: 3,
    // The test processes' node flags, and why: tests/api/processes.ts.
    execArgv: TEST_NODE_FLAGS,
    projects: [
      {
        extends: true,
        test: {
          ...components,
          name: 'components',
          include: componentTests,
          exclude: ownModules,
          // The files of a worker share its module graph and its jsdom window, one after another,
          // instead of a new process each (which loads node, vitest, jsdom, React and the testing
          // library again for every file). tests/setup.ts empties the document and the storages
          // after each test. With the server files sharing theirs too, the lane, alternating twice
          // on a quiet machine: 453 and 468 CPU-s (235 s, 241 s) with a process for each file,
          // 374 and 361 (194 s, 188 s) so, 932 tests passing each time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...components, name: 'components, own modules', include: ownModules },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
          // One migrated embedded database, copied into each test's data folder; the server and
          // the staff CLI compiled once, for the tests that start them as processes.
          globalSetup: ['tests/api/pglite-template.ts', 'tests/api/compiled.ts'],
          // The files of a worker share its module graph, one after another (no file replaces a
          // module: checked above): node, vitest and the server's modules load once for each
          // worker, not once for each file.
          isolate: false,
          // Limits against a hang, not speed checks: a test that spawns the server or the staff
          // CLI several times (node, tsx, the database layer, argon2id) took over 60 s in a run
          // with both cores busy beside the browser lane.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
