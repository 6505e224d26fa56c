/**
 * `npm run staff`: accounts from piped standard input (never argv), on the embedded
 * database, with and without the server running: while `server/main.ts` holds the data
 * folder, the command goes through its admin socket. (On PostgreSQL: tests/api/staff/shared-database.suite.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendToServer, socketPath, startAdminSocket } from '../../server/cli/admin-socket.ts';
import { cli } from '../../server/cli/staff.ts';
import type { StaffService } from '../../server/staff/accounts.ts';
import { pgliteDataDir, withPgliteTemplate } from './pglite-template.ts';
import { compiled } from './compiled.ts';
import { lockDataDir } from '../../server/db/lock.ts';
import { run, startServer, type RunningServer } from './processes.ts';
import { fetchFresh } from '../fetch.ts';

/** The staff CLI's entry (`cli`, which its process runs) in this process: its code and what it printed. */
async function inProcess(
  argv: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const printed = { stdout: '', stderr: '' };
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => {
    printed.stdout += `${line}\n`;
  });
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => {
    printed.stderr += `${line}\n`;
  });
  try {
    return { code: await cli(argv), ...printed };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

// A limit against a hang, not a speed check: each command here is a process of its own that opens
// the embedded database (compiling its WebAssembly) and hashes with argon2id; the first test, two
// such commands, came near the project's 180 s in a run with both cores busy.
describe('staff command', { timeout: 360_000 }, () => {
  const dataDir = pgliteDataDir('spartan-cli-');
  const env = { DATA_DIR: dataDir, DIST_DIR: dataDir };
  const staff = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
  let server: RunningServer | undefined;

  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await server?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (username: string, password: string) =>
    fetchFresh(`${server!.url}/api/security-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it('given no server, when adding the first account, then it is an admin whatever --role says', async () => {
    const add = await staff(
      ['add', 'Alice', '--name', 'Alice Archer', '--role', 'reviewer'],
      'a sturdy passphrase\n',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/Created staff account alice \(Alice Archer\), role admin/);
    // Where: the database the command was carried out on.
    expect(add.stdout).toContain(`role admin (the embedded database in ${dataDir}).`);
    const list = await staff(['list']);
    expect(list.stdout.split('\n')[0]).toBe('username\tname\trole\tcreated\ttwo-factor');
    expect(list.stdout).toMatch(/^alice\tAlice Archer\tadmin\t\S+\tno-2fa$/m);
  });

  it('given a short password, a password in argv, nonsense or a held folder, then it says what is wrong', async () => {
    // One in a process of its own (the password piped, the exit code the process's)...
    const short = await staff(['add', 'bob'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
    // ...the others through the same entry in this process (what the process would print and
    // exit with), each a node and tsx start-up fewer.
    const argv = await inProcess(['add', 'bob', '--password=a sturdy passphrase']);
    expect(argv.code).toBe(1);
    expect(argv.stderr).toMatch(/never given as arguments/);
    // Each mistake is named first, then the usage.
    const owner = await inProcess(['set-role', 'alice', 'owner']);
    expect(owner.code).toBe(2);
    expect(owner.stderr).toMatch(
      /^The role must be admin or reviewer, not “owner”\.\n\nUsage:\n {2}npm run staff -- add /,
    );
    // A folder held by a process that takes no command (a server still starting): not "stop it".
    const held = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-held-'));
    const release = lockDataDir(held);
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = held;
    try {
      const busy = await inProcess(['list']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/did not take the command: a server that is still starting/);
    } finally {
      process.env.DATA_DIR = saved;
      release();
      fs.rmSync(held, { recursive: true, force: true });
    }
    const help = await inProcess(['--help']);
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage:\n/);
  });

  it('given the server running on the same data folder, then every command works through it', async () => {
    server = await startServer(compiled().main, env);
    const socket = path.join(dataDir, 'admin.sock');
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    const common = await staff(['add', 'bob'], 'Password1234\n');
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/too common/);
    const twice = await staff(['add', ' ALICE '], 'another sturdy passphrase\n');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already exists/);
    const add = await staff(['add', 'bob', '--name', 'Bob Baker'], 'his sturdy phrase here\n');
    expect(add.stderr).toBe('');
    expect(add.stdout).toMatch(/Created staff account bob \(Bob Baker\), role reviewer/);
    // The running server sees him at once (and, STAFF_MFA being required, asks for TOTP setup).
    const first = await login('bob', 'his sturdy phrase here');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ mfa_setup_required: true });
    expect((await staff(['set-role', 'BOB', 'admin'])).stdout).toMatch(/bob is now admin/);
    expect((await staff(['list'])).stdout).toMatch(/^bob\tBob Baker\tadmin\t/m);
    const reset = await staff(['reset-password', 'bob'], 'a brand new phrase for him\n');
    expect(reset.code).toBe(0);
    expect((await login('bob', 'his sturdy phrase here')).status).toBe(401);
    expect((await login('bob', 'a brand new phrase for him')).status).toBe(200);
    // The last admin cannot be demoted.
    expect((await staff(['remove', 'bob'])).code).toBe(0);
    const last = await staff(['set-role', 'alice', 'reviewer']);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/at least one admin/);
    const gone = await staff(['remove', 'bob']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/No staff account named bob/);
  });

  it('given the server killed outright, then the command opens the database itself again', async () => {
    server!.proc.kill('SIGKILL');
    await server!.exited;
    server = undefined;
    const list = await staff(['list']);
    expect(list.stderr).toBe('');
    expect(list.stdout).toMatch(/^alice\t/m);
  });
});

describe('staff command with a DATA_DIR too long for a socket path in it', () => {
  // Made when the block's tests run, not when the file is read: a run that filters them out
  // (`-t`) skips this block's afterAll too, and would leave the folder behind.
  let base = '';
  let dataDir = '';
  const env: Record<string, string> = {};
  const staff = (args: string[], stdin = '') => run(compiled().staff, args, env, stdin);
  let server: RunningServer | undefined;

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-cli-long-'));
    // Well past the 107 bytes a Unix socket path may have on Linux (103 elsewhere).
    dataDir = withPgliteTemplate(path.join(base, 'a-data-folder-with-a-long-name-'.repeat(4)));
    Object.assign(env, { DATA_DIR: dataDir, DIST_DIR: base });
  });

  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await server?.exited;
    fs.rmSync(path.dirname(socketPath(dataDir)), { recursive: true, force: true });
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('given the server running, then it starts, and the CLI reaches it over a socket in a private temporary folder', async () => {
    expect(Buffer.byteLength(path.join(dataDir, 'admin.sock'))).toBeGreaterThan(107);
    server = await startServer(compiled().main, env);
    const socket = socketPath(dataDir);
    expect(path.dirname(path.dirname(socket))).toBe(os.tmpdir());
    expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(103);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).not.toContain('admin.sock');
    // Opening the embedded database itself would fail: the running server holds it.
    const add = await staff(['add', 'carol', '--name', 'Carol'], 'a sturdy passphrase\n');
    expect(add.stderr).toBe('');
    expect(add.stdout).toMatch(/Created staff account carol \(Carol\), role admin/);
    expect(add.stdout).toContain('(the embedded database in ');
    const login = await fetchFresh(`${server.url}/api/security-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'carol', password: 'a sturdy passphrase' }),
    });
    expect(login.status).toBe(200);
    // A clean stop takes the socket and its folder away.
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;
    expect(fs.existsSync(path.dirname(socket))).toBe(false);
    expect((await staff(['list'])).stdout).toMatch(/^carol\tCarol\tadmin\t/m);
  }, 180_000); // Three processes one after another: slow on a busy machine.

  /** A server's admin socket on `folder` for `database`, whose staff service notes any call. */
  async function socketFor(folder: string, database: string) {
    const calls: string[] = [];
    const staffService = new Proxy({} as StaffService, {
      get: (_, name) => () => calls.push(String(name)),
    });
    const stop = await startAdminSocket(staffService, folder, () => undefined, database);
    return { stop, calls };
  }

  it('given a server on the folder that uses another database, then it refuses the command and says which it uses', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-other-db-'));
    const command = {
      command: 'remove' as const,
      username: 'someone',
      database: `the embedded database in ${folder}`,
    };
    const postgres = await socketFor(folder, 'PostgreSQL db.example:5432/spartans');
    try {
      expect(await sendToServer(folder, command)).toEqual({
        code: 1,
        stdout: '',
        stderr: `Nothing done: the server on this data folder uses PostgreSQL db.example:5432/spartans, not the embedded database in ${folder}. Run the command with the same DATABASE_URL as that server, or stop it first.\n`,
      });
      expect(postgres.calls).toEqual([]);
    } finally {
      await postgres.stop();
    }
    // An embedded one is the folder's own, however its path is spelt (a link, a relative path).
    const embedded = await socketFor(folder, 'the embedded database in /srv/spelt/another/way');
    try {
      await sendToServer(folder, command);
      expect(embedded.calls).not.toEqual([]);
    } finally {
      await embedded.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('given that folder made by someone else first (open to others), then neither server nor CLI uses it', async () => {
    const folder = path.dirname(socketPath(dataDir));
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    try {
      const warnings: string[] = [];
      const stop = await startAdminSocket(
        {} as StaffService,
        dataDir,
        (m) => warnings.push(m),
        'the embedded database',
      );
      await stop();
      expect(warnings.join('\n')).toMatch(/open to other users/);
      expect(fs.readdirSync(folder)).toEqual([]);
      // A socket file planted there: the CLI does not send the password to it.
      fs.writeFileSync(path.join(folder, 'admin.sock'), '');
      const add = await staff(['add', 'dave'], 'a sturdy passphrase\n');
      expect(add.code).toBe(1);
      expect(add.stderr).toMatch(/Not using the admin socket .*open to other users/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
