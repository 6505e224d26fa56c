/**
 * A process's fields in Linux's /proc/<pid>/stat, read for the data-folder lock (a process's start
 * time) and the benches (CPU time).
 */
import fs from 'node:fs';

/**
 * The fields after the command name, the state (field 3 of proc(5)) first: field N is at index
 * N - 3. The name (field 2) may hold spaces and parentheses, so the count starts after its last
 * closing one. Null where there is no such process, or no /proc.
 */
export function procStatFields(pid: number | string): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
  } catch {
    return null;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
