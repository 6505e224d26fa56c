/**
 * `npm test`: every gate, in two lanes side by side from the start —
 * - type check with lint (zero warnings; one process, scripts/check.ts) and format, side by
 *   side; then the unit, component and API tests;
 * - build; then, side by side, generated files up to date and the browser tests in Chromium (the
 *   size budgets among them: tests/browser/size.test.ts measures them from the server those tests
 *   run, where a gate of their own started a server and made a database for them alone).
 * The embedded database's template, which both vitest runs copy, is made once, from the start.
 * The browser tests, the longest gate, start as soon as the build is done. A lane stops at its
 * first failure; the other finishes the stage it is in.
 * Each gate writes to a log of its own, printed whole when the gate ends, so output never
 * interleaves. Closes with the failed tests, a few lines each (scripts/test-failures.ts), and one
 * line: `test: N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.ts';
import { SHARED_TEMPLATE } from '../tests/api/pglite-template.ts';
import { TEST_NODE_FLAGS } from '../tests/api/processes.ts';
import { failuresIn, type VitestReport } from './test-failures.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-test-'));
let passed = 0;
let failed = 0;
/** The failed tests of every report, printed last. */
const failures: string[] = [];

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
    const r = JSON.parse(fs.readFileSync(g.report, 'utf8')) as VitestReport & {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    failures.push(...failuresIn(r, ROOT));
  } else if (!ok) failed += 1;
}

/** Runs one gate; its output is printed when it ends. */
function run(g: Gate): Promise<boolean> {
  const started = Date.now();
  const log = path.join(tmp, `${g.label.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(g.cmd, g.args, { cwd: ROOT, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      console.log(`\n── ${g.label} ──`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      console.log(
        `── ${g.label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      count(g, ok);
      resolve(ok);
    });
  });
}

/**
 * Two lanes, side by side from the start; each runs its stages in order and stops at its first
 * failure (the other lane finishes the stage it is in, then stops too). The browser tests wait
 * only for the build, so they (the longest gate) start within seconds. Every gate runs at the
 * normal CPU priority: the checks once ran at nice 10 to leave the CPU to the build, but on a
 * machine busy with other work they then waited for that work (lint took 947 s instead of about
 * 100 s beside two busy loops).
 */
const CHECKS: Gate[] = [
  // `npm run typecheck` and `npm run lint` in one process over one program (scripts/check.ts).
  gate('type check and lint', process.execPath, ['--import', 'tsx', 'scripts/check.ts']),
  // Prettier's cache (node_modules/.cache/prettier) skips a file whose content, options and
  // Prettier version it has seen pass; a file that fails is never recorded, so it fails again.
  // The gate, on this machine: 11.3 CPU-s without it, 1.3 with it on a run after the first.
  gate('format', bin('prettier'), [
    '--check',
    '--cache',
    '--cache-strategy',
    'content',
    '--log-level',
    'warn',
    '.',
  ]),
];
/**
 * The embedded database's template (tests/api/pglite-template.ts), made once, at the start, beside
 * both lanes' first stages, for both vitest runs (each would make one in its global set-up, and
 * the browser tests' would start only after it). Each run waits for it before it starts.
 */
const template = path.join(tmp, 'pglite-template');
process.env[SHARED_TEMPLATE] = template;
const templateMade = run(
  gate('embedded database template', process.execPath, [
    ...TEST_NODE_FLAGS,
    '--import',
    'tsx',
    'tests/api/make-pglite-template.ts',
    template,
  ]),
);
const lanes: Gate[][][] = [
  [CHECKS, [vitest('unit, component and API tests', null)]],
  [
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
      vitest('browser tests', 'vitest.browser.config.ts'),
    ],
  ],
];

let ok = true;
await Promise.all(
  lanes.map(async (lane) => {
    for (const stage of lane) {
      if (stage.some((g) => g.report) && !(await templateMade)) ok = false;
      if (!ok) return;
      const results = await Promise.all(stage.map((g) => run(g)));
      if (results.includes(false)) {
        ok = false;
        if (failed === 0) failed = 1;
      }
    }
  }),
);
// Not left running (nor its folder half removed) when a lane stopped before needing it.
if (!(await templateMade)) ok = false;
fs.rmSync(tmp, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\ntest: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
