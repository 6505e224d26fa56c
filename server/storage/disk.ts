/**
 * Files under a folder (DATA_DIR/files): `<first two hex digits>/<key>`, mode 0600.
 *
 * A put writes a temporary file in `.tmp/`, fsyncs it, renames it into place and fsyncs the
 * folder, so that once it resolves the file survives a crash or a power loss; a crash before
 * the rename leaves only a temporary file, which `list` clears once it is old. Every call is
 * asynchronous (libuv's thread pool): a 5 MB write never blocks the event loop.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkKey, guarded, type FileStore, type StoredFile } from './index.ts';

const TEMP = '.tmp';

// The callback API, promisified: lighter on the event loop than FileHandle objects, which
// matters at hundreds of uploads a second.
const open = promisify(fs.open);
const write = promisify(fs.write);
const fsync = promisify(fs.fsync);
const close = promisify(fs.close);

async function writeAll(fd: number, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length;) {
    const { bytesWritten } = await write(fd, data, at, data.length - at);
    at += bytesWritten;
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const fd = await open(dir, 'r');
  try {
    await fsync(fd);
  } finally {
    await close(fd);
  }
}

export class DiskFileStore implements FileStore {
  readonly kind = 'disk';
  /** Shard folders known to exist (made at most once per process). */
  private readonly folders = new Set<string>();

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<DiskFileStore> {
    await fs.promises.mkdir(path.join(dir, TEMP), { recursive: true, mode: 0o700 });
    return new DiskFileStore(dir);
  }

  /** Where a key's file lives (tests look at it). */
  pathOf(key: string): string {
    return path.join(this.dir, checkKey(key).slice(0, 2), key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temp = path.join(this.dir, TEMP, `${key}.${crypto.randomBytes(6).toString('hex')}`);
    await guarded(async () => {
      const fd = await open(temp, 'wx', 0o600);
      try {
        await writeAll(fd, data);
        await fsync(fd);
      } finally {
        await close(fd);
      }
      try {
        const folder = path.dirname(target);
        if (!this.folders.has(folder)) {
          await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
          this.folders.add(folder);
        }
        await fs.promises.rename(temp, target);
        await fsyncDir(folder);
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
    });
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    return guarded(async () => {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it at its end.
      return { size, body: handle.createReadStream() };
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    await guarded(async () => {
      const folders = new Set<string>();
      for (const key of keys) {
        const file = this.pathOf(key);
        await fs.promises.rm(file, { force: true });
        folders.add(path.dirname(file));
      }
      // The deletions survive a power loss too (erasure means erased).
      for (const folder of folders) await fsyncDir(folder).catch(() => undefined);
    });
  }

  async *list(before: Date): AsyncIterable<string[]> {
    const cutoff = before.getTime();
    const temp = path.join(this.dir, TEMP);
    for (const name of await fs.promises.readdir(temp).catch(() => [])) {
      const file = path.join(temp, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
    }
    const shards = await fs.promises.readdir(this.dir, { withFileTypes: true });
    for (const shard of shards) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
      const folder = path.join(this.dir, shard.name);
      const batch: string[] = [];
      for (const name of await fs.promises.readdir(folder).catch(() => [])) {
        const stat = await fs.promises.stat(path.join(folder, name)).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) batch.push(name);
      }
      if (batch.length > 0) yield batch;
    }
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }
}
