/**
 * Unit, component and API tests. Components run on real React in jsdom
 * (the script-tag bundles, on preact/compat, are covered by the browser tests).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One database cluster per file; two cores: keep files sequential.
          fileParallelism: false,
        },
      },
    ],
  },
});
