/**
 * Where resume bytes live (server/storage): files under DATA_DIR on the embedded database,
 * PostgreSQL's resume_files table, and S3-compatible storage (a local server started here).
 * For each: the file exists once the 201 is out, the download is the same bytes, a delete takes
 * the file, orphans are swept, and resumes stored in rows before are moved out at start-up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../server/app.ts';
import { parseBytea, serializeBytea } from '../../server/db/index.ts';
import { CODES } from '../../server/api-errors.ts';
import { DiskFileStore } from '../../server/storage/disk.ts';
import { sweepOrphans } from '../../server/storage/index.ts';
import { PART_BYTES, PostgresFileStore } from '../../server/storage/postgres.ts';
import { MULTIPART_TYPE, multipartBody, spartanFields } from './fixtures.ts';
import { SKIP_POSTGRES, startPostgres, type PostgresCluster } from './postgres.ts';
import { pgliteDataDir } from './pglite-template.ts';
import { startS3 } from './s3.ts';
import { fakeDist, freshIp } from './harness.ts';

const PASSWORD = 'a long enough password 42';
const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

/** Incompressible bytes behind a PDF header: what a real scanned resume looks like to storage. */
function randomPdf(size: number): Buffer {
  const file = crypto.randomBytes(size);
  file.write('%PDF-1.7\n', 0, 'latin1');
  return file;
}

async function open(options: Partial<BuildOptions>): Promise<FastifyInstance> {
  return build({ distDir: fakeDist(), logger: false, staffMfa: 'optional', ...options });
}

async function token(app: FastifyInstance): Promise<string> {
  const username = `keeper-${crypto.randomBytes(3).toString('hex')}`;
  await app.staff.create({ username, password: PASSWORD, role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/security-login/',
    payload: { username, password: PASSWORD },
    remoteAddress: freshIp(),
  });
  return login.json<{ access: string }>().access;
}

async function apply(app: FastifyInstance, data: Buffer) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/spartan_join/apply-spartan/',
    headers: { 'content-type': MULTIPART_TYPE },
    payload: multipartBody(spartanFields(), [{ filename: 'cv.pdf', data }]),
    remoteAddress: freshIp(),
  });
  return res;
}

const download = (app: FastifyInstance, auth: string, id: string) =>
  app.inject({
    method: 'GET',
    url: `/api/spartan_join/application/${id}/resume/`,
    headers: { authorization: `Bearer ${auth}` },
  });

const remove = (app: FastifyInstance, auth: string, id: string) =>
  app.inject({
    method: 'DELETE',
    url: `/api/application/${id}/delete/`,
    headers: { authorization: `Bearer ${auth}` },
  });

/** An application stored the way it was before the file store: its bytes in its resume row. */
async function legacyApplication(app: FastifyInstance, data: Buffer): Promise<string> {
  const id = crypto.randomUUID();
  await app.db.execute(sql`
    INSERT INTO spartan_applications
      (id, created_at, job_title, fullname, date_of_birth, location, gender, email, phone)
    VALUES (${id}, now(), 'Data Engineer', 'Old Timer', '1980-01-01', 'Austin', 'Other',
            'old@example.com', '+1 555 000 0000')`);
  await app.db.execute(sql`
    INSERT INTO spartan_resumes (application_id, filename, content_type, size, data)
    VALUES (${id}, 'old.pdf', 'application/pdf', ${data.length}, ${data})`);
  return id;
}

async function rowHoldsBytes(app: FastifyInstance, id: string): Promise<boolean> {
  const result = (await app.db.execute(
    sql`SELECT data IS NOT NULL AS held FROM spartan_resumes WHERE application_id = ${id}`,
  )) as unknown as { rows: Array<{ held: boolean }> };
  const row = result.rows[0];
  if (!row) throw new Error(`no resume row for ${id}`);
  return row.held;
}

describe('bytea on PGlite', () => {
  it('given 5 MB of random bytes, then the native codec carries them both ways unchanged', async () => {
    const dataDir = pgliteDataDir('spartan-bytea-');
    const app = await open({ dataDir });
    try {
      const bytes = crypto.randomBytes(5 * 1024 * 1024);
      const result = (await app.db.execute(
        sql`SELECT ${bytes}::bytea AS back, length(${bytes}::bytea) AS n, md5(${bytes}::bytea) AS sum`,
      )) as unknown as { rows: Array<{ back: Buffer; n: number; sum: string }> };
      const row = result.rows[0]!;
      expect(row.n).toBe(bytes.length);
      expect(row.sum).toBe(crypto.createHash('md5').update(bytes).digest('hex'));
      expect(Buffer.isBuffer(row.back)).toBe(true); // our parser, not PGlite's Uint8Array one
      expect(row.back.equals(bytes)).toBe(true);
    } finally {
      await app.close();
    }
    expect(parseBytea(serializeBytea(Buffer.from([0, 255, 16])))).toEqual(
      Buffer.from([0, 255, 16]),
    );
    expect(() => serializeBytea('text')).toThrow(/bytea/);
  });
});

describe('files on disk (the embedded default)', () => {
  let dataDir = '';
  let app: FastifyInstance;
  let auth = '';

  beforeAll(async () => {
    dataDir = pgliteDataDir('spartan-files-');
    app = await open({ dataDir });
    auth = await token(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('given an application, then its resume is a 0600 file under DATA_DIR, not bytes in a row, and a delete removes it', async () => {
    expect(app.files.kind).toBe('disk');
    const file = randomPdf(300 * 1024);
    const res = await apply(app, file);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ application_id: string }>().application_id;
    const onDisk = (app.files as DiskFileStore).pathOf(id);
    expect(onDisk.startsWith(path.join(dataDir, 'files'))).toBe(true);
    expect(fs.readFileSync(onDisk).equals(file)).toBe(true);
    expect(fs.statSync(onDisk).mode & 0o777).toBe(0o600);
    expect(await rowHoldsBytes(app, id)).toBe(false);
    const got = await download(app, auth, id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(file.length));
    expect(got.rawPayload.equals(file)).toBe(true);
    expect((await remove(app, auth, id)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await download(app, auth, id)).statusCode).toBe(404);
  });

  it('given a 3 MB resume in a body of no declared length (chunked), then every byte is stored and downloaded as sent', async () => {
    // The upload is copied chunk by chunk into a buffer sized by the declared length; with none,
    // by the file limit. Either way the bytes must come back whole.
    const file = randomPdf(3 * 1024 * 1024 + 17);
    const body = multipartBody(spartanFields(), [{ filename: 'cv.pdf', data: file }]);
    const pieces = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
      body.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/spartan_join/apply-spartan/',
      headers: { 'content-type': MULTIPART_TYPE },
      payload: Readable.from(pieces),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ application_id: string }>().application_id;
    const got = await download(app, auth, id);
    expect(got.headers['content-length']).toBe(String(file.length));
    expect(got.rawPayload.equals(file)).toBe(true);
  });

  it('given orphans, a half-written file and a resume kept in its row, then a restart sweeps the first two and moves the last', async () => {
    const kept = await apply(app, randomPdf(10_000));
    const keptId = kept.json<{ application_id: string }>().application_id;
    const old = randomPdf(50_000);
    const legacyId = await legacyApplication(app, old);
    expect(await rowHoldsBytes(app, legacyId)).toBe(true);
    await app.close();

    const store = await DiskFileStore.open(path.join(dataDir, 'files'));
    const orphan = crypto.randomUUID();
    await store.put(orphan, Buffer.from('%PDF- nobody names me'));
    const half = path.join(dataDir, 'files', '.tmp', `${crypto.randomUUID()}.abc`);
    fs.writeFileSync(half, 'cut short by a crash');
    expect(fs.existsSync(store.pathOf(orphan))).toBe(true);

    app = await open({ dataDir });
    auth = await token(app);
    // The start refreshed the planner's statistics (no autovacuum runs on PGlite): they count
    // the rows added before it.
    const stats = (await app.db.execute(
      sql`SELECT reltuples::int AS estimated, (SELECT count(*)::int FROM spartan_applications) AS n
          FROM pg_class WHERE relname = 'spartan_applications'`,
    )) as unknown as { rows: Array<{ estimated: number; n: number }> };
    expect(stats.rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect(stats.rows[0]!.estimated).toBe(stats.rows[0]!.n);
    expect(fs.existsSync(store.pathOf(orphan))).toBe(false);
    expect(fs.existsSync(half)).toBe(false);
    expect(fs.existsSync(store.pathOf(keptId))).toBe(true);
    expect(await rowHoldsBytes(app, legacyId)).toBe(false);
    expect(fs.readFileSync(store.pathOf(legacyId)).equals(old)).toBe(true);
    const got = await download(app, auth, legacyId);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(old)).toBe(true);
  });
});

describe('files in S3-compatible storage', () => {
  let app: FastifyInstance;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let client: S3Client;
  let auth = '';
  const exists = async (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: s3.options.bucket, Key: key })).then(
      () => true,
      (err: { name?: string }) => {
        if (err.name === 'NotFound' || err.name === 'NoSuchKey') return false;
        throw err;
      },
    );

  beforeAll(async () => {
    s3 = await startS3();
    temps.push(s3.directory);
    client = new S3Client({
      endpoint: s3.options.endpoint!,
      region: s3.options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    app = await open({
      dataDir: pgliteDataDir('spartan-s3-app-'),
      fileStorage: 's3',
      s3: s3.options,
    });
    auth = await token(app);
  });
  afterAll(async () => {
    await app?.close();
    client?.destroy();
    await s3?.stop();
  });

  it('given an application, then its resume is an object, downloaded as is, and deleted with it', async () => {
    expect(app.files.kind).toBe('s3');
    const file = randomPdf(1024 * 1024);
    const res = await apply(app, file);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ application_id: string }>().application_id;
    expect(await exists(`test/${id}`)).toBe(true);
    const got = await download(app, auth, id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(file)).toBe(true);
    expect((await remove(app, auth, id)).statusCode).toBe(200);
    expect(await exists(`test/${id}`)).toBe(false);
  });

  it('given an object no application names, then the sweep deletes it and keeps the named ones', async () => {
    const res = await apply(app, randomPdf(2000));
    const id = res.json<{ application_id: string }>().application_id;
    const orphan = crypto.randomUUID();
    await client.send(
      new PutObjectCommand({ Bucket: s3.options.bucket, Key: `test/${orphan}`, Body: 'x' }),
    );
    const swept = await sweepOrphans(app.db, app.files, -60_000);
    expect(swept).toBe(1);
    expect(await exists(`test/${orphan}`)).toBe(false);
    expect(await exists(`test/${id}`)).toBe(true);
  });

  it('given the storage down, then an application answers 503 and nothing is stored, and it works again once the storage is back', async () => {
    const auth2 = auth;
    const before = await app.inject({
      method: 'GET',
      url: '/api/spartan_join/applications/?page_size=100',
      headers: { authorization: `Bearer ${auth2}` },
    });
    const count = before.json<{ total: number }>().total;
    await s3.stop();
    const res = await apply(app, randomPdf(2000));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Service unavailable', code: CODES.UNAVAILABLE });
    expect(res.headers['retry-after']).toBeDefined();
    const after = await app.inject({
      method: 'GET',
      url: '/api/spartan_join/applications/?page_size=100',
      headers: { authorization: `Bearer ${auth2}` },
    });
    expect(after.json<{ total: number }>().total).toBe(count);
    s3 = await startS3(s3.port, s3.directory);
    expect((await apply(app, randomPdf(2000))).statusCode).toBe(201);
  });
});

describe.skipIf(SKIP_POSTGRES)('files in PostgreSQL (the default with DATABASE_URL)', () => {
  let cluster: PostgresCluster;
  let url = '';
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('spartan_files');
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('given two app processes on one database, then a resume stored by one is downloaded by the other, kept uncompressed outside the row, and deleted with its application', async () => {
    const [a, b] = [
      await open({ databaseUrl: url, dataDir: temp('spartan-pgf-a-') }),
      await open({ databaseUrl: url, dataDir: temp('spartan-pgf-b-') }),
    ];
    try {
      expect(a.files.kind).toBe('postgres');
      const auth = await token(b);
      const file = randomPdf(400 * 1024);
      const res = await apply(a, file);
      expect(res.statusCode).toBe(201);
      const id = res.json<{ application_id: string }>().application_id;
      expect(await rowHoldsBytes(a, id)).toBe(false);
      // In parts of at most 256 KiB: 400 KB is two.
      const stored = (await a.db.execute(
        sql`SELECT part, length(data) AS n FROM resume_files WHERE application_id = ${id} ORDER BY part`,
      )) as unknown as { rows: Array<{ part: number; n: number }> };
      expect(stored.rows).toEqual([
        { part: 0, n: PART_BYTES },
        { part: 1, n: file.length - PART_BYTES },
      ]);
      const storage = (await a.db.execute(
        sql`SELECT attstorage FROM pg_attribute WHERE attrelid = 'resume_files'::regclass AND attname = 'data'`,
      )) as unknown as { rows: Array<{ attstorage: string }> };
      expect(storage.rows[0]?.attstorage).toBe('e'); // EXTERNAL: out of line, never compressed
      const got = await download(b, auth, id);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(file)).toBe(true);
      expect((await remove(b, auth, id)).statusCode).toBe(200);
      const left = (await a.db.execute(
        sql`SELECT count(*)::int AS n FROM resume_files WHERE application_id = ${id}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('given files of one part and of many, then each is read back whole, a smaller one replaces a larger one entirely, the sweep lists each once, and a delete takes every part', async () => {
    const app = await open({ databaseUrl: url, dataDir: temp('spartan-pgf-e-') });
    const store = app.files as PostgresFileStore;
    const parts = async (key: string) =>
      (
        (await app.db.execute(
          sql`SELECT count(*)::int AS n FROM resume_files WHERE application_id = ${key}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]?.n;
    const read = async (key: string) => {
      const found = await store.get(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      if (Buffer.isBuffer(found.body)) chunks.push(found.body);
      else for await (const chunk of found.body) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(found.size).toBe(bytes.length);
      return bytes;
    };
    try {
      const [big, exact, small] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const bigFile = randomPdf(5 * 1024 * 1024);
      const exactFile = randomPdf(PART_BYTES);
      await store.put(big, bigFile);
      await store.put(exact, exactFile);
      expect(await parts(big)).toBe(20);
      expect(await parts(exact)).toBe(1);
      expect((await read(big))?.equals(bigFile)).toBe(true);
      expect((await read(exact))?.equals(exactFile)).toBe(true);

      // Replaced by a file of one part: the other 19 parts go with the old bytes.
      const smallFile = randomPdf(1000);
      await store.put(big, smallFile);
      expect(await parts(big)).toBe(1);
      expect((await read(big))?.equals(smallFile)).toBe(true);
      // And by a file of several parts again.
      await store.put(big, bigFile.subarray(0, PART_BYTES * 2 + 1));
      expect(await parts(big)).toBe(3);
      expect((await read(big))?.equals(bigFile.subarray(0, PART_BYTES * 2 + 1))).toBe(true);

      await store.put(small, smallFile);
      const listed: string[] = [];
      const mine: string[] = [big, exact, small];
      for await (const batch of store.list(new Date(Date.now() + 60_000))) listed.push(...batch);
      expect(listed.filter((key) => mine.includes(key)).sort()).toEqual(mine.sort());

      await store.delete([big, exact, small]);
      expect(await parts(big)).toBe(0);
      expect(await read(big)).toBeNull();
      expect(await read(exact)).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('given a file of many parts whose third part fails, then none of it is stored, the file it replaced stays whole, and the connection is not lent again', async () => {
    const app = await open({ databaseUrl: url, dataDir: temp('spartan-pgf-f-') });
    // One connection: had the failed one gone back to the pool mid-transaction, the next call
    // would meet "current transaction is aborted".
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const store = new PostgresFileStore(pool);
    const key = crypto.randomUUID();
    const before = randomPdf(PART_BYTES * 2 + 1);
    const refused = randomPdf(PART_BYTES * 3);
    const execute = (query: SQL) => app.db.execute(query);
    try {
      await store.put(key, before);
      await execute(sql`CREATE FUNCTION refuse_part() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
      await execute(
        sql.raw(`CREATE TRIGGER refuse_part BEFORE INSERT ON resume_files FOR EACH ROW
        WHEN (NEW.part = 2 AND NEW.application_id = '${key}') EXECUTE FUNCTION refuse_part()`),
      );
      await expect(store.put(key, refused)).rejects.toThrow();
      const found = await store.get(key);
      const chunks: Buffer[] = [];
      if (found && Buffer.isBuffer(found.body)) chunks.push(found.body);
      else if (found) for await (const chunk of found.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(before)).toBe(true);
    } finally {
      await execute(sql`DROP TRIGGER IF EXISTS refuse_part ON resume_files`);
      await execute(sql`DROP FUNCTION IF EXISTS refuse_part()`);
      await pool.end();
      await app.close();
    }
  });

  it('given orphans old and new and a resume kept in its row, then a start sweeps only the old orphan and moves the resume', async () => {
    const app = await open({ databaseUrl: url, dataDir: temp('spartan-pgf-c-') });
    const oldOrphan = crypto.randomUUID();
    const newOrphan = crypto.randomUUID();
    let legacyId = '';
    const old = randomPdf(30_000);
    try {
      legacyId = await legacyApplication(app, old);
      await app.db.execute(sql`
        INSERT INTO resume_files (application_id, data, created_at) VALUES
          (${oldOrphan}, '\\x00', now() - interval '2 hours'),
          (${newOrphan}, '\\x00', now())`);
    } finally {
      await app.close();
    }
    const again = await open({ databaseUrl: url, dataDir: temp('spartan-pgf-d-') });
    try {
      const ids = (await again.db.execute(
        sql`SELECT application_id AS id FROM resume_files`,
      )) as unknown as { rows: Array<{ id: string }> };
      const present = new Set(ids.rows.map((r) => r.id));
      expect(present.has(oldOrphan)).toBe(false);
      expect(present.has(newOrphan)).toBe(true); // may be an upload in flight elsewhere
      expect(present.has(legacyId)).toBe(true);
      expect(await rowHoldsBytes(again, legacyId)).toBe(false);
      const got = await download(again, await token(again), legacyId);
      expect(got.rawPayload.equals(old)).toBe(true);
    } finally {
      await again.close();
    }
  });
});
