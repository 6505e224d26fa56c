/**
 * An exclusive lock on the embedded database's folder. PGlite is one process
 * per folder: a second process opening the same files silently loses
 * acknowledged writes (pglite issues #1106, #323), so the server refuses to.
 *
 * The lock is a file created with O_EXCL holding the owner's pid and host. A
 * lock left by a process that no longer runs (kill -9, power loss) is taken
 * over; one held by a live process is refused with a clear message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'pglite.lock';

/** Folders locked by this process (a second open in the same process is refused too). */
const held = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(dir: string, owner: string) {
    super(
      `The data folder ${dir} is already in use by ${owner}. The embedded database (PGlite) ` +
        'can be opened by one process only: stop the other server first, or point DATA_DIR ' +
        'elsewhere, or use DATABASE_URL (PostgreSQL) to run several processes. If you are sure ' +
        `no other process uses it, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir` (created if missing); returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  fs.mkdirSync(resolved, { recursive: true, mode: 0o700 });
  const file = path.join(resolved, LOCK_FILE);
  if (held.has(resolved)) throw new DataDirLockedError(resolved, 'this process');
  const me = `${process.pid}@${os.hostname()}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx', mode: 0o600 });
      held.add(resolved);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(resolved);
        try {
          if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = '';
    try {
      owner = fs.readFileSync(file, 'utf8').trim();
    } catch {
      continue; // Released between our attempt and the read: try again.
    }
    const [pidText, host] = owner.split('@');
    const pid = Number(pidText);
    const sameHost = host === os.hostname();
    if (Number.isInteger(pid) && pid > 0 && (!sameHost || (pid !== process.pid && alive(pid)))) {
      throw new DataDirLockedError(resolved, `process ${owner}`);
    }
    // Stale: its owner is gone (or was an earlier life of this very pid). Take it over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(resolved, 'another process (lock contention)');
}
