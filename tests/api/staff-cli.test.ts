/** `npm run staff`: accounts created from piped standard input, listed, removed; never from argv. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { run } from './processes.ts';

describe('staff command', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-'));
  const env = { DATA_DIR: dataDir };
  const staff = (args: string[], stdin = '') => run('server/cli/staff.ts', args, env, stdin);

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('given a piped password, when adding, then the account exists and can log in', async () => {
    const add = await staff(['add', 'alice', '--name', 'Alice Archer'], 'a sturdy passphrase\n');
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/Created staff account alice \(Alice Archer\)/);
    const list = await staff(['list']);
    expect(list.stdout).toMatch(/^alice\tAlice Archer\tadmin\t/m);

    const app = await build({ dataDir, distDir: dataDir, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 'alice', password: 'a sturdy passphrase' },
      });
      expect(login.statusCode).toBe(200);
      // The generated signing secret is readable by its owner only.
      expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
      // While a server holds the embedded database, the command refuses clearly.
      const busy = await staff(['list']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/already in use/);
    } finally {
      await app.close();
    }
  });

  it('given a weak password, a password in argv or a duplicate, then it refuses', async () => {
    const short = await staff(['add', 'bob'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
    const argv = await staff(['add', 'bob', '--password=a sturdy passphrase']);
    expect(argv.code).toBe(1);
    expect(argv.stderr).toMatch(/never given as arguments/);
    const twice = await staff(['add', 'ALICE'], 'another sturdy passphrase\n');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already exists/);
    const usage = await staff(['frobnicate']);
    expect(usage.code).toBe(2);
  });

  it('given remove, then the account is gone', async () => {
    expect((await staff(['remove', 'alice'])).code).toBe(0);
    const again = await staff(['remove', 'alice']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No staff account named alice/);
  });
});
