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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Tests declared concurrent (each in a page of its own) run this many at a time: Chromium's
    // work for a page is partly waiting (the network going idle, the server), which others fill.
    maxConcurrency: 3,
    // Conditions polled for (an animation settled, a slide in view) may take seconds on a busy
    // machine; vitest's default gives them one.
    expect: { poll: { timeout: 10_000 } },
  },
});
