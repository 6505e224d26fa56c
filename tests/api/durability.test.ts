/**
 * Durability on the embedded database, with real server processes: concurrent
 * submissions, `kill -9` in the middle of a burst, restart — every
 * acknowledged application is there. A second server on the same data folder
 * refuses to start; SIGTERM drains and releases the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.ts';
import { LOCK_FILE } from '../../server/db/lock.ts';
import { investorPayload, MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { pgliteDataDir } from './pglite-template.ts';
import { compiled } from './compiled.ts';
import { startServer, type RunningServer } from './processes.ts';
import { AUTH_SECRET, fakeDist } from './harness.ts';
import { fetchFresh } from '../fetch.ts';

const PASSWORD = 'durable password 123';

describe('durability of the embedded database', () => {
  let dataDir = '';
  let distDir = '';
  const running: RunningServer[] = [];
  const env = () => ({
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    AUTH_SECRET,
    SUBMIT_RATE_LIMIT: '100000',
    // This test is about what survives a kill; the second factor has its own suite.
    STAFF_MFA: 'optional',
  });

  beforeAll(async () => {
    dataDir = pgliteDataDir('spartan-durable-');
    distDir = fakeDist();
    const app = await build({ dataDir, distDir, logger: false });
    await app.staff.create({ username: 'keeper', password: PASSWORD });
    await app.close();
  });

  afterAll(() => {
    for (const server of running) server.proc.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  /** Acknowledged Spartan applications, each with a resume of its own bytes. */
  const resumes = new Map<string, Buffer>();
  const resumeOf = (i: number) => {
    const file = pdf(20_000);
    file.write(`resume number ${i}`, 100, 'latin1');
    return file;
  };

  function submit(url: string, i: number): Promise<string | null> {
    const request =
      i % 2 === 0
        ? fetchFresh(`${url}/api/spartan_join/apply-spartan/`, {
            method: 'POST',
            headers: { 'content-type': MULTIPART_TYPE },
            body: new Uint8Array(
              multipartBody(spartanFields({ fullname: `Durable ${i}` }), [
                { filename: `cv-${i}.pdf`, data: resumeOf(i) },
              ]),
            ),
          })
        : fetchFresh(`${url}/api/investors/join_investor/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(investorPayload({ fullname: `Durable ${i}` })),
          });
    return request.then(
      async (res) => {
        if (res.status !== 201) return null;
        const body = (await res.json()) as { application_id?: string; investor_id?: string };
        if (body.application_id) resumes.set(body.application_id, resumeOf(i));
        return body.application_id ?? body.investor_id ?? null;
      },
      () => null, // The connection died with the server: not acknowledged.
    );
  }

  async function allIds(url: string, token: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const list of [
      '/api/spartan_join/applications/',
      '/api/investors/get_investor_applications/',
    ]) {
      for (let page = 1; ; page += 1) {
        const res = await fetchFresh(`${url}${list}?page=${page}&page_size=100`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { data: Array<{ id: string }> };
        for (const row of body.data) ids.add(row.id);
        if (body.data.length < 100) break;
      }
    }
    return ids;
  }

  it('given acknowledged submissions and a kill -9, then after restart every one is there', async () => {
    const first = await startServer(compiled().main, env());
    running.push(first);

    // A second server on the same folder must refuse, and say why.
    const second = startServer(compiled().main, env());
    await expect(second).rejects.toThrow(/is in use by process/);

    const acknowledged: string[] = [];
    const burst1 = await Promise.all(Array.from({ length: 40 }, (_, i) => submit(first.url, i)));
    expect(burst1.every((id) => id !== null)).toBe(true);
    acknowledged.push(...(burst1 as string[]));

    // A second burst, killed part-way: whatever was acknowledged must survive.
    let answered = 0;
    const burst2 = Array.from({ length: 60 }, (_, i) =>
      submit(first.url, 100 + i).then((id) => {
        answered += 1;
        if (id) acknowledged.push(id);
        return id;
      }),
    );
    while (answered < 10) await new Promise((r) => setTimeout(r, 5));
    first.proc.kill('SIGKILL');
    await Promise.all(burst2);
    expect(await first.exited).toBeNull();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // left behind, stale

    const restarted = await startServer(compiled().main, env());
    running.push(restarted);
    const login = await fetchFresh(`${restarted.url}/api/security-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keeper', password: PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const stored = await allIds(restarted.url, access);
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    expect(missing).toEqual([]);

    // Every acknowledged resume is there, byte for byte, and no file is left that no row names.
    expect(resumes.size).toBeGreaterThanOrEqual(20);
    for (const [id, bytes] of resumes) {
      const res = await fetchFresh(`${restarted.url}/api/spartan_join/application/${id}/resume/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(res.status, id).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes), id).toBe(true);
    }
    const files = fs
      .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(files.filter((name) => !stored.has(name))).toEqual([]); // orphans swept at start-up
    expect(files.length).toBeGreaterThanOrEqual(resumes.size);

    // SIGTERM: drains, closes the database, releases the folder, exits 0.
    restarted.proc.kill('SIGTERM');
    expect(await restarted.exited, restarted.stderr()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
