/**
 * `npm start` (scripts/bootstrap.mjs, then scripts/start.ts) on built output: prints its URL when
 * ready, serves site, widgets and API, stops cleanly on the signal sent to the outer process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../../scripts/paths.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the URL when ready, serves site, widgets and API, and exits 0 on %s',
    async (signal) => {
      const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: DIST, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 60_000);
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
        child.on('exit', (code) => reject(new Error(`exited early (${code}):\n${output}`)));
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' });
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      expect((await fetch(`${url}/widgets/spartan-counter.js`)).status).toBe(200);

      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      child.kill(signal);
      expect(await exited).toBe(0);
    },
  );
});
