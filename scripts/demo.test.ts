/**
 * `npm run demo` follows the environment `npm start` reads: its pages load the widgets, and
 * point the widgets' calls, at http://HOST:PORT (or `SPARTAN_ORIGIN`), and their CSP allows
 * that origin. The real demo server, each page of demo/ as a browser would get it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildDemo, demoSpartanOrigin } from './demo.ts';
import { ROOT } from './paths.ts';

const pages = fs.readdirSync(path.join(ROOT, 'demo')).filter((name) => name.endsWith('.html'));

/** Every URL a page names in an attribute that loads from, or calls, another origin. */
function crossOriginUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href|api-base|media-base|geo-url)="([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((url) => /^[a-z]+:\/\//i.test(url));
}

describe('the demo pages', () => {
  it.each([
    [{ HOST: '127.0.0.2', PORT: '4321' }, 'http://127.0.0.2:4321'],
    [{ PORT: '4555' }, 'http://127.0.0.1:4555'],
    [{ PORT: '4555', SPARTAN_ORIGIN: 'https://spartans.example/' }, 'https://spartans.example'],
  ])('given %o, then every page loads from %s', async (env, origin) => {
    expect(demoSpartanOrigin(env)).toBe(origin);
    const demo = await buildDemo(demoSpartanOrigin(env));
    try {
      expect(pages).toEqual(expect.arrayContaining(['index.html', 'forms.html', 'rich.html']));
      for (const page of pages) {
        const res = await demo.inject({ method: 'GET', url: `/${page}` });
        expect(res.statusCode, page).toBe(200);
        expect(res.body, page).not.toContain('{{');
        expect(res.body, page).not.toContain(':3000');
        const urls = crossOriginUrls(res.body);
        expect(urls.length, page).toBeGreaterThan(0);
        for (const url of urls)
          expect(url.startsWith(`${origin}/`) || url === origin, url).toBe(true);
        const csp = res.headers['content-security-policy'] as string;
        expect(csp).toContain(`script-src 'self' ${origin}`);
        expect(csp).toContain(`connect-src 'self' ${origin}`);
      }
    } finally {
      await demo.close();
    }
  });
});

describe('npm run demo', () => {
  it(
    'serves the pages, and stops, port and all, on SIGTERM to npm',
    { timeout: 60_000 },
    async () => {
      const child = spawn('npm', ['run', 'demo'], {
        cwd: ROOT,
        env: { ...process.env, DEMO_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      onTestFinished(() => {
        child.kill('SIGKILL');
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Partner demo on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then((code) => reject(new Error(`exited early (${code}):\n${output}`)));
      });
      expect((await fetch(`${url}/index.html`)).status).toBe(200);
      // npm itself, as a process manager or a terminal's kill would signal it.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`${url}/index.html`)).rejects.toThrow();
    },
  );
});
