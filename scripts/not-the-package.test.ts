/**
 * The root's prepack guard, under the real npm: `npm pack` at the repository's root stops with
 * one sentence (it would pack the repository), and `npm run pack`, which npm runs the same
 * prepack script before, goes on. In a scratch package with the root's two scripts (the real
 * `pack` builds the whole library, which the package test does).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './paths.ts';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-prepack-'));
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'prepack-check',
      version: '1.0.0',
      scripts: {
        pack: 'node -e "console.log(\'packing the library\')"',
        // The root's own guard, as the root runs it.
        prepack: root.scripts.prepack!.replace('scripts/', `${path.join(ROOT, 'scripts')}/`),
      },
    }),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const npm = (...args: string[]) =>
  spawnSync('npm', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_command: '' } });

describe('the root package', () => {
  it('given `npm pack` (or publish) at the root, then it stops with one sentence', () => {
    const packed = npm('pack', '--dry-run');
    expect(packed.status).not.toBe(0);
    expect(packed.stderr).toContain('This is the repository, not the package');
  });

  it('given `npm run pack`, then its prepack lets it go on', () => {
    const run = npm('run', 'pack');
    expect(run.stderr).not.toContain('This is the repository');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('packing the library');
  });
});
