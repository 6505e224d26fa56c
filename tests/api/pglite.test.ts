/** The API suite on the embedded database (PGlite in a temp data folder). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deskSuite } from './desk-suite.ts';
import { staffSuite } from './staff-suite.ts';
import { apiSuite } from './suite.ts';

apiSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-api-pglite-')),
    databaseUrl: undefined,
  }),
});

staffSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-staff-pglite-')),
    databaseUrl: undefined,
  }),
});

deskSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-desk-pglite-')),
    databaseUrl: undefined,
  }),
});
