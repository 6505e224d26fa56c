/**
 * The failed tests of a vitest JSON report, in a few lines each. `npm test` prints them last, just
 * above its closing line, so that the end of its output (all a CI page may keep) names what failed
 * and why, however long the passing gates' logs above it are.
 */
import path from 'node:path';

/** The parts of vitest's JSON report read here. */
export interface VitestReport {
  testResults: {
    name: string;
    status: string;
    /** Why a file failed as a whole (an import error, a failing hook). */
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** Lines of a failure message kept: its error and the start of its stack (our frames) or diff. */
const MESSAGE_LINES = 4;
// eslint-disable-next-line no-control-regex -- the colour codes of vitest's messages
const ANSI = /\u001b\[[0-9;]*m/g;

const firstLines = (message: string) =>
  message
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line))
    .slice(0, MESSAGE_LINES)
    .map((line) => `    ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`);

/** One block per failed test (or file that failed as a whole): where, what, and why. */
export function failuresIn(report: VitestReport, root: string): string[] {
  const blocks: string[] = [];
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      const why = (test.failureMessages ?? []).join('\n');
      blocks.push([`  ✗ ${where} > ${test.fullName}`, ...firstLines(why)].join('\n'));
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      blocks.push([`  ✗ ${where}`, ...firstLines(file.message ?? 'failed')].join('\n'));
    }
  }
  return blocks;
}
