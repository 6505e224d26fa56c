/**
 * Starts, once for all browser tests: the real server on 127.0.0.1 (site,
 * widgets, API on a throwaway data folder), the partner demo on a second
 * origin (localhost, another port), and one Chromium that tests connect to.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { build } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { buildDemo } from '../../scripts/demo.ts';
import { DIST } from '../../scripts/paths.ts';
import { CHROMIUM_ARGS, chromePath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mainUrl: string;
    demoUrl: string;
    wsEndpoint: string;
    dataDir: string;
    /** A staff account in the running server (flows tests log in with it). */
    staffUsername: string;
    staffPassword: string;
    /** A second account, enrolled in TOTP: the two-step login (its key, to compute codes). */
    mfaUsername: string;
    mfaPassword: string;
    mfaSecret: string;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(DIST, 'widgets', 'all.js'))) {
    throw new Error(`No built output in ${DIST}: run \`npm run build\` first (npm test does).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-browser-'));
  // The partner demo listens first so the main server can allow its origin by CORS.
  let mainUrl = '';
  const demo = await buildDemo(() => mainUrl);
  await demo.listen({ host: '127.0.0.1', port: 0 });
  // A different host name and port: a real second origin.
  const demoUrl = `http://localhost:${(demo.server.address() as { port: number }).port}`;
  // Second factor optional here: most flows log in many times a minute, and a TOTP code may be
  // used once. The two-step login itself is tested with an enrolled account (flows-staff).
  const app = await build({
    distDir: DIST,
    dataDir,
    logger: false,
    corsOrigins: [demoUrl],
    staffMfa: 'optional',
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
  mainUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const staffUsername = 'flows-staff';
  const staffPassword = `pw-${crypto.randomUUID()}`;
  await app.staff.create({ username: staffUsername, password: staffPassword, name: 'Flow Tester' });
  const mfaUsername = 'flows-mfa';
  const mfaPassword = `pw-${crypto.randomUUID()}`;
  await app.staff.create({ username: mfaUsername, password: mfaPassword, name: 'Two Factor' });
  const { secret: mfaSecret } = await app.staff.enrolNewTotp(mfaUsername);
  const browser: BrowserServer = await chromium.launchServer({
    executablePath: chromePath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  project.provide('mainUrl', mainUrl);
  project.provide('demoUrl', demoUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('staffUsername', staffUsername);
  project.provide('staffPassword', staffPassword);
  project.provide('mfaUsername', mfaUsername);
  project.provide('mfaPassword', mfaPassword);
  project.provide('mfaSecret', mfaSecret);
  return async () => {
    await browser.close();
    await demo.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
