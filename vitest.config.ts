/**
 * Unit, component and API tests. Components run on real React in jsdom
 * (the script-tag bundles, on preact/compat, are covered by the browser tests).
 */
import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './tests/api/processes.ts';

export default defineConfig({
  test: {
    // Both projects' files share one pool of workers. Vitest's default on two cores is one worker
    // (cores - 1), which ran every file one after another and left a core idle whenever a file
    // waited on a database, a child process or a timer. The API test files each start their own
    // database cluster and servers on free ports, so they run side by side as the rest do.
    maxWorkers: 3,
    // Test processes compile WebAssembly (PGlite's PostgreSQL) with V8's baseline compiler only.
    // Without this flag V8 also recompiles the hot functions with its optimising compiler on
    // background threads: CPU a server running for days wins back, a test process living for
    // seconds does not. What runs is the same code. The lane, one run after the other on a quiet
    // machine: 599 CPU-s (319 s) without the flag, 470 CPU-s (242 s) with it here and in the
    // processes the tests start (tests/api/processes.ts), 932 tests passing. (A pair of whole
    // `npm test` runs showed no such saving: measure the suite's speed on interleaved full runs.)
    execArgv: TEST_NODE_FLAGS,
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: [
            'widgets/**/*.test.{ts,tsx}',
            'site/**/*.test.{ts,tsx}',
            'content/**/*.test.ts',
          ],
          setupFiles: ['tests/setup.ts'],
          // A limit against a hang, not a speed check, for every component test (no file sets its
          // own): beside the browser lane and other work on two cores, an axe check or a typed
          // sequence in jsdom can take far longer than vitest's default of 5 s. At 30 s, seven
          // such tests timed out in a run on a machine loaded about three times over.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One migrated embedded database, copied into each test's data folder.
          globalSetup: ['tests/api/pglite-template.ts'],
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
