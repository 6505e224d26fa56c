/**
 * The npm package as a React developer receives it: `npm pack` of dist/lib, installed with npm
 * into a scratch app, then loaded with `import` and `require`, and type-checked strictly
 * (skipLibCheck off) under the bundler, node16 and node10 resolutions. The scratch app takes
 * React 19 and its types from this repository's own install (peers are not downloaded).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../../scripts/paths.ts';

const app = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-consumer-'));
const installed = path.join(app, 'node_modules', 'spartan-platform');
let packed: { files: Array<{ path: string }>; filename: string };

const run = (cmd: string, args: string[], cwd = app) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  [packed] = JSON.parse(
    run('npm', ['pack', path.join(DIST, 'lib'), '--json', '--pack-destination', app]),
  ) as [typeof packed];
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // Peers come from here, so the install needs nothing from the registry.
  run('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--offline',
    '--legacy-peer-deps',
    path.join(app, packed.filename),
  ]);
  for (const peer of ['react', 'react-dom', '@types/react', '@types/react-dom']) {
    const link = path.join(app, 'node_modules', peer);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules', peer), link, 'dir');
  }
}, 120_000);
afterAll(() => fs.rmSync(app, { recursive: true, force: true }));

describe('the npm package', () => {
  it('holds only the library: JS, types, styles, the manifest and a README', () => {
    const files = packed.files.map((f) => f.path);
    for (const file of files) {
      expect(file).toMatch(
        /^(?:[\w.-]+\.(?:js|cjs)|types\/.+\.d\.ts|types\/package\.json|[\w]+\.d\.c?ts|styles\.css|custom-elements\.json|README\.md|package\.json)$/,
      );
    }
    for (const needed of ['index.js', 'index.cjs', 'index.d.ts', 'register.js', 'styles.css']) {
      expect(files).toContain(needed);
    }
    expect(files).toContain('custom-elements.json');
  });

  it('depends on nothing but its React peers, and says which files have side effects', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(installed, 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.peerDependencies as object).sort()).toEqual(['react', 'react-dom']);
    expect(manifest.sideEffects).toEqual(['./register.js', './register.cjs', './styles.css']);
    expect(fs.readFileSync(path.join(installed, 'index.js'), 'utf8')).toMatch(/^"use client";/);
  });

  it('loads with import and with require, and renders with React on the server', () => {
    const script = `
      import { createElement } from 'react';
      import { renderToString } from 'react-dom/server';
      import { createRequire } from 'node:module';
      const esm = await import('spartan-platform');
      const cjs = createRequire(import.meta.url)('spartan-platform');
      const html = renderToString(createElement(esm.StateBanner));
      console.log(JSON.stringify({
        esm: Object.keys(esm).sort(),
        cjs: Object.keys(cjs).filter((k) => k !== '__esModule').sort(),
        banner: html.includes('Wyoming'),
      }));`;
    fs.writeFileSync(path.join(app, 'load.mjs'), script);
    const out = JSON.parse(run(process.execPath, ['load.mjs'])) as {
      esm: string[];
      cjs: string[];
      banner: boolean;
    };
    expect(out.esm).toContain('WealthCounter');
    expect(out.esm).toContain('ApplyForm');
    expect(out.cjs).toEqual(out.esm);
    expect(out.banner).toBe(true);
  });

  it.each(['bundler', 'node16', 'node10'] as const)(
    'type-checks in a strict app with moduleResolution %s and skipLibCheck off',
    (resolution) => {
      const module =
        resolution === 'node16' ? 'node16' : resolution === 'node10' ? 'commonjs' : 'esnext';
      const dir = path.join(app, resolution);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            jsx: 'react-jsx',
            target: 'es2022',
            lib: ['es2022', 'dom', 'dom.iterable'],
            module,
            moduleResolution: resolution,
            types: [],
          },
          files: ['app.tsx'],
        }),
      );
      fs.writeFileSync(
        path.join(dir, 'app.tsx'),
        `import { WealthCounter, ApplyForm, type ApplyFormProps } from 'spartan-platform';
export const props: ApplyFormProps = { apiBase: 'https://spartans.example' };
export const page = (
  <>
    <WealthCounter startDate="2025-01-01T00:00:00Z" />
    <ApplyForm {...props} />
    <spartan-counter start-date="2025-01-01T00:00:00Z" className="wide" />
    <spartan-explainers layout="grid" media-base="https://spartans.example" />
  </>
);
export function listen(): string | undefined {
  const banner = document.querySelector('spartan-banner');
  let letter: string | undefined;
  banner?.addEventListener('spartan-letter', (event) => {
    letter = event.detail.letter;
  });
  return letter;
}
`,
      );
      const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      let output = '';
      try {
        run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
      } catch (err) {
        output = String((err as { stdout?: string }).stdout ?? err);
      }
      expect(output).toBe('');
    },
  );
});
