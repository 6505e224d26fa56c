/**
 * Files in PostgreSQL's `resume_files` table: every app process, on any machine, reads what any
 * other stored, with no service beside the database. A put is one INSERT on a connection of its
 * own, committed before the application's transaction begins: the bytes travel while no lock of
 * the application tables is held. Its pool commits without waiting for the WAL flush: the
 * application's commit right after flushes the file's records with its own (asyncCommitPool in
 * server/db/index.ts). A delete made so may be forgotten by a crash; the file is then an orphan,
 * swept within the hour. The column is stored uncompressed (STORAGE EXTERNAL, migration 0006):
 * resumes are PDF or zipped Office files already.
 */
import type pg from 'pg';
import { checkKey, guarded, type FileStore, type StoredFile } from './index.ts';

const LIST_BATCH = 500;

export class PostgresFileStore implements FileStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async put(key: string, data: Buffer): Promise<void> {
    await guarded(() =>
      this.pool.query(
        `INSERT INTO resume_files (application_id, data) VALUES ($1, $2)
         ON CONFLICT (application_id) DO UPDATE SET data = EXCLUDED.data, created_at = clock_timestamp()`,
        [checkKey(key), data],
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const result = await guarded(() =>
      this.pool.query<{ data: Buffer }>('SELECT data FROM resume_files WHERE application_id = $1', [
        checkKey(key),
      ]),
    );
    const data = result.rows[0]?.data;
    return data ? { size: data.length, body: data } : null;
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
      const { rows } = await guarded(() =>
        this.pool.query<{ id: string }>(
          `SELECT application_id AS id FROM resume_files
           WHERE created_at < $1 AND application_id > $2
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
