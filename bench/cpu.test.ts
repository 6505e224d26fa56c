/**
 * The benches' CPU readings (bench/cpu.ts), against work of a known size: a process that starts
 * a child which spins until it has used SPIN_SECONDS of CPU. The parent itself uses far less
 * (its start-up), so its tree reaches SPIN_SECONDS only if the child is counted.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { machineCpuSeconds, treeCpuSeconds } from './cpu.ts';

const SPIN_SECONDS = 0.5;
// The kernel counts CPU time in ticks (10 ms), and the machine's by sampling at each tick.
const AT_LEAST = SPIN_SECONDS * 0.9;
const SPINNER = `
  const until = Number(process.argv[1]) * 1e6;
  for (;;) { const u = process.cpuUsage(); if (u.user + u.system >= until) break; }
  console.log('spun');
  process.stdin.resume();
`;
// Prints "spun" once its child has spun (the child still running), and "reaped" once it has
// ended it (on a line of input) and reaped it.
const PARENT = `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', ${JSON.stringify(SPINNER)}, '${SPIN_SECONDS}'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdout.once('data', () => console.log('spun'));
  child.once('exit', () => console.log('reaped'));
  process.stdin.once('data', () => child.stdin.end());
`;

it('counts a process’s children: running, and reaped', async () => {
  const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  parent.stdout.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().trim().split('\n'));
    for (const wake of waiters.splice(0)) wake();
  });
  const line = async (text: string) => {
    while (!lines.includes(text)) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  try {
    await line('spun');
    expect(treeCpuSeconds(parent.pid!)).toBeGreaterThanOrEqual(AT_LEAST);
    parent.stdin.write('end\n');
    await line('reaped');
    expect(treeCpuSeconds(parent.pid!)).toBeGreaterThanOrEqual(AT_LEAST);
  } finally {
    parent.kill();
  }
});

it('counts the whole machine’s busy time, a spinning process’s among it', async () => {
  const before = machineCpuSeconds();
  const spinner = spawn(process.execPath, ['-e', SPINNER, String(SPIN_SECONDS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => spinner.stdout.once('data', resolve));
  spinner.kill();
  expect(machineCpuSeconds() - before).toBeGreaterThanOrEqual(AT_LEAST);
});

it('answers NaN for a process that is not there', () => {
  // Above Linux's largest process id (2^22).
  expect(treeCpuSeconds(2 ** 22 + 1)).toBeNaN();
});
