/**
 * Starts, once for all browser tests: the real server on 127.0.0.1 (site,
 * widgets, API on a throwaway data folder and the embedded database), the
 * same server a second time on a throwaway PostgreSQL 15 cluster (the staff
 * screens run against both: see `eachDatabase` in harness.ts), on each
 * database one more server that requires the second factor (STAFF_MFA=required:
 * its set-up screens), the partner demo on a second origin (localhost, another
 * port). Each test worker launches a Chromium of its own (harness.ts, `workerBrowser`); this only
 * checks, before anything starts, that there is one to launch.
 *
 * No PostgreSQL available fails the run, as in the API suite, unless
 * SPARTAN_SKIP_POSTGRES=1: then the PostgreSQL variants are reported skipped, by name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestProject } from 'vitest/node';
import { build } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { buildDemo } from '../../scripts/demo.ts';
import { DIST } from '../../scripts/paths.ts';
import { copyPgliteTemplate, runTemplate } from '../api/pglite-template.ts';
import {
  SKIP_POSTGRES,
  startPostgres,
  warnSkippedPostgres,
  type PostgresCluster,
} from '../api/postgres.ts';
import { strongPassword } from '../passwords.ts';
import { testBrowserPath } from './chromium.ts';

/** One running server and its staff accounts (each database has its own). */
export interface DatabaseTarget {
  name: 'PGlite' | 'PostgreSQL 15';
  postgres: boolean;
  /** Empty when the database was skipped (SPARTAN_SKIP_POSTGRES=1). */
  url: string;
  /** A staff account (admin, second factor optional: flows log in with it). */
  staff: { username: string; password: string };
  /** A second account, enrolled in TOTP: the two-step login (its key, to compute codes). */
  mfa: { username: string; password: string; secret: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mainUrl: string;
    demoUrl: string;
    dataDir: string;
    /** A staff account in the running server (flows tests log in with it). */
    staffUsername: string;
    staffPassword: string;
    /** A second account, enrolled in TOTP: the two-step login (its key, to compute codes). */
    mfaUsername: string;
    mfaPassword: string;
    mfaSecret: string;
    /** The embedded database's server (the one above), then PostgreSQL's, or null if skipped. */
    databases: [DatabaseTarget, DatabaseTarget | null];
    /**
     * The same pair, each a server of its own with STAFF_MFA=required, whose one account (an
     * admin, enrolled in TOTP) is both `staff` and `mfa`.
     */
    mfaDatabases: [DatabaseTarget, DatabaseTarget | null];
  }
}

/**
 * The server under test, listening on a free port, with its two staff accounts; or, with
 * `mfaRequired`, its one (enrolled) admin.
 */
async function startServer(
  name: DatabaseTarget['name'],
  options: { dataDir: string; databaseUrl?: string | undefined; corsOrigins: string[] },
  mfaRequired = false,
): Promise<{ app: FastifyInstance; target: DatabaseTarget }> {
  const app = await build({
    distDir: DIST,
    logger: false,
    ...options,
    // Second factor optional on the main servers: most flows log in many times a minute, and a
    // TOTP code may be used once. The two-step login itself is tested with an enrolled account
    // (flows-staff); the set-up screens on the STAFF_MFA=required servers (staff-mfa).
    staffMfa: mfaRequired ? 'required' : 'optional',
    // Every browser test logs in and applies from 127.0.0.1: the per-address allowances (20
    // logins and 10 applications of each kind by default) would run out across the files.
    // Throttling is tested in tests/api.
    rateLimits: {
      ...configFromEnv().rateLimits,
      login: { max: 1000, windowSeconds: 900 },
      submit: { max: 1000, windowSeconds: 600 },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  if (mfaRequired) {
    const admin = { username: 'mfa-admin', password: strongPassword('pw') };
    await app.staff.create({ ...admin, name: 'Required Admin' });
    const { secret } = await app.staff.enrolNewTotp(admin.username);
    const target = { name, postgres: Boolean(options.databaseUrl), url, staff: admin };
    return { app, target: { ...target, mfa: { ...admin, secret } } };
  }
  const staff = { username: 'flows-staff', password: strongPassword('pw') };
  await app.staff.create({ ...staff, name: 'Flow Tester' });
  const mfa = { username: 'flows-mfa', password: strongPassword('pw') };
  await app.staff.create({ ...mfa, name: 'Two Factor' });
  const { secret } = await app.staff.enrolNewTotp(mfa.username);
  return {
    app,
    target: { name, postgres: Boolean(options.databaseUrl), url, staff, mfa: { ...mfa, secret } },
  };
}

export default async function setup(project: TestProject) {
  testBrowserPath(); // No Chromium fails here, in one sentence, before any server starts.
  if (!fs.existsSync(path.join(DIST, 'widgets', 'all.js'))) {
    throw new Error(`No built output in ${DIST}: run \`npm run build\` first (npm test does).`);
  }
  const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-browser-'));
  // One migrated embedded database, copied for each PGlite server (and start.test.ts): creating
  // one (initdb in WebAssembly, every migration) costs several seconds of CPU, a copy a fraction
  // of one, and a server opens the copy as it would the folder its first start left.
  const { template, made } = await runTemplate(temp);
  const dataDir = copyPgliteTemplate(template, temp());
  const pgDataDir = temp();
  const mfaDataDirs = [copyPgliteTemplate(template, temp()), temp()];
  const servers: FastifyInstance[] = [];
  let cluster: PostgresCluster | undefined;
  // The partner demo listens first so the main server can allow its origin by CORS.
  let mainUrl = '';
  const demo = await buildDemo(() => mainUrl);
  await demo.listen({ host: '127.0.0.1', port: 0 });
  // A different host name and port: a real second origin.
  const demoUrl = `http://localhost:${(demo.server.address() as { port: number }).port}`;
  type Started = Awaited<ReturnType<typeof startServer>>;
  let embedded: Started;
  let postgres: DatabaseTarget | null = null;
  let embeddedMfa: DatabaseTarget;
  let postgresMfa: DatabaseTarget | null = null;
  /** Starts servers side by side; each that started is stopped with the others, even on failure. */
  const startAll = async (...starting: Array<Promise<Started>>) => {
    const settled = await Promise.allSettled(starting);
    for (const s of settled) if (s.status === 'fulfilled') servers.push(s.value.app);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<Started>).value);
  };
  const stop = async () => {
    await demo.close();
    for (const app of servers) await app.close();
    await cluster?.stop();
    for (const dir of [...(made ? [template] : []), dataDir, pgDataDir, ...mfaDataDirs])
      fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [main, withMfa] = await startAll(
      startServer('PGlite', {
        dataDir,
        // The embedded database, whatever DATABASE_URL says.
        databaseUrl: undefined,
        corsOrigins: [demoUrl],
      }),
      startServer(
        'PGlite',
        { dataDir: mfaDataDirs[0]!, databaseUrl: undefined, corsOrigins: [] },
        true,
      ),
    );
    embedded = main!;
    embeddedMfa = withMfa!.target;
    mainUrl = embedded.target.url;
    if (SKIP_POSTGRES) {
      warnSkippedPostgres('the staff browser tests');
    } else {
      cluster = await startPostgres();
      const [started, withMfa] = await startAll(
        startServer('PostgreSQL 15', {
          dataDir: pgDataDir,
          databaseUrl: await cluster.createDatabase('spartan_browser'),
          corsOrigins: [demoUrl],
        }),
        startServer(
          'PostgreSQL 15',
          {
            dataDir: mfaDataDirs[1]!,
            databaseUrl: await cluster.createDatabase('spartan_browser_mfa'),
            corsOrigins: [],
          },
          true,
        ),
      );
      postgres = started!.target;
      postgresMfa = withMfa!.target;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const { staff, mfa } = embedded.target;
  project.provide('mainUrl', mainUrl);
  project.provide('demoUrl', demoUrl);
  project.provide('dataDir', dataDir);
  project.provide('staffUsername', staff.username);
  project.provide('staffPassword', staff.password);
  project.provide('mfaUsername', mfa.username);
  project.provide('mfaPassword', mfa.password);
  project.provide('mfaSecret', mfa.secret);
  project.provide('databases', [embedded.target, postgres]);
  project.provide('mfaDatabases', [embeddedMfa, postgresMfa]);
  project.provide('pgliteTemplate', template);
  return stop;
}
