/**
 * An exclusive lock on the embedded database's folder. PGlite is one process
 * per folder: a second process opening the same files silently loses
 * acknowledged writes (pglite issues #1106, #323), so the server refuses to.
 *
 * Taking it is atomic: the owner's record is written to a file of its own, then hard-linked as
 * `pglite.lock`; link(2) fails if the name exists, so of any number of simultaneous starts
 * exactly one wins, and nobody ever reads a half-written record. Taking over a stale lock goes
 * through a second such lock (`pglite.lock.takeover`), so two starts never both remove it.
 *
 * When a lock is stale (docs/SERVER.md says the same):
 * - its record names this host and a process that no longer runs, or a process id now used by
 *   another program (its start time differs: a reused pid), or an earlier boot;
 * - its record names another host (a container restarted under a new name, a shared volume) and
 *   its owner has not touched it for STALE_AFTER_MS: a running owner touches it every
 *   HEARTBEAT_MS.
 * Anything else is held, and the start is refused with one sentence saying by whom.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { procStatFields } from '../proc-stat.ts';

export const LOCK_FILE = 'pglite.lock';
const TAKEOVER_FILE = 'pglite.lock.takeover';
/** How often a running owner touches its lock. */
export const HEARTBEAT_MS = 10_000;
/** A lock from another host untouched this long is stale. */
export const STALE_AFTER_MS = 60_000;

/** Folders locked by this process (a second open in the same process is refused too). */
const held = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: string,
  ) {
    super(
      `The data folder ${dir} is in use by ${owner}: stop that server first, or set DATA_DIR ` +
        'to another folder, or use DATABASE_URL (PostgreSQL) to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Owner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), when known. */
  start: string | null;
  /** This boot's id (/proc/sys/kernel/random/boot_id), when known. */
  boot: string | null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** A process's start time (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
function startTime(pid: number): string | null {
  return procStatFields(pid)?.[19] ?? null;
}

const BOOT = readText('/proc/sys/kernel/random/boot_id');

function me(): Owner {
  return { pid: process.pid, host: os.hostname(), start: startTime(process.pid), boot: BOOT };
}

/** The record: JSON; a lock from before (`pid@host`) is read too. */
function parse(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (Number.isInteger(value.pid) && typeof value.host === 'string') {
      return {
        pid: value.pid!,
        host: value.host,
        start: value.start ?? null,
        boot: value.boot ?? null,
      };
    }
  } catch {
    const [pid, host] = text.split('@');
    if (pid && host && /^\d+$/.test(pid))
      return { pid: Number(pid), host, start: null, boot: null };
  }
  return null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a lock is still held (a description of its owner), or null when it is stale. */
function holder(owner: Owner | null, ageMs: number): string | null {
  if (!owner) return ageMs > STALE_AFTER_MS ? null : 'a process that is starting';
  const label = `process ${owner.pid} on ${owner.host}`;
  if (owner.host !== os.hostname()) {
    return ageMs > STALE_AFTER_MS
      ? null
      : `${label} (another host; its lock counts as abandoned after ${STALE_AFTER_MS / 1000} s without a heartbeat)`;
  }
  if (owner.boot && BOOT && owner.boot !== BOOT) return null; // an earlier boot
  // Our own pid, yet not held by us (checked before): an earlier life of this pid (pid 1 in a
  // restarted container, say).
  if (owner.pid === process.pid) return null;
  if (!alive(owner.pid)) return null;
  if (owner.start && startTime(owner.pid) !== owner.start) return null; // the pid was reused
  return label;
}

/** Creates `target` holding `text`, atomically, or returns false if it exists. */
function linkNew(dir: string, target: string, text: string): boolean {
  const temp = path.join(dir, `.lock-${process.pid}-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(temp, text, { mode: 0o600 });
  try {
    fs.linkSync(temp, target);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function ageOf(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Takes the lock on `dir` (created if missing); returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  fs.mkdirSync(resolved, { recursive: true, mode: 0o700 });
  const file = path.join(resolved, LOCK_FILE);
  if (held.has(resolved)) throw new DataDirLockedError(resolved, 'this process');
  const record = JSON.stringify(me());

  if (!linkNew(resolved, file, record)) {
    const text = readText(file);
    const owner = holder(text === null ? null : parse(text), ageOf(file));
    if (owner) throw new DataDirLockedError(resolved, owner);
    // Stale. Take it over under the takeover lock, so that two starts never both do.
    const takeover = path.join(resolved, TAKEOVER_FILE);
    if (ageOf(takeover) > STALE_AFTER_MS) fs.rmSync(takeover, { force: true }); // its taker died
    if (!linkNew(resolved, takeover, record)) {
      throw new DataDirLockedError(resolved, 'another server starting at the same moment');
    }
    try {
      // Still the very lock judged stale (not one a faster start has just taken)?
      if (readText(file) !== text) {
        throw new DataDirLockedError(resolved, 'another server starting at the same moment');
      }
      fs.rmSync(file, { force: true });
      if (!linkNew(resolved, file, record)) {
        throw new DataDirLockedError(resolved, 'another server starting at the same moment');
      }
    } finally {
      fs.rmSync(takeover, { force: true });
    }
  }

  held.add(resolved);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    held.delete(resolved);
    if (readText(file) === record) fs.rmSync(file, { force: true });
  };
}
