/** The API suite on the embedded database (PGlite in a temp data folder). */
import { pgliteDataDir } from './pglite-template.ts';
import { securityFindingsSuite } from './staff/security-findings-suite.ts';
import { apiSuite, deskSuite, staffSuite } from './suites.ts';
import { teamDeskSuite } from './team-desk-suite.ts';

apiSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: pgliteDataDir('spartan-api-pglite-'),
    databaseUrl: undefined,
  }),
});

staffSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: pgliteDataDir('spartan-staff-pglite-'),
    databaseUrl: undefined,
  }),
});

deskSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: pgliteDataDir('spartan-desk-pglite-'),
    databaseUrl: undefined,
  }),
});

teamDeskSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: pgliteDataDir('spartan-team-pglite-'),
    databaseUrl: undefined,
  }),
});

securityFindingsSuite('PGlite (embedded)', {
  database: async () => ({
    dataDir: pgliteDataDir('spartan-findings-pglite-'),
    databaseUrl: undefined,
  }),
});
