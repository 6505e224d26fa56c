/**
 * Keeping the embedded mail outbox (DATA_DIR/outbox/, written by outboxTransport in
 * server/mail/transport.ts) within the applicant-data rules of docs/DESK.md, "Retention": its
 * `.eml` files carry applicants' names, addresses and application ids, so the retention job
 * deletes those older than RETENTION_DAYS, and an erasure deletes those addressed to the erased
 * address or naming one of the erased applications.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The outbox's mail files (not the temporary files a write in progress renames into place). */
async function mailFiles(dir: string): Promise<string[]> {
  try {
    const names = await fs.promises.readdir(dir);
    return names.filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Deletes `file`; answers whether it was there. */
async function remove(file: string): Promise<boolean> {
  try {
    await fs.promises.unlink(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Deletes the outbox's mail files last written before `before`; answers how many. */
export async function pruneOutbox(dir: string, before: Date): Promise<number> {
  let deleted = 0;
  for (const name of await mailFiles(dir)) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before.getTime() && (await remove(file))) deleted += 1;
  }
  return deleted;
}

/** The addresses of a message's To header, lower-cased (headers unfolded first). */
function recipients(message: string): string[] {
  const end = message.search(/\r?\n\r?\n/);
  const head = (end === -1 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:(.*)$/im.exec(head)?.[1] ?? '';
  return (to.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase());
}

/**
 * Deletes the outbox's mail files addressed to `email` (any case), and those whose text names
 * one of `ids` (staff notices of the erased applications); answers how many.
 */
export async function eraseFromOutbox(
  dir: string,
  email: string,
  ids: readonly string[],
): Promise<number> {
  const address = email.trim().toLowerCase();
  let deleted = 0;
  for (const name of await mailFiles(dir)) {
    const file = path.join(dir, name);
    const message = await fs.promises.readFile(file, 'utf8').catch(() => null);
    if (message === null) continue;
    // Quoted-printable soft line breaks undone, so an id split across two lines is found.
    const text = message.replace(/=\r?\n/g, '').toLowerCase();
    const about =
      recipients(message).includes(address) || ids.some((id) => text.includes(id.toLowerCase()));
    if (about && (await remove(file))) deleted += 1;
  }
  return deleted;
}
