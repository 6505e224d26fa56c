/**
 * `npm test`: every gate, stopping at the first stage that fails —
 * 1. type check, lint (zero warnings) and format, side by side;
 * 2. build; generated files up to date; size budgets;
 * 3. unit + component + API tests, and the browser tests in Chromium, side by side: each keeps
 *    about one core busy (the browser tests mostly wait on Chromium and their server), so on two
 *    cores the pair takes little longer than the browser tests alone.
 * Side-by-side gates write to a log each, printed whole when the gate ends, so output never
 * interleaves. Closes with one line: `test: N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-test-'));
let passed = 0;
let failed = 0;

interface Gate {
  label: string;
  cmd: string;
  args: string[];
  /** A vitest JSON report to count tests from. */
  report?: string;
}

const gate = (label: string, cmd: string, args: string[]): Gate => ({ label, cmd, args });

function vitest(label: string, config: string | null): Gate {
  const report = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (config) args.push('--config', config);
  return { label, cmd: bin('vitest'), args, report };
}

function count(g: Gate, ok: boolean): void {
  if (g.report && fs.existsSync(g.report)) {
    const r = JSON.parse(fs.readFileSync(g.report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else if (!ok) failed += 1;
}

/** Runs one gate; alone, its output streams; beside others, it is printed when it ends. */
function run(g: Gate, alone: boolean): Promise<boolean> {
  const started = Date.now();
  const log = path.join(tmp, `${g.label.replace(/\W+/g, '-')}.log`);
  if (alone) console.log(`\n── ${g.label} ──`);
  const out = alone ? 'inherit' : fs.openSync(log, 'w');
  const child = spawn(g.cmd, g.args, { cwd: ROOT, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      if (!alone) {
        console.log(`\n── ${g.label} ──`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
      }
      console.log(
        `── ${g.label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      count(g, ok);
      resolve(ok);
    });
  });
}

const stages: Gate[][] = [
  [
    gate('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
    gate('lint', bin('eslint'), ['--max-warnings', '0', '.']),
    gate('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  ],
  [gate('build', bin('tsx'), ['scripts/build.ts'])],
  [
    gate('generated files up to date', 'git', [
      'diff',
      '--exit-code',
      '--stat',
      '--',
      'custom-elements.json',
      'widgets/hub-map/geo-file.ts',
    ]),
  ],
  [gate('size budgets', bin('tsx'), ['scripts/size.ts'])],
  [
    vitest('unit, component and API tests', null),
    vitest('browser tests', 'vitest.browser.config.ts'),
  ],
];

let ok = true;
for (const stage of stages) {
  const results = await Promise.all(stage.map((g) => run(g, stage.length === 1)));
  if (results.includes(false)) {
    ok = false;
    if (failed === 0) failed = 1;
    break;
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntest: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
