/**
 * `npm run backup` while the server runs, then `npm run restore` into an empty DATA_DIR (and, on
 * PostgreSQL, an empty database), on each database: staff log in with their password and their
 * authenticator, every application is back with its status, notes and history, the résumés are
 * equal byte for byte, the audit trail is intact. Refusals are said in one sentence.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from './compiled.ts';
import { MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { SKIP_POSTGRES, startPostgres, type PostgresCluster } from './postgres.ts';
import { run, startServer, type RunningServer } from './processes.ts';
import { fakeDist } from './harness.ts';
import { fetchFresh } from '../fetch.ts';
import { strongPassword } from '../passwords.ts';

const running: RunningServer[] = [];
const dirs: string[] = [];
let cluster: PostgresCluster | undefined;
afterAll(async () => {
  for (const server of running) server.proc.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const temp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-backup-'));
  dirs.push(dir);
  return dir;
};

/** The TOTP code of `secret` for `steps` steps from now (a later step is accepted once). */
const totp = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetchFresh(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Everything the restore must bring back, read through the API. */
async function snapshot(base: string, token: string, ids: string[]) {
  const applications: Record<string, unknown> = {};
  for (const id of ids) {
    const detail = await call(
      base,
      'GET',
      `/api/spartan_join/application/${id}/`,
      undefined,
      token,
    );
    const activity = await call(
      base,
      'GET',
      `/api/staff/applications/spartan/${id}/activity/`,
      undefined,
      token,
    );
    const resume = await fetchFresh(`${base}/api/spartan_join/application/${id}/resume/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    applications[id] = {
      detail: detail.json,
      activity: activity.json,
      resume: crypto
        .createHash('sha256')
        .update(Buffer.from(await resume.arrayBuffer()))
        .digest('hex'),
    };
  }
  const list = await call(
    base,
    'GET',
    '/api/spartan_join/applications/?page_size=100',
    undefined,
    token,
  );
  const audit = await call(base, 'GET', '/api/staff/audit/?page_size=100', undefined, token);
  return { applications, total: list.json.total, audit: audit.json.data as unknown[] };
}

describe.each([
  ['the embedded database, résumés on disk', false],
  ['PostgreSQL, résumés in the database', true],
] as const)('backup and restore on %s', (_name, postgres) => {
  it.skipIf(postgres && SKIP_POSTGRES)(
    'given a running server with staff, applications, statuses, notes and an audit trail, then a backup taken while it runs restores into an empty folder with all of it',
    async () => {
      const env: Record<string, string> = {
        DATA_DIR: path.join(temp(), 'data'),
        DIST_DIR: fakeDist(),
      };
      const restoredEnv: Record<string, string> = { ...env, DATA_DIR: path.join(temp(), 'data') };
      if (postgres) {
        cluster ??= await startPostgres();
        env.DATABASE_URL = await cluster.createDatabase('spartan_backup_from');
        restoredEnv.DATABASE_URL = await cluster.createDatabase('spartan_backup_to');
      }
      const server = await startServer(compiled().main, env);
      running.push(server);
      const password = strongPassword('backup');
      const added = await run(compiled().staff, ['add', 'admin'], env, `${password}\n`);
      expect(added.code, added.stderr).toBe(0);
      const first = await call(server.url, 'POST', '/api/security-login/', {
        username: 'admin',
        password,
      });
      expect(first.json).toMatchObject({ mfa_setup_required: true });
      const secret = first.json.secret as string;
      const enrolled = await call(server.url, 'POST', '/api/security-login/mfa-setup/', {
        challenge: first.json.challenge,
        code: totp(secret),
      });
      expect(enrolled.status).toBe(200);
      const token = enrolled.json.access as string;

      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const resume = Buffer.concat([pdf(4096), crypto.randomBytes(20_000)]);
        const res = await fetchFresh(`${server.url}/api/spartan_join/apply-spartan/`, {
          method: 'POST',
          headers: { 'content-type': MULTIPART_TYPE },
          body: new Uint8Array(
            multipartBody(spartanFields({ email: `applicant${i}@example.com` }), [
              { filename: `cv${i}.pdf`, data: resume },
            ]),
          ),
        });
        expect(res.status).toBe(201);
        ids.push(String(((await res.json()) as { application_id: string }).application_id));
      }
      const desk = `/api/staff/applications/spartan/${ids[0]}`;
      expect(
        (await call(server.url, 'PUT', `${desk}/status/`, { status: 'shortlisted' }, token)).status,
      ).toBe(200);
      expect(
        (
          await call(
            server.url,
            'POST',
            `${desk}/notes/`,
            { body: 'Strong résumé;\tcall back.' },
            token,
          )
        ).status,
      ).toBe(201);
      // A first open by staff moves a Spartan application to in_review (docs/DESK.md): the
      // snapshot that counts is the second, which changes nothing.
      await snapshot(server.url, token, ids);
      const before = await snapshot(server.url, token, ids);

      const file = path.join(temp(), 'spartans.backup');
      const backedUp = await run(compiled().backup, [file], env);
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toMatch(
        new RegExp(
          `^Backup written to ${file}: the (embedded|PostgreSQL) database, .* and the secret; [\\d.]+ MB in [\\d.]+ s\\.\\n$`,
        ),
      );
      // Taken while it ran: it still serves.
      expect((await fetchFresh(`${server.url}/api/health`)).status).toBe(200);
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const restored = await run(compiled().restore, [file], restoredEnv);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored the (embedded|PostgreSQL) database, \d+ résumé files and the secret into /,
      );
      // A second restore into the now filled folder is refused.
      const again = await run(compiled().restore, [file], restoredEnv);
      expect([again.code, again.stderr.trim()]).toEqual([
        1,
        `Nothing restored: DATA_DIR ${restoredEnv.DATA_DIR} is not empty; restore into a new, empty folder.`,
      ]);

      const back = await startServer(compiled().main, restoredEnv);
      running.push(back);
      const login = await call(back.url, 'POST', '/api/security-login/', {
        username: 'admin',
        password,
      });
      expect(login.json).toMatchObject({ mfa_required: true });
      const done = await call(back.url, 'POST', '/api/security-login/mfa/', {
        challenge: login.json.challenge,
        code: totp(secret, 1),
      });
      expect(done.status).toBe(200);
      const after = await snapshot(back.url, done.json.access as string, ids);
      expect(after.applications).toEqual(before.applications);
      expect(after.total).toBe(3);
      expect(
        (before.applications[ids[0]!] as { activity: { status: string } }).activity.status,
      ).toBe('shortlisted');
      // The trail as it was, under the entries written since (the new login, the reads).
      expect(after.audit.slice(after.audit.length - before.audit.length)).toEqual(before.audit);
      back.proc.kill('SIGTERM');
      expect(await back.exited).toBe(0);
    },
  );
});

describe('backup and restore refusals', () => {
  it('given DATABASE_URL and no pg_dump on PATH, then backup says in one sentence what to install', async () => {
    const result = await run(compiled().backup, [path.join(temp(), 'x.backup')], {
      DATA_DIR: temp(),
      DATABASE_URL: 'postgres://spartan@127.0.0.1:1/spartans',
      PATH: temp(),
    });
    expect([result.code, result.stderr.trim()]).toEqual([
      1,
      "pg_dump is needed with DATABASE_URL: install PostgreSQL's client programs (apt-get install postgresql-client, of the server's major version or newer) so that pg_dump is on PATH.",
    ]);
  });

  it('given a file that is not a backup, then restore refuses it and leaves the folder empty', async () => {
    const file = path.join(temp(), 'not-a-backup');
    fs.writeFileSync(file, 'hello');
    const dataDir = path.join(temp(), 'data');
    const result = await run(compiled().restore, [file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.readdirSync(dataDir).filter((f) => !f.startsWith('.'))).toEqual([]);
  });
});
