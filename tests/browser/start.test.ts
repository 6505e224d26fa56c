/**
 * `npm start` (scripts/bootstrap.mjs on the compiled server) on built output: prints its URL when
 * ready, serves site, widgets and API, stops cleanly on the signal sent to the outer process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { DIST, ROOT } from '../../scripts/paths.ts';
import { fetchFresh } from '../fetch.ts';
import { withPgliteTemplate } from '../api/pglite-template.ts';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the URL when ready, serves site, widgets and API, and exits 0 on %s',
    // A first start creates the embedded database: on a busy machine that alone can take a minute.
    { timeout: 180_000 },
    async (signal) => {
      // A data folder each: a start that failed must not hold the next one's lock. The first is
      // empty (a first start creates the embedded database); the second holds a copy of one as a
      // first start leaves it (the global set-up's template): what is checked after the start does
      // not depend on the folder, and creating a database again would cost several seconds of CPU.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-start-'));
      dataDirs.push(dataDir);
      if (signal === 'SIGINT') withPgliteTemplate(dataDir);
      const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: DIST, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      // Whatever fails, the server does not outlive its test.
      onTestFinished(async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 150_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then((code) => reject(new Error(`exited early (${code}):\n${output}`)));
      });
      expect((await fetchFresh(`${url}/api/health`)).status).toBe(200);
      expect(await (await fetchFresh(`${url}/api/health`)).json()).toEqual({ status: 'ok' });
      const home = await fetchFresh(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      expect((await fetchFresh(`${url}/widgets/spartan-counter.js`)).status).toBe(200);

      child.kill(signal);
      expect(await exited).toBe(0);
    },
  );
});
