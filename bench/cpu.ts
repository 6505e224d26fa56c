/**
 * CPU time, read from Linux's /proc, for the benches' CPU-per-request figures: what each process
 * of a run (the servers', PostgreSQL's, the load generator's) and the whole machine spent.
 * Elsewhere (no /proc) every reading is NaN, and the figures print as "–".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { procStatFields } from '../server/proc-stat.ts';

let ticksPerSecond: number | undefined;
function tick(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  return ticksPerSecond;
}

/** utime + stime, and the same of the children it has reaped (cutime + cstime), in ticks. */
function ticksOf(fields: string[]): number {
  return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
}

/**
 * CPU seconds spent so far by process `pid` and its children: those still running, and those it
 * has reaped (a PostgreSQL backend that has ended). NaN where /proc cannot tell.
 */
export function treeCpuSeconds(pid: number): number {
  const root = procStatFields(pid);
  if (!root) return Number.NaN;
  let ticks = ticksOf(root);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = procStatFields(entry);
    if (fields && Number(fields[1]) === pid) ticks += ticksOf(fields);
  }
  return ticks / tick();
}

/** CPU seconds the whole machine has spent busy (every core, every process, the kernel's own). */
export function machineCpuSeconds(): number {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/);
    // user nice system idle iowait irq softirq steal: idle, iowait and steal (time the
    // hypervisor gave to others) are not this machine's work.
    const [user, nice, system, , , irq, softirq] = values.map(Number);
    return (user! + nice! + system! + irq! + softirq!) / tick();
  } catch {
    return Number.NaN;
  }
}
