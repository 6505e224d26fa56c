import { describe, expect, it } from 'vitest';
import { failuresIn, type VitestReport } from './test-failures.ts';

const report: VitestReport = {
  testResults: [
    {
      name: '/repo/tests/browser/a.test.ts',
      status: 'failed',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'a fails',
          status: 'failed',
          failureMessages: [
            '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n    at a.test.ts:3:1\n' +
              '    at file:///repo/node_modules/@vitest/runner/dist/x.js:1:1\n' +
              '    at b\n    at c\n    at d',
          ],
        },
      ],
    },
    {
      name: '/repo/tests/browser/b.test.ts',
      status: 'failed',
      message: 'Error: Cannot find module x',
      assertionResults: [],
    },
    { name: '/repo/tests/c.test.ts', status: 'passed', assertionResults: [] },
  ],
};

describe('failuresIn', () => {
  it('given failed tests and a file failed whole, then each with why, our frames only', () => {
    expect(failuresIn(report, '/repo')).toEqual([
      [
        '  ✗ tests/browser/a.test.ts > a fails',
        '    AssertionError: expected 1 to be 2',
        '        at a.test.ts:3:1',
        '        at b',
        '        at c',
      ].join('\n'),
      ['  ✗ tests/browser/b.test.ts', '    Error: Cannot find module x'].join('\n'),
    ]);
  });

  it('given no failure, then nothing', () => {
    expect(failuresIn({ testResults: [report.testResults[2]!] }, '/repo')).toEqual([]);
  });
});
