/**
 * A process that races for data-folder locks (tests/api/lock.test.ts). Each stdin line is a
 * JSON command: `{"dir", "at"}` takes the lock on `dir` at the clock time `at` (asleep until
 * shortly before, then spinning, so that every racer tries within the same millisecond) and
 * prints `ok` or `locked`;
 * `{"release": true}` releases what it holds and prints `released`.
 */
import readline from 'node:readline';
import { lockDataDir } from '../../server/db/lock.ts';

/** How long before `at` a racer stops sleeping and spins. */
const SPIN_MS = 20;

let release: (() => void) | undefined;
for await (const line of readline.createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { dir?: string; at?: number; release?: boolean };
  if (command.release) {
    release?.();
    release = undefined;
    console.log('released');
    continue;
  }
  const at = command.at ?? 0;
  // Asleep for most of the wait (four racers spinning the whole lead time took two cores for it),
  // then spinning the last stretch: a timer could fire a few milliseconds late.
  const wake = at - SPIN_MS - Date.now();
  if (wake > 0) await new Promise((resolve) => setTimeout(resolve, wake));
  while (Date.now() < at) {
    // Spin.
  }
  try {
    release = lockDataDir(command.dir!);
    console.log('ok');
  } catch (err) {
    console.log(
      (err as Error).name === 'DataDirLockedError' ? 'locked' : `error ${(err as Error).message}`,
    );
  }
}
