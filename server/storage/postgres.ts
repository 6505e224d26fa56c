/**
 * Files in PostgreSQL's `resume_files` table: every app process, on any machine, reads what any
 * other stored, with no service beside the database. The column is stored uncompressed (STORAGE
 * EXTERNAL, migration 0006): resumes are PDF or zipped Office files already.
 *
 * A file is stored in parts of at most PART_BYTES, one row each (migration 0012). The driver copies
 * each value it sends into a fresh buffer, on the event loop; on a virtual machine where touching
 * fresh memory is slow (about 20 ms for 5 MB on the bench machine), one 5 MB value held the loop
 * that long, on top of the upload's own. A part costs about a millisecond, and the loop serves
 * other requests between parts.
 *
 * A put runs on a connection of its own, committed before the application's transaction begins:
 * the bytes travel while no lock of the application tables is held. A file of one part is one
 * statement; a longer one is one transaction, so it is stored whole or not at all. Its pool
 * commits without waiting for the WAL flush: the application's commit right after flushes the
 * file's records with its own (asyncCommitPool in server/db/index.ts). A delete made so may be
 * forgotten by a crash; the file is then an orphan, swept within the hour.
 */
import { Readable } from 'node:stream';
import type pg from 'pg';
import { onOwnConnection } from '../db/own-connection.ts';
import { checkKey, guarded, type FileStore, type StoredFile } from './index.ts';

const LIST_BATCH = 500;
export const PART_BYTES = 256 * 1024;

export class PostgresFileStore implements FileStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async put(key: string, data: Buffer): Promise<void> {
    checkKey(key);
    if (data.length <= PART_BYTES) {
      // One part: one statement, which also drops the other parts of a file it replaces. Named:
      // each connection parses and plans it once (every submission with a file runs it).
      await guarded(() =>
        this.pool.query({
          name: 'resume_files_put',
          text: `WITH older AS (DELETE FROM resume_files WHERE application_id = $1 AND part > 0)
                 INSERT INTO resume_files (application_id, part, data) VALUES ($1, 0, $2)
                 ON CONFLICT (application_id, part)
                 DO UPDATE SET data = EXCLUDED.data, created_at = clock_timestamp()`,
          values: [key, data],
        }),
      );
      return;
    }
    // A failure leaves the transaction open (or the connection gone): onOwnConnection then
    // destroys the connection, which ends the transaction, instead of lending it again.
    await guarded(() =>
      onOwnConnection(this.pool, async (client) => {
        await client.query('BEGIN');
        await client.query('DELETE FROM resume_files WHERE application_id = $1', [key]);
        for (let part = 0; part * PART_BYTES < data.length; part += 1) {
          const bytes = data.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
          await client.query(
            'INSERT INTO resume_files (application_id, part, data) VALUES ($1, $2, $3)',
            [key, part, bytes],
          );
        }
        await client.query('COMMIT');
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    // Every part's size and the first part's bytes in one round trip: a file of one part (every
    // resume up to 256 KiB) needs no other.
    const { rows } = await guarded(() =>
      this.pool.query<{ part: number; size: number; data: Buffer | null }>(
        `SELECT part, length(data) AS size, CASE WHEN part = 0 THEN data END AS data
         FROM resume_files WHERE application_id = $1 ORDER BY part`,
        [key],
      ),
    );
    const first = rows[0]?.data;
    if (!first) return null;
    const size = rows.reduce((sum, row) => sum + row.size, 0);
    if (rows.length === 1) return { size, body: first };
    const read = async (part: number) => {
      const result = await guarded(() =>
        this.pool.query<{ data: Buffer }>(
          'SELECT data FROM resume_files WHERE application_id = $1 AND part = $2',
          [key, part],
        ),
      );
      const data = result.rows[0]?.data;
      // Deleted while it was being read: the download fails rather than end short.
      if (!data) throw new Error('The file was deleted while it was read');
      return data;
    };
    // The other parts one at a time, as the client takes them.
    const rest = rows.slice(1).map((row) => row.part);
    return {
      size,
      body: Readable.from(
        (async function* () {
          yield first;
          for (const part of rest) yield await read(part);
        })(),
      ),
    };
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await guarded(() =>
      this.pool.query('DELETE FROM resume_files WHERE application_id = ANY($1::uuid[])', [
        keys.map(checkKey),
      ]),
    );
  }

  async *list(before: Date): AsyncIterable<string[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Every file has a part 0: one row per file.
      const { rows } = await guarded(() =>
        this.pool.query<{ id: string }>(
          `SELECT application_id AS id FROM resume_files
           WHERE part = 0 AND created_at < $1 AND application_id > $2
           ORDER BY application_id LIMIT ${LIST_BATCH}`,
          [before, after],
        ),
      );
      if (rows.length === 0) return;
      yield rows.map((r) => r.id);
      after = rows[rows.length - 1]!.id;
      if (rows.length < LIST_BATCH) return;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
