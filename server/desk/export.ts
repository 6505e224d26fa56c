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

/** A CSV stream: the header line, then one line per row of `rows`. */
export function csvStream<T>(
  header: string[],
  rows: AsyncIterable<T[]>,
  cells: (row: T) => unknown[],
): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark, so spreadsheet programs read the UTF-8 names right.
      yield `\uFEFF${csvLine(header)}`;
      for await (const batch of rows) yield batch.map((row) => csvLine(cells(row))).join('');
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
