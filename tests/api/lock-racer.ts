/**
 * A process that races for data-folder locks (tests/api/lock.test.ts). Each stdin line is a
 * JSON command: `{"dir", "at"}` takes the lock on `dir` at the clock time `at` (spinning until
 * then, so that every racer tries within the same millisecond) and prints `ok` or `locked`;
 * `{"release": true}` releases what it holds and prints `released`.
 */
import readline from 'node:readline';
import { lockDataDir } from '../../server/db/lock.ts';

let release: (() => void) | undefined;
for await (const line of readline.createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { dir?: string; at?: number; release?: boolean };
  if (command.release) {
    release?.();
    release = undefined;
    console.log('released');
    continue;
  }
  while (Date.now() < (command.at ?? 0)) {
    // Spin: a timer could fire a few milliseconds late.
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
