/**
 * Browser tests: the built bundles and site in Debian's Chromium (playwright-core),
 * served by the real server, with the demo page on a second origin.
 * Needs `npm run build` first (npm test does it).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    environment: 'node',
    include: ['tests/browser/**/*.test.ts'],
    globalSetup: ['tests/browser/global-setup.ts'],
    // A limit against a hang, not a speed check: the longest staff-screen tests (20 s on a quiet
    // machine) passed 60 s in a run with both cores busy beside the other lane.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two files at a time, each in a worker of its own, against the shared servers and Chromium:
    // the tests mostly wait (on Chromium, the server, the network going idle), so two overlap.
    // Each test makes its own accounts and applications, so files do not see each other's.
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker run one after another in it, sharing its modules (playwright-core,
    // the harness and its Chromium), instead of a new process for each file.
    // No browser test file replaces a module; each opens its own pages and makes its own data.
    // Eight files, alternated twice on a quiet machine: 106 and 116 CPU-s with a process for each
    // file, 98 and 103 so, 63 tests passing each time.
    isolate: false,
    // Tests declared concurrent (each in a page of its own) run this many at a time: Chromium's
    // work for a page is partly waiting (the network going idle, the server), which others fill.
    maxConcurrency: 3,
    // Conditions polled for (an animation settled, a slide in view) may take seconds on a busy
    // machine; vitest's default gives them one.
    expect: { poll: { timeout: 10_000 } },
  },
});
