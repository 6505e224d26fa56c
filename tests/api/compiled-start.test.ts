/**
 * `npm start`, `npm run staff`, `backup` and `restore` run the compiled server
 * (scripts/bootstrap.mjs, scripts/compiled.mjs): built when missing or made from other sources,
 * then run without a TypeScript loader, with nothing written to the shared temporary folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  serverDir,
  serverInputs,
  serverUpToDate,
  siteInputs,
  siteStamp,
  siteUpToDate,
} from '../../scripts/compiled.mjs';
import { fetchFresh } from '../fetch.ts';
import { withPgliteTemplate } from './pglite-template.ts';
import { ROOT, run } from './processes.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(under = os.tmpdir()): string {
  fs.mkdirSync(under, { recursive: true });
  const dir = fs.mkdtempSync(path.join(under, 'spartan-compiled-'));
  made.push(dir);
  return dir;
}

/** A dist folder whose site counts as built from the sources as they are (a site build costs a minute). */
function distWithSite(): string {
  // Under the repository, so that the compiled server's packages resolve from its node_modules.
  const dist = tempDir(path.join(ROOT, 'node_modules', '.cache', 'spartan-dist'));
  fs.writeFileSync(siteStamp(dist), `${siteInputs(ROOT)}\n`);
  return dist;
}

const bootstrap = path.join(ROOT, 'scripts', 'bootstrap.mjs');

describe('the compiled server', () => {
  it('given no compiled server, then `npm run staff` compiles it into dist/server-<hash>, runs it, writes nothing to the temporary folder and keeps standard output for its answer', async () => {
    const dist = distWithSite();
    const tmp = tempDir();
    const dataDir = tempDir();
    withPgliteTemplate(dataDir);
    // An earlier version's folder, as a `git pull` leaves it: not used.
    fs.mkdirSync(path.join(dist, 'server-0000000000000000'));
    const env = { DIST_DIR: dist, DATA_DIR: dataDir, TMPDIR: tmp };
    const first = await run(bootstrap, ['staff', 'list'], env);
    expect(first.stderr).toContain('Compiling the server');
    expect([first.code, first.stdout]).toEqual([0, 'No staff accounts.\n']);
    const hash = serverInputs(ROOT);
    expect(serverUpToDate(dist, hash)).toBe(true);
    expect(fs.existsSync(path.join(serverDir(dist, hash), 'staff.js'))).toBe(true);
    // Up to date now: run as it is.
    const second = await run(bootstrap, ['staff', 'list'], env);
    expect([second.code, second.stdout, second.stderr]).toEqual([0, 'No staff accounts.\n', '']);
    // Neither the build (tsx, its cache off) nor the command cached anything in TMPDIR.
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('given the sources change (a `git pull`), then their hash names another folder, so the next start builds again', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'server'));
    fs.writeFileSync(path.join(root, 'server', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(root, 'server', 'a.test.ts'), 'test\n');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
    const before = serverInputs(root);
    const dist = tempDir();
    fs.mkdirSync(serverDir(dist, before));
    fs.writeFileSync(path.join(serverDir(dist, before), 'entries.json'), '[]\n');
    expect(serverUpToDate(dist, before)).toBe(true);
    // A test file is not built: changing it changes nothing.
    fs.writeFileSync(path.join(root, 'server', 'a.test.ts'), 'test changed\n');
    expect(serverInputs(root)).toBe(before);
    fs.writeFileSync(path.join(root, 'server', 'a.ts'), 'export const a = 2;\n');
    const after = serverInputs(root);
    expect(after).not.toBe(before);
    expect(serverUpToDate(dist, after)).toBe(false);
    // The site's stamp likewise.
    fs.mkdirSync(path.join(root, 'site'));
    fs.writeFileSync(path.join(root, 'site', 'page.tsx'), 'one\n');
    fs.writeFileSync(siteStamp(dist), `${siteInputs(root)}\n`);
    expect(siteUpToDate(dist, siteInputs(root))).toBe(true);
    fs.writeFileSync(path.join(root, 'site', 'page.tsx'), 'two\n');
    expect(siteUpToDate(dist, siteInputs(root))).toBe(false);
  });

  it('given `npm start`, then the process that serves is the bootstrap itself: no loader, no child process, nothing in the temporary folder', async () => {
    const dist = distWithSite();
    const tmp = tempDir();
    const dataDir = tempDir();
    withPgliteTemplate(dataDir);
    const child = spawn(process.execPath, [bootstrap, 'start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DIST_DIR: dist,
        DATA_DIR: dataDir,
        TMPDIR: tmp,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    onTestFinished(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`exited (${code}): ${output}`)));
    });
    expect((await fetchFresh(`${url}/api/health`)).status).toBe(200);
    const pid = child.pid ?? 0;
    // Plain node on the bootstrap: no --import of a loader (NODE_OPTIONS is empty, above).
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual([bootstrap, 'start']);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .map((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim())
      .filter(Boolean);
    expect(children).toEqual([]);
    expect(fs.readdirSync(tmp)).toEqual([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
