/** The built npm library (dist/lib) works with real React as a peer dependency. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DIST } from '../../scripts/paths.ts';
import type * as Lib from '../../widgets/index.ts';

const lib = path.join(DIST, 'lib');

/** React's server output separates adjacent text nodes with empty comments. */
const renderToStringNoMarkers = (element: Parameters<typeof renderToString>[0]) =>
  renderToString(element).replaceAll('<!-- -->', '');

describe('dist/lib', () => {
  it('ships ES modules with type declarations and leaves React to the host app', () => {
    for (const file of ['index.js', 'index.d.ts', 'register.js', 'register.d.ts']) {
      expect(fs.existsSync(path.join(lib, file)), file).toBe(true);
    }
    const code = fs
      .readdirSync(lib)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(lib, f), 'utf8'))
      .join('\n');
    expect(code).toMatch(/from\s*["']react["']/);
    expect(code).not.toContain('preact');
    expect(code).not.toContain('__SECRET_INTERNALS');
    const types = fs.readFileSync(path.join(lib, 'types', 'widgets', 'index.d.ts'), 'utf8');
    expect(types).toContain('WealthCounterProps');
    expect(types).toContain('StateBannerProps');
  });

  it('lets a bundler drop what a consumer does not import: one WealthCounter loads no form code', async () => {
    // esbuild, as a consumer's bundler would run on the package: only the counter imported.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-lib-shake-'));
    try {
      const entry = path.join(out, 'entry.js');
      fs.writeFileSync(
        entry,
        `import { WealthCounter } from ${JSON.stringify(path.join(lib, 'index.js'))};\n` +
          'console.log(WealthCounter);\n',
      );
      await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        splitting: true,
        format: 'esm',
        outdir: path.join(out, 'dist'),
        external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
        logLevel: 'silent',
      });
      // What the page loads: the entry and the chunks it imports statically, transitively.
      const loaded = new Set<string>();
      const visit = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        const code = fs.readFileSync(path.join(out, 'dist', file), 'utf8');
        for (const [, dep] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) visit(dep!);
      };
      visit('entry.js');
      const code = [...loaded]
        .map((file) => fs.readFileSync(path.join(out, 'dist', file), 'utf8'))
        .join('\n');
      expect(code).toContain('The Private Spartan Wealth Fund');
      // No loader of another widget's code: the forms' logic, the form kit, the login's calls.
      expect(code).not.toMatch(/import\(["'][^"']*(submit|kit|login-api|MapView)/);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('renders its components with real React', async () => {
    const mod = (await import(pathToFileURL(path.join(lib, 'index.js')).href)) as typeof Lib;
    const html = renderToStringNoMarkers(
      createElement(mod.WealthCounter, { startDate: '2026-01-01T00:00:00Z' }),
    );
    expect(html).toContain('The Private Spartan Wealth Fund');
    expect(html).toMatch(
      /\$<span class="spartan-counter__lead">00,<\/span>\d{3},\d{3},\d{3},\d{3}\.\d{2}/,
    );
    const banner = renderToString(createElement(mod.StateBanner));
    expect(banner).toContain('Wyoming');
  });
});
