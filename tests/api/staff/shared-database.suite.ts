/**
 * What only PostgreSQL shows of the staff domain: failure counters shared by two processes
 * (server/security/login-limiter.ts) and the staff CLI on it (server/cli/staff.ts), in the staff-
 * security suite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { build } from '../../../server/app.ts';
import { compiled } from '../compiled.ts';
import { run } from '../processes.ts';
import { AUTH_SECRET, freshIp, PASSWORD } from '../harness.ts';
import { type StaffHarness } from '../setup/staff.ts';

export function sharedDatabaseTests(h: StaffHarness): void {
  const { target, options, login } = h;
  let app: FastifyInstance;
  let distDir = '';
  let databaseUrl: string | undefined;
  beforeAll(() => {
    ({ app, distDir, databaseUrl } = h);
  });

  // On PGlite the command goes through the server's admin socket: tests/api/staff-cli.test.ts.
  if (options.postgres) {
    it('given two app processes on one PostgreSQL, then they share the failure counters', async () => {
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-staff-b-'));
      const other = await build({
        databaseUrl,
        dataDir: otherDir,
        distDir,
        logger: false,
        authSecret: AUTH_SECRET,
        rateLimits: {
          submit: { max: 50, windowSeconds: 600 },
          login: { max: 50, windowSeconds: 900 },
          loginFailuresPerUser: { max: 3, windowSeconds: 900 },
          loginFailureDelayMaxMs: 20,
        },
      });
      try {
        await app.staff.create({ username: 'shared', password: PASSWORD });
        const ip = freshIp();
        const payload = { username: 'shared', password: 'wrong, and wrong again' };
        const on = (server: FastifyInstance) =>
          server.inject({
            method: 'POST',
            url: '/api/security-login/',
            payload,
            remoteAddress: ip,
          });
        expect((await on(app)).statusCode).toBe(401);
        expect((await on(other)).statusCode).toBe(401);
        expect((await on(app)).statusCode).toBe(401);
        // The third failure, counted by two processes, locked this pair on both.
        expect((await on(other)).statusCode).toBe(429);
      } finally {
        await other.close();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
    });

    it('given an empty PostgreSQL database, then the first account the CLI adds is an admin whatever --role says; the next is a reviewer', async () => {
      const empty = await target.database();
      const env = {
        DATABASE_URL: empty.databaseUrl ?? '',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-pg-first-')),
        AUTH_SECRET,
      };
      const cli = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
      const first = await cli(['add', 'founder', '--role', 'reviewer'], 'a sturdy passphrase\n');
      expect(first.stderr).toBe('');
      // Said with the database it was carried out on (its host and name, never its password).
      expect(first.stdout).toMatch(
        /Created staff account founder\b.*role admin \(PostgreSQL [^@)]+\/spartan[^@)]*\)\.\n$/,
      );
      const second = await cli(['add', 'second'], 'another sturdy phrase\n');
      expect(second.stdout).toMatch(/Created staff account second\b.*role reviewer \(PostgreSQL /);
      expect((await cli(['list'])).stdout).toMatch(/^founder\t.*\tadmin\t/m);
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    });

    it('given PostgreSQL, then the CLI adds, lists, changes and removes accounts beside the running app', async () => {
      const env = {
        DATABASE_URL: databaseUrl ?? '',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-pg-')),
        AUTH_SECRET,
      };
      const cli = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
      const add = await cli(
        ['add', 'pg-cli', '--name', 'Pat Gee', '--role', 'reviewer'],
        'a sturdy passphrase\n',
      );
      expect(add.stderr).toBe('');
      expect(add.stdout).toMatch(/Created staff account pg-cli \(Pat Gee\), role reviewer/);
      expect((await login('pg-cli', 'a sturdy passphrase')).json().mfa_setup_required).toBe(true);
      expect((await cli(['set-role', 'pg-cli', 'admin'])).code).toBe(0);
      expect((await cli(['list'])).stdout).toMatch(/^pg-cli\tPat Gee\tadmin\t/m);
      expect((await cli(['reset-password', 'PG-CLI'], 'another sturdy passphrase\n')).code).toBe(0);
      expect((await login('pg-cli', 'another sturdy passphrase')).statusCode).toBe(200);
      expect((await cli(['remove', 'pg-cli'])).code).toBe(0);
      expect((await login('pg-cli', 'another sturdy passphrase')).statusCode).toBe(401);
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    });
  }
}
