/**
 * Files under a folder (DATA_DIR/files): `<first two hex digits>/<key>`, mode 0600.
 *
 * A put writes the file in its place, fsyncs it and fsyncs the folder, so that once it resolves
 * the file survives a crash or a power loss; a crash before that leaves a file that no row names,
 * which the orphan sweep deletes (or a temporary file in `.tmp/`, which `list` clears once old). Every call is
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

export class DiskFileStore implements FileStore {
  readonly kind = 'disk';
  /** Shard folders known to exist (made at most once per process). */
  private readonly folders = new Set<string>();
  /** Open descriptors of shard folders, for their fsyncs (see syncFolder). */
  private readonly folderFds = new Map<string, Promise<number>>();

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<DiskFileStore> {
    await fs.promises.mkdir(path.join(dir, TEMP), { recursive: true, mode: 0o700 });
    return new DiskFileStore(dir);
  }

  /** Where a key's file lives (tests look at it). */
  pathOf(key: string): string {
    return path.join(this.dir, checkKey(key).slice(0, 2), key);
  }

  /**
   * Straight to the file's place (a fresh key names no file): open, write, fsync, close, then an
   * fsync of its folder for the name. A crash half-way leaves a file no row names (its row commits
   * only after this resolves): an orphan, swept. A key that has a file already (a move of an older
   * resume retried after a crash) is replaced whole: a temporary file renamed over it.
   */
  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    await guarded(async () => {
      await this.makeFolder(folder);
      let fd: number;
      try {
        fd = await open(target, 'wx', 0o600);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        await this.replace(key, target, data);
        return;
      }
      try {
        await writeAll(fd, data);
        await fsync(fd);
      } catch (err) {
        await close(fd).catch(() => undefined);
        await fs.promises.rm(target, { force: true });
        throw err;
      }
      await close(fd);
      await this.syncFolder(folder);
    });
  }

  private async makeFolder(folder: string): Promise<void> {
    if (this.folders.has(folder)) return;
    await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
    this.folders.add(folder);
  }

  /**
   * fsyncs a shard folder through a descriptor kept open (one per shard, 256 at most): one call
   * per put instead of an open, an fsync and a close.
   */
  private async syncFolder(folder: string): Promise<void> {
    let fd = this.folderFds.get(folder);
    if (!fd) {
      fd = open(folder, 'r');
      this.folderFds.set(folder, fd);
      fd.catch(() => this.folderFds.delete(folder));
    }
    try {
      await fsync(await fd);
    } catch (err) {
      if (this.folderFds.get(folder) === fd) this.folderFds.delete(folder);
      void fd.then((n) => close(n)).catch(() => undefined);
      throw err;
    }
  }

  private async replace(key: string, target: string, data: Buffer): Promise<void> {
    const temp = path.join(this.dir, TEMP, `${key}.${crypto.randomBytes(6).toString('hex')}`);
    const fd = await open(temp, 'wx', 0o600);
    try {
      await writeAll(fd, data);
      await fsync(fd);
    } finally {
      await close(fd);
    }
    try {
      await fs.promises.rename(temp, target);
      await this.syncFolder(path.dirname(target));
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
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
      for (const folder of folders) await this.syncFolder(folder).catch(() => undefined);
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
    const fds = [...this.folderFds.values()];
    this.folderFds.clear();
    await Promise.all(fds.map((fd) => fd.then((n) => close(n)).catch(() => undefined)));
  }
}
