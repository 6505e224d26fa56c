/**
 * Exports of a filtered list, streamed: CSV rows and a zip of resumes leave as they are read, a
 * batch of rows at a time, so an export of 100,000 applications never sits in memory.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * One CSV cell. Text a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, tab
 * or carriage return) gets a leading apostrophe, as OWASP advises against CSV injection; every
 * cell is quoted, with its quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : typeof value === 'string'
            ? value
            : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
              ? String(value)
              : '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A batch's lines, written one by one into a buffer outside the JavaScript heap, each line
 * garbage once written. A batch joined into one string (about 100 kB of 500 rows) lived on in the
 * old generation until a full collection: over a million-row export those strings, with the
 * copies of each row the cells were read from, grew the process by about 100 MB.
 */
function csvBytes<T>(batch: T[], cells: (row: T) => unknown[]): Buffer {
  let out = Buffer.allocUnsafe(64 * 1024);
  let used = 0;
  for (const row of batch) {
    const line = csvLine(cells(row));
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (used + line.length * 3 > out.length) {
      const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, used + line.length * 3));
      out.copy(bigger, 0, 0, used);
      out = bigger;
    }
    used += out.write(line, used);
  }
  return out.subarray(0, used);
}

/**
 * A CSV stream: the header line, then one line per row of `rows`. A batch is read when the
 * reader has taken the ones before (Readable.from pulls as it is read).
 */
export function csvStream<T>(
  header: string[],
  rows: AsyncIterable<T[]>,
  cells: (row: T) => unknown[],
): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark, so spreadsheet programs read the UTF-8 names right.
      yield Buffer.from(`\uFEFF${csvLine(header)}`);
      for await (const batch of rows) yield csvBytes(batch, cells);
    })(),
  );
}

export interface ZipEntry {
  name: string;
  open: () => Promise<Readable | null>;
}

/** Entries added to the zip but not yet started: the producer waits below this many. */
const ZIP_AHEAD = 8;

/**
 * A zip stream of `entries`, stored (resumes are compressed already). Entries are added a few
 * at a time, as the zip reaches them, so neither the list nor the files pile up in memory.
 * An entry whose file is gone by the time it is read is written empty.
 */
export function zipStream(entries: AsyncIterable<ZipEntry[]>, onError: (err: unknown) => void) {
  const zip = new yazl.ZipFile();
  let ahead = 0;
  let wake: (() => void) | undefined;
  const started = () => {
    ahead -= 1;
    wake?.();
  };
  void (async () => {
    try {
      for await (const batch of entries) {
        for (const entry of batch) {
          while (ahead >= ZIP_AHEAD) await new Promise<void>((resolve) => (wake = resolve));
          ahead += 1;
          zip.addReadStreamLazy(entry.name, { compress: false }, (cb) => {
            started();
            entry.open().then(
              (stream) => cb(null, stream ?? Readable.from([])),
              (err: unknown) => cb(err, Readable.from([])),
            );
          });
        }
      }
      zip.end();
    } catch (err) {
      onError(err);
      (zip.outputStream as Readable).destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return zip.outputStream as Readable;
}
