/**
 * `npm run bench -- start`: the CPU time of a server start, until it prints that it is ready,
 * compiled (`npm start` as it is: scripts/bootstrap.mjs on the compiled server) against the
 * sources under tsx's loader (as `npm start` ran before, its cache in the temporary folder
 * warm). The starts alternate, on one migrated embedded database, after one start of each that
 * is not counted (it creates the database, and warms tsx's cache and the compiled build).
 * Needs a built dist/ (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treeCpuSeconds } from './cpu.ts';
import { startServerProcess } from './server-process.ts';
import { DIST } from '../scripts/paths.ts';

const ROUNDS = 3;

const WAYS: Array<[string, string[]]> = [
  ['sources under tsx (before)', ['--import', 'tsx', 'server/main.ts']],
  ['compiled (npm start)', ['scripts/bootstrap.mjs', 'start']],
];

/** Starts, waits for "ready", reads the CPU seconds spent, stops: those seconds. */
async function startOnce(args: string[], dataDir: string): Promise<number> {
  const server = await startServerProcess(args, { DATA_DIR: dataDir, DIST_DIR: DIST });
  const cpu = treeCpuSeconds(server.pid);
  await server.stop();
  return cpu;
}

export default async function startBench(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-start-bench-'));
  try {
    const cpu = new Map<string, number[]>(WAYS.map(([name]) => [name, []]));
    for (const [, args] of WAYS) await startOnce(args, dataDir);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, args] of WAYS) cpu.get(name)!.push(await startOnce(args, dataDir));
    }
    const rows = WAYS.map(([name]) => {
      const runs = cpu.get(name)!;
      const mean = runs.reduce((a, b) => a + b, 0) / runs.length;
      return [name, runs.map((s) => s.toFixed(2)).join(', '), mean.toFixed(2)];
    });
    const [before, after] = rows.map((row) => Number(row[2]));
    return [
      '| start | CPU-s of each start | mean CPU-s |',
      '| --- | ---: | ---: |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
      '',
      `Compiled: ${((after! / before!) * 100).toFixed(0)}% of the CPU of a start under tsx.`,
    ].join('\n');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
