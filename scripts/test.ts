/**
 * `npm test`: every gate, in order, stopping at the first failure —
 * type check, lint (zero warnings), format, build, generated files up to date, size
 * budgets, unit + component + API tests, browser tests in Chromium.
 * Closes with one line: `test: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-test-'));
let passed = 0;
let failed = 0;

function run(label: string, cmd: string, args: string[]): boolean {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(
    `── ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return ok;
}

function vitest(label: string, config: string | null): boolean {
  const report = path.join(tmp, `${label}.json`);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (config) args.push('--config', config);
  const ok = run(label, bin('vitest'), args);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else if (!ok) failed += 1;
  return ok;
}

const gates: Array<() => boolean> = [
  () => run('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  () => run('lint', bin('eslint'), ['--max-warnings', '0', '.']),
  () => run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  () => run('build', bin('tsx'), ['scripts/build.ts']),
  () =>
    run('generated files up to date', 'git', [
      'diff',
      '--exit-code',
      '--stat',
      '--',
      'custom-elements.json',
      'widgets/hub-map/geo-file.ts',
    ]),
  () => run('size budgets', bin('tsx'), ['scripts/size.ts']),
  () => vitest('unit, component and API tests', null),
  () => vitest('browser tests', 'vitest.browser.config.ts'),
];

let ok = true;
for (const gate of gates) {
  if (!gate()) {
    ok = false;
    if (failed === 0) failed = 1;
    break;
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntest: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
