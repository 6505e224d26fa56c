/**
 * The embedded database's folder: one owner, decided atomically among processes starting at
 * the same millisecond; the stale-lock rules; modes 0700/0600 whatever the umask; start-up
 * failures in one sentence.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { LOCK_FILE, lockDataDir, STALE_AFTER_MS } from '../../server/db/lock.ts';
import { procStatFields } from '../../server/proc-stat.ts';
import { compiled } from './compiled.ts';
import { node, run } from './processes.ts';
import { fakeDist } from './harness.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const startOf = (pid: number) => procStatFields(pid)?.[19];
const BOOT = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

function writeLock(dir: string, owner: object, ageMs = 0): void {
  const file = path.join(dir, LOCK_FILE);
  fs.writeFileSync(file, JSON.stringify(owner));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

interface Racer {
  proc: ChildProcess;
  next(): Promise<string>;
}

function racer(): Racer {
  const proc = node('tests/api/lock-racer.ts', [], {});
  const lines = readline.createInterface({ input: proc.stdout! });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else queue.push(line);
  });
  return {
    proc,
    next: () =>
      new Promise((resolve) => {
        const line = queue.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      }),
  };
}

describe('the data-folder lock', () => {
  it('given four processes starting on one folder in the same millisecond, then exactly one gets it, every time, stale lock or none', async () => {
    const racers = Array.from({ length: 4 }, racer);
    try {
      // Warm-up round: every racer has loaded its code and answers.
      const warm = temp();
      for (const r of racers) r.proc.stdin!.write(`${JSON.stringify({ dir: warm, at: 0 })}\n`);
      const warmAnswers = await Promise.all(racers.map((r) => r.next()));
      expect(warmAnswers.filter((a) => a === 'ok')).toHaveLength(1);
      for (const r of racers) r.proc.stdin!.write('{"release":true}\n');
      await Promise.all(racers.map((r) => r.next()));

      const dead = spawn(process.execPath, ['-e', '0']);
      await new Promise((resolve) => dead.once('exit', resolve));
      for (let trial = 0; trial < 30; trial += 1) {
        const dir = temp();
        // Every other trial starts from a stale lock: the takeover path races too.
        if (trial % 2 === 1) writeLock(dir, { pid: dead.pid, host: os.hostname() });
        const at = Date.now() + 150;
        for (const r of racers) r.proc.stdin!.write(`${JSON.stringify({ dir, at })}\n`);
        const answers = await Promise.all(racers.map((r) => r.next()));
        expect(
          answers.filter((a) => a === 'ok'),
          `trial ${trial}: ${answers.join(',')}`,
        ).toHaveLength(1);
        expect(answers.filter((a) => a === 'locked')).toHaveLength(3);
        for (const r of racers) r.proc.stdin!.write('{"release":true}\n');
        await Promise.all(racers.map((r) => r.next()));
        expect(fs.readdirSync(dir)).toEqual([]); // no record or temp file left behind
      }
    } finally {
      for (const r of racers) r.proc.kill('SIGKILL');
    }
  });

  it('given a lock naming a live process of this host whose start time differs (a reused pid), then it is taken over', () => {
    const dir = temp();
    writeLock(dir, { pid: process.ppid, host: os.hostname(), start: '1', boot: BOOT });
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('given a lock naming a live process of this host with its real start time, then the start is refused by name', () => {
    const dir = temp();
    const owner = {
      pid: process.ppid,
      host: os.hostname(),
      start: startOf(process.ppid),
      boot: BOOT,
    };
    writeLock(dir, owner);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`in use by process ${process.ppid} on ${os.hostname()}`),
    );
  });

  it('given a lock from an earlier boot, then it is taken over', () => {
    const dir = temp();
    writeLock(dir, {
      pid: process.ppid,
      host: os.hostname(),
      start: startOf(process.ppid),
      boot: 'earlier',
    });
    lockDataDir(dir)();
  });

  it('given a lock from another host, then it holds while its owner beats, and is taken over after a minute of silence', () => {
    const dir = temp();
    writeLock(dir, { pid: 1234, host: 'elsewhere.example' }, 5_000);
    expect(() => lockDataDir(dir)).toThrow(
      /in use by process 1234 on elsewhere\.example \(another host/,
    );
    writeLock(dir, { pid: 1234, host: 'elsewhere.example' }, STALE_AFTER_MS + 5_000);
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).host).toBe(os.hostname());
    release();
  });

  it('given the old lock format naming a dead process, then it is taken over', async () => {
    const dir = temp();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${dead.pid}@${os.hostname()}`);
    lockDataDir(dir)();
  });
});

describe('the data folder', () => {
  it('given a umask of 0 and a folder made 0755, then the folder is 0700 and every file in it 0600', async () => {
    const dir = temp();
    fs.chmodSync(dir, 0o755);
    const before = process.umask(0);
    try {
      const app = await build({ dataDir: dir, distDir: fakeDist() });
      await app.staff.create({ username: 'modes', password: 'kept private by the folder 123' });
      await app.close();
    } finally {
      process.umask(before);
    }
    const wrong: string[] = [];
    const walk = (at: string) => {
      const mode = fs.statSync(at).mode & 0o777;
      if (fs.statSync(at).isDirectory()) {
        if (mode !== 0o700) wrong.push(`${at} ${mode.toString(8)}`);
        for (const name of fs.readdirSync(at)) walk(path.join(at, name));
      } else if (mode !== 0o600) wrong.push(`${at} ${mode.toString(8)}`);
    };
    walk(dir);
    expect(fs.readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });

  it('given a data folder that also holds the operator’s own files, then those keep their modes', async () => {
    const dir = temp();
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.writeFileSync(path.join(dir, 'bin', 'tool'), '#!/bin/sh\necho hi\n');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    // Set after writing: the process's umask (tightened by an earlier server here) would mask them.
    fs.chmodSync(path.join(dir, 'bin', 'tool'), 0o755);
    fs.chmodSync(path.join(dir, 'notes.txt'), 0o644);
    fs.chmodSync(path.join(dir, 'bin'), 0o755);
    const app = await build({ dataDir: dir, distDir: fakeDist() });
    await app.close();
    const mode = (name: string) => (fs.statSync(path.join(dir, name)).mode & 0o777).toString(8);
    expect([mode('bin'), mode('bin/tool'), mode('notes.txt')]).toEqual(['755', '755', '644']);
    // The server's own: the folder, the database's files, the token secret.
    expect([mode('.'), mode('pglite'), mode('auth-secret')]).toEqual(['700', '700', '600']);
  });

  it.each([
    ['held by another server', 'held'],
    ['a file, not a folder', 'file'],
  ])(
    'given a data folder %s, then the start fails with one sentence and no stack',
    async (_label, kind) => {
      const base = temp();
      let dataDir = base;
      if (kind === 'held') {
        writeLock(base, {
          pid: process.ppid,
          host: os.hostname(),
          start: startOf(process.ppid),
          boot: BOOT,
        });
      } else {
        dataDir = path.join(base, 'plain-file');
        fs.writeFileSync(dataDir, 'not a folder');
      }
      const result = await run(compiled().main, [], {
        DATA_DIR: dataDir,
        DIST_DIR: base,
        PORT: '0',
        HOST: '127.0.0.1',
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        kind === 'held' ? /is in use by process/ : /cannot use .*plain-file/,
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
