/**
 * The API test suite, run once per database: tests/api/pglite.test.ts (the
 * embedded default) and tests/api/postgres.test.ts (a real PostgreSQL 15).
 * Everything goes through `app.inject()` against the real app and database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { build, type BuildOptions } from '../../server/app.ts';
import { TRIGRAM_INDEX_OPTIONS } from '../../server/db/index.ts';
import { CODES } from '../../server/api-errors.ts';
import { TokenService } from '../../server/security/tokens.ts';
import {
  doc,
  docx,
  exe,
  HTML,
  investorPayload,
  MULTIPART_TYPE,
  multipartBody,
  pdf,
  spartanFields,
  type FilePart,
} from './fixtures.ts';

export const PARTNER = 'https://partner.example';
export const AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const PASSWORD = 'correct horse battery staple';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * `build` options of the desk suites: no log, password-only logins, and submission and login
 * limits no test reaches (the limits are tested in the API suite).
 */
export const DESK_BUILD = {
  logger: false,
  authSecret: AUTH_SECRET,
  staffMfa: 'optional',
  rateLimits: {
    submit: { max: 10_000, windowSeconds: 600 },
    login: { max: 100, windowSeconds: 900 },
    loginFailuresPerUser: { max: 10, windowSeconds: 900 },
  },
} as const satisfies Partial<BuildOptions>;

export interface SuiteTarget {
  /** Database options for `build` (dataDir and/or databaseUrl). */
  database(): Promise<Pick<BuildOptions, 'dataDir' | 'databaseUrl'>>;
  cleanup?(): Promise<void>;
}

/**
 * A dist folder with one page, the not-found page and one widget file, to check headers on them.
 * In the run's own temporary folder, removed when the run ends (tests/api/pglite-template.ts).
 */
export function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(inject('runTemp'), 'dist-'));
  fs.mkdirSync(path.join(dir, 'site'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'widgets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site', 'index.html'), '<!doctype html><title>Spartans</title>');
  fs.writeFileSync(path.join(dir, 'site', '404.html'), '<!doctype html><title>Not found</title>');
  fs.writeFileSync(path.join(dir, 'widgets', 'spartan-counter.js'), 'export {};\n');
  return dir;
}

let ipCounter = 0;
/** A fresh client address, so rate limits only bite where a test means them to. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function apiSuite(label: string, target: SuiteTarget): void {
  describe(`API on ${label}`, () => {
    let app: FastifyInstance;
    let token = '';
    let distDir = '';
    let dataDir = '';

    const call = (opts: InjectOptions & { ip?: string }): Promise<LightMyRequestResponse> =>
      app.inject({ remoteAddress: opts.ip ?? freshIp(), ...opts });
    const staff = (opts: InjectOptions & { ip?: string }) =>
      call({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
    const apply = (
      fields: Record<string, string> | Array<[string, string]> = spartanFields(),
      files: FilePart[] = [],
      ip?: string,
    ) =>
      call({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: multipartBody(fields, files),
        ...(ip ? { ip } : {}),
      });
    const invest = (payload: Record<string, unknown> = investorPayload()) =>
      call({ method: 'POST', url: '/api/investors/join_investor/', payload });
    const unique = () => crypto.randomBytes(5).toString('hex');
    /** The bytes the file store holds for an application, or null. */
    const storedBytes = async (id: string): Promise<Buffer | null> => {
      const file = await app.files.get(id);
      if (!file) return null;
      if (Buffer.isBuffer(file.body)) return file.body;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    /** Whether the resume row still carries bytes itself. */
    const inRow = async (id: string): Promise<boolean> => {
      const result = (await app.db.execute(
        sql`SELECT data IS NOT NULL AS held FROM spartan_resumes WHERE application_id = ${id}`,
      )) as unknown as { rows: Array<{ held: boolean }> };
      return result.rows[0]?.held ?? false;
    };

    beforeAll(async () => {
      distDir = fakeDist();
      const db = await target.database();
      dataDir = db.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-api-'));
      app = await build({
        ...db,
        dataDir,
        distDir,
        logger: false,
        corsOrigins: [PARTNER],
        authSecret: AUTH_SECRET,
        // Password-only logins here; the second factor is tested in tests/api/staff-suite.ts.
        staffMfa: 'optional',
        rateLimits: {
          submit: { max: 5, windowSeconds: 600 },
          login: { max: 8, windowSeconds: 900 },
          loginFailuresPerUser: { max: 3, windowSeconds: 900 },
        },
      });
      await app.staff.create({ username: 'warden', password: PASSWORD, name: 'The Warden' });
      const login = await call({
        method: 'POST',
        url: '/api/security-login/',
        payload: { username: 'warden', password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      token = login.json<{ access: string }>().access;
    });

    afterAll(async () => {
      await app?.close();
      fs.rmSync(distDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await target.cleanup?.();
    });

    describe('health', () => {
      it('given the database answers, when asked, then it is ok', async () => {
        const res = await call({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
      });
    });

    describe('statements run for their effect (server/db/prepared.ts)', () => {
      const probe = (id: string) => sql`INSERT INTO statement_probe (id) VALUES (${id})`.getSQL();
      const present = async (id: string) =>
        (
          (await app.db.execute(
            sql`SELECT count(*)::int AS n FROM statement_probe WHERE id = ${id}`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]?.n === 1;
      beforeAll(async () => {
        await app.db.execute(sql`CREATE TABLE IF NOT EXISTS statement_probe (id uuid PRIMARY KEY)`);
      });

      it('given a transaction open elsewhere, then a statement waits for it and is not rolled back with it', async () => {
        const [inside, outside] = [crypto.randomUUID(), crypto.randomUUID()];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const open = new Promise<void>((resolve) => (entered = resolve));
        const rolledBack = app.db
          .transaction(async (tx) => {
            await tx.execute(probe(inside));
            entered();
            await held;
            throw new Error('roll back');
          })
          .catch((err: Error) => err.message);
        await open;
        let ran = false;
        const statement = app.runStatement(probe(outside)).then(() => (ran = true));
        release();
        expect(await rolledBack).toBe('roll back');
        await statement;
        expect(ran).toBe(true);
        expect(await present(inside)).toBe(false);
        expect(await present(outside)).toBe(true);
      });

      it('given a statement that fails, then its error carries the database code, and the same statement runs again after', async () => {
        const id = crypto.randomUUID();
        await app.runStatement(probe(id));
        const failure = await app.runStatement(probe(id)).then(
          () => null,
          (err: { code?: string }) => err,
        );
        expect(failure?.code).toBe('23505'); // unique_violation
        const next = crypto.randomUUID();
        await app.runStatement(probe(next));
        expect(await present(next)).toBe(true);
      });
    });

    describe('login', () => {
      it('given the right password, then it answers a token and the user', async () => {
        // Done in beforeAll; here the shape of the answer.
        const res = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 'WARDEN', password: PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.access.split('.')).toHaveLength(3);
        expect(body.user).toEqual({
          id: expect.stringMatching(UUID),
          username: 'warden',
          role: 'admin',
          name: 'The Warden',
        });
      });

      it('given a wrong password or an unknown user, then both get the same 401', async () => {
        const wrong = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 'warden', password: 'not the password at all' },
        });
        const unknown = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: `nobody-${unique()}`, password: 'not the password at all' },
        });
        expect(wrong.statusCode).toBe(401);
        expect(unknown.statusCode).toBe(401);
        expect(wrong.json()).toEqual({
          detail: 'Invalid credentials',
          code: CODES.INVALID_CREDENTIALS,
        });
        expect(unknown.body).toBe(wrong.body);
      });

      it('given extra or mistyped fields, then 400 with field errors, nothing coerced', async () => {
        const res = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 123, password: ['x'], admin: true },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(res.json().errors).toEqual({
          username: 'Enter your username',
          password: 'Enter your password',
          admin: 'This field is not accepted',
        });
      });

      it('given brute force on one username from one IP, then that IP gets 429, its owner elsewhere logs in', async () => {
        const username = `target-${unique()}`;
        await app.staff.create({ username, password: PASSWORD });
        const attacker = freshIp();
        for (let i = 0; i < 3; i += 1) {
          const res = await call({
            method: 'POST',
            url: '/api/security-login/',
            payload: { username, password: `guess number ${i} wrong` },
            ip: attacker,
          });
          expect(res.statusCode).toBe(401);
        }
        const blocked = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username, password: PASSWORD },
          ip: attacker,
        });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().code).toBe(CODES.RATE_LIMITED);
        expect(blocked.json().detail).toMatch(/Too many requests/);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        const owner = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username, password: PASSWORD },
        });
        expect(owner.statusCode).toBe(200);
      });

      it('given many attempts from one IP, then 429', async () => {
        const ip = freshIp();
        const codes: number[] = [];
        for (let i = 0; i < 9; i += 1) {
          const res = await call({ method: 'POST', url: '/api/security-login/', payload: {}, ip });
          codes.push(res.statusCode);
        }
        expect(codes.slice(0, 8).every((c) => c === 400)).toBe(true);
        expect(codes[8]).toBe(429);
      });
    });

    describe('tokens', () => {
      const staffCalls = [
        ['GET', '/api/spartan_join/applications/'],
        ['GET', `/api/spartan_join/application/${crypto.randomUUID()}/`],
        ['GET', `/api/spartan_join/application/${crypto.randomUUID()}/resume/`],
        ['DELETE', `/api/application/${crypto.randomUUID()}/delete/`],
        ['GET', '/api/investors/get_investor_applications/'],
        ['GET', `/api/investors/get_investor_application_detail/${crypto.randomUUID()}/`],
        ['DELETE', `/api/investors/delete_investor_application/${crypto.randomUUID()}/`],
        ['POST', '/api/security-logout/'],
      ] as const;

      it('given no token, then every staff call is 401', async () => {
        for (const [method, url] of staffCalls) {
          const res = await call({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json()).toEqual({ detail: expect.any(String), code: CODES.NOT_AUTHENTICATED });
        }
      });

      async function claimsOfToken() {
        const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
        return {
          sub: payload.sub as string,
          sid: payload.sid as string,
          jti: payload.jti as string,
        };
      }

      it('given malformed, forged, alg-none or expired tokens, then 401', async () => {
        const claims = await claimsOfToken();
        const now = Math.floor(Date.now() / 1000);
        const forged = new TokenService(
          new TextEncoder().encode('another-secret-of-sufficient-length-xx'),
        ).sign(claims, now + 600);
        const expired = new TokenService(new TextEncoder().encode(AUTH_SECRET)).sign(
          claims,
          now - 60 * 60,
          now - 2 * 60 * 60,
        );
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
          'base64url',
        );
        const body = Buffer.from(
          JSON.stringify({
            ...claims,
            iss: 'spartan-platform',
            aud: 'spartan-staff',
            iat: now,
            exp: now + 600,
          }),
        ).toString('base64url');
        const none = `${header}.${body}.`;
        const hs512 = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(claims.sub)
          .setJti(claims.jti)
          .setIssuer('spartan-platform')
          .setAudience('spartan-staff')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(AUTH_SECRET));
        // The same signature bytes written otherwise: the last character with its spare bits set.
        const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const last = digits.indexOf(token.at(-1)!);
        const cases = {
          respelled: `Bearer ${token.slice(0, -1)}${digits[last ^ 1]}`,
          respelledTwice: `Bearer ${token.slice(0, -1)}${digits[last ^ 3]}`,
          garbage: 'Bearer not-a-token',
          wrongScheme: `Basic ${token}`,
          truncated: `Bearer ${token.slice(0, -5)}`,
          forged: `Bearer ${forged}`,
          expired: `Bearer ${expired}`,
          algNone: `Bearer ${none}`,
          otherAlgorithm: `Bearer ${hs512}`,
        };
        for (const [name, authorization] of Object.entries(cases)) {
          const res = await call({
            method: 'GET',
            url: '/api/spartan_join/applications/',
            headers: { authorization },
          });
          expect(res.statusCode, name).toBe(401);
          expect(res.json().code, name).toBe(CODES.NOT_AUTHENTICATED);
        }
        const ok = await staff({ method: 'GET', url: '/api/spartan_join/applications/' });
        expect(ok.statusCode).toBe(200);
        // The scheme's name is case-insensitive (HTTP's auth schemes are).
        for (const scheme of ['bearer', 'BEARER']) {
          const res = await call({
            method: 'GET',
            url: '/api/spartan_join/applications/',
            headers: { authorization: `${scheme} ${token}` },
          });
          expect(res.statusCode, scheme).toBe(200);
        }
      });

      it('given a logout, then that token is refused from then on', async () => {
        const login = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username: 'warden', password: PASSWORD },
        });
        const own = `Bearer ${login.json().access}`;
        const list = () =>
          call({
            method: 'GET',
            url: '/api/investors/get_investor_applications/',
            headers: { authorization: own },
          });
        expect((await list()).statusCode).toBe(200);
        const out = await call({
          method: 'POST',
          url: '/api/security-logout/',
          headers: { authorization: own },
        });
        expect(out.statusCode).toBe(200);
        expect((await list()).statusCode).toBe(401);
        // The suite's own token is another session: still good.
        expect(
          (await staff({ method: 'GET', url: '/api/investors/get_investor_applications/' }))
            .statusCode,
        ).toBe(200);
      });

      it('given an account removed, then its sessions end at once', async () => {
        const username = `leaver-${unique()}`;
        await app.staff.create({ username, password: PASSWORD });
        const login = await call({
          method: 'POST',
          url: '/api/security-login/',
          payload: { username, password: PASSWORD },
        });
        const authorization = `Bearer ${login.json().access}`;
        const list = () =>
          call({
            method: 'GET',
            url: '/api/spartan_join/applications/',
            headers: { authorization },
          });
        expect((await list()).statusCode).toBe(200);
        expect(await app.staff.remove(username)).toBe(true);
        expect((await list()).statusCode).toBe(401);
      });
    });

    describe('Spartan applications', () => {
      it('given a full application with a PDF, then it is stored and readable by staff', async () => {
        const email = `pdf-${unique()}@example.com`;
        const file = pdf(200 * 1024);
        const res = await apply(spartanFields({ email }), [
          { filename: 'Leonidas CV.pdf', contentType: 'application/pdf', data: file },
        ]);
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body.application_id).toMatch(UUID);
        expect(body.data).toMatchObject({
          id: body.application_id,
          job_title: 'Backend Software Engineer',
          fullname: 'Leonidas of Sparta',
          date_of_birth: '1990-04-12',
          gender: 'Male',
          email,
          resume: {
            filename: 'Leonidas CV.pdf',
            content_type: 'application/pdf',
            size: file.length,
            url: `/api/spartan_join/application/${body.application_id}/resume/`,
          },
        });
        const detail = await staff({
          method: 'GET',
          url: `/api/spartan_join/application/${body.application_id}/`,
        });
        expect(detail.statusCode).toBe(200);
        expect(detail.json().data).toEqual({ ...body.data, status: 'in_review', assignee: null });
        const download = await staff({ method: 'GET', url: body.data.resume.url });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(file)).toBe(true);
        expect(download.headers['content-type']).toBe('application/pdf');
        expect(download.headers['content-disposition']).toBe(
          `attachment; filename="Leonidas CV.pdf"; filename*=UTF-8''Leonidas%20CV.pdf`,
        );
        expect(download.headers['x-content-type-options']).toBe('nosniff');
        expect(download.headers['cache-control']).toBe('no-store');
        // The bytes are in the file store, not in the row.
        expect(await inRow(body.application_id)).toBe(false);
        expect(await storedBytes(body.application_id)).toEqual(file);
      });

      it('given .doc and .docx resumes with matching content, then both are accepted', async () => {
        const a = await apply(spartanFields(), [{ filename: 'cv.doc', data: doc() }]);
        const b = await apply(spartanFields(), [{ filename: 'cv.DOCX', data: docx() }]);
        expect(a.statusCode).toBe(201);
        expect(a.json().data.resume.content_type).toBe('application/msword');
        expect(b.statusCode).toBe(201);
        expect(b.json().data.resume).toMatchObject({
          filename: 'cv.docx',
          content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        });
      });

      it('given no resume (or an empty file input), then the application is stored without one', async () => {
        const none = await apply();
        const empty = await apply(spartanFields(), [{ filename: '', data: Buffer.alloc(0) }]);
        expect(none.statusCode).toBe(201);
        expect(none.json().data.resume).toBeNull();
        expect(empty.statusCode).toBe(201);
        expect(empty.json().data.resume).toBeNull();
        const download = await staff({
          method: 'GET',
          url: `/api/spartan_join/application/${none.json().application_id}/resume/`,
        });
        expect(download.statusCode).toBe(404);
      });

      it('given empty required fields, then 400 with a message for each', async () => {
        const res = await apply({});
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: 'Please correct the highlighted fields',
          code: CODES.INVALID_FORM,
          errors: {
            job_title: 'Choose a job role',
            fullname: 'Enter your full name',
            date_of_birth: 'Enter your date of birth',
            location: 'Enter your location',
            gender: 'Choose a gender',
            email: 'Enter a valid email address',
            phone: 'Enter your phone number',
          },
        });
      });

      it('given bad values, then each field says what is wrong', async () => {
        const res = await apply(
          spartanFields({
            job_title: 'Emperor',
            date_of_birth: '2020-01-01',
            gender: 'M',
            email: 'not-an-email',
            phone: '555-CALL-NOW',
          }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(res.json().errors).toEqual({
          job_title: 'Choose a job role',
          date_of_birth: 'You must be at least 18 years old to apply',
          gender: 'Choose a gender',
          email: 'Enter a valid email address',
          phone: 'Use digits, spaces, +, -, ( and ) only',
        });
      });

      it('given unknown, repeated or __proto__ fields, then 400 naming them', async () => {
        const fields = Object.entries(spartanFields()) as Array<[string, string]>;
        const res = await apply([...fields, ['is_admin', 'true'], ['email', 'second@example.com']]);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(res.json().errors).toEqual({
          is_admin: 'This field is not accepted',
          email: 'Send this field once',
        });
        const text = await apply([...fields, ['resume', 'my-cv.pdf']]);
        expect(text.json().errors).toEqual({ resume: 'Attach the file itself' });
        const proto = await apply([...fields, ['__proto__', 'x']]);
        expect(proto.statusCode).toBe(400);
        expect(proto.json().code).toBe(CODES.INVALID_FORM);
        expect(proto.json().errors).toEqual({ ['__proto__']: 'This field is not accepted' });
      });

      it('given an executable renamed .pdf or HTML renamed .docx, then the resume is refused', async () => {
        for (const [filename, data] of [
          ['cv.pdf', exe()],
          ['cv.docx', HTML],
          ['cv.exe', pdf()],
          ['cv.doc', Buffer.from('PK\x03\x04 not really a zip', 'latin1')],
        ] as const) {
          const res = await apply(spartanFields(), [{ filename, data }]);
          expect(res.statusCode, filename).toBe(400);
          expect(res.json().code, filename).toBe(CODES.INVALID_FORM);
          expect(res.json().errors.resume).toMatch(/PDF, DOC or DOCX|\.pdf, \.doc or \.docx/);
        }
      });

      it('given a real document named with another of the three extensions, then it is kept under its own', async () => {
        const { doc, docx } = await import('./fixtures.ts');
        for (const [filename, data, kept, type] of [
          ['cv.docx', pdf(), 'cv.pdf', 'application/pdf'],
          [
            'cv.doc',
            docx(),
            'cv.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ],
          ['Lebenslauf.pdf', doc(), 'Lebenslauf.doc', 'application/msword'],
        ] as const) {
          const res = await apply(spartanFields(), [{ filename, data }]);
          expect(res.statusCode, filename).toBe(201);
          expect(res.json().data.resume, filename).toMatchObject({
            filename: kept,
            content_type: type,
            size: data.length,
          });
        }
      });

      it('given a zip without word/document.xml named .docx, then it is refused', async () => {
        const { zip } = await import('./fixtures.ts');
        const res = await apply(spartanFields(), [
          { filename: 'cv.docx', data: zip({ 'word/other.xml': '<x/>' }) },
        ]);
        expect(res.statusCode).toBe(400);
      });

      it('given traversal and control characters in the filename, then a safe display name is kept', async () => {
        const res = await apply(spartanFields(), [
          { filename: '../../../etc/pass\u202ewd\u0007 <b>.pdf', data: pdf() },
        ]);
        expect(res.statusCode).toBe(201);
        const name = res.json().data.resume.filename as string;
        expect(name).toBe('passwd _b.pdf');
        const win = await apply(spartanFields(), [
          { filename: 'C:\\Users\\x\\..\\cv.pdf', data: pdf() },
        ]);
        expect(win.json().data.resume.filename).toBe('cv.pdf');
        const dots = await apply(spartanFields(), [{ filename: '....pdf', data: pdf() }]);
        expect(dots.json().data.resume.filename).toBe('resume.pdf');
      });

      it('given a resume over 5 MB, then 413', async () => {
        const res = await apply(spartanFields(), [
          { filename: 'big.pdf', data: pdf(5 * 1024 * 1024 + 1) },
        ]);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          detail: 'The resume must be at most 5 MB',
          code: CODES.TOO_LARGE,
        });
      });

      it('given a resume of exactly 5 MB, then it is accepted', async () => {
        const res = await apply(spartanFields(), [
          { filename: 'max.pdf', data: pdf(5 * 1024 * 1024) },
        ]);
        expect(res.statusCode).toBe(201);
      });

      it('given two files or thousands of parts, then 413', async () => {
        const two = await apply(spartanFields(), [
          { filename: 'a.pdf', data: pdf() },
          { filename: 'b.pdf', data: pdf() },
        ]);
        expect(two.statusCode).toBe(413);
        expect(two.json().code).toBe(CODES.TOO_LARGE);
        const many = Array.from({ length: 5000 }, (_, i) => [`f${i}`, 'x'] as [string, string]);
        const res = await apply(many);
        expect(res.statusCode).toBe(413);
        expect(res.json().code).toBe(CODES.TOO_LARGE);
        expect(res.json().detail).toMatch(/Too many parts/);
      });

      it('given a truncated or malformed multipart body, then 400, never 500', async () => {
        const full = multipartBody(spartanFields(), [{ filename: 'cv.pdf', data: pdf() }]);
        for (const payload of [
          full.subarray(0, full.length - 40),
          full.subarray(0, 60),
          Buffer.from('this is not multipart at all'),
        ]) {
          const res = await call({
            method: 'POST',
            url: '/api/spartan_join/apply-spartan/',
            headers: { 'content-type': MULTIPART_TYPE },
            payload,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({
            detail: 'Malformed multipart body',
            code: CODES.BAD_REQUEST,
          });
        }
        const noBoundary = await call({
          method: 'POST',
          url: '/api/spartan_join/apply-spartan/',
          headers: { 'content-type': 'multipart/form-data' },
          payload: full,
        });
        expect(noBoundary.statusCode).toBe(400);
        expect(noBoundary.json().code).toBe(CODES.BAD_REQUEST);
      });

      it('given JSON instead of multipart, then 415', async () => {
        const res = await call({
          method: 'POST',
          url: '/api/spartan_join/apply-spartan/',
          payload: spartanFields(),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          detail: 'Unsupported content type: send multipart/form-data',
          code: CODES.UNSUPPORTED_MEDIA_TYPE,
        });
      });

      it('given SQL and script payloads, then they are stored verbatim and harmless', async () => {
        const fullname = "Robert'); DROP TABLE spartan_applications;--";
        const location = '<script>alert(document.cookie)</script>';
        const res = await apply(spartanFields({ fullname, location }));
        expect(res.statusCode).toBe(201);
        const detail = await staff({
          method: 'GET',
          url: `/api/spartan_join/application/${res.json().application_id}/`,
        });
        expect(detail.json().data).toMatchObject({ fullname, location });
        expect(detail.headers['content-type']).toMatch(/^application\/json/);
        const list = await staff({
          method: 'GET',
          url: `/api/spartan_join/applications/?q=${encodeURIComponent("Robert');")}`,
        });
        expect(list.statusCode).toBe(200);
        expect(list.json().total).toBeGreaterThanOrEqual(1);
      });

      it('given the honeypot filled, then it looks accepted but nothing is stored', async () => {
        const email = `bot-${unique()}@example.com`;
        const res = await apply(spartanFields({ email, website: 'http://spam.example' }));
        expect(res.statusCode).toBe(201);
        expect(res.json().application_id).toMatch(UUID);
        const list = await staff({
          method: 'GET',
          url: `/api/spartan_join/applications/?q=${email}`,
        });
        expect(list.json().total).toBe(0);
        const detail = await staff({
          method: 'GET',
          url: `/api/spartan_join/application/${res.json().application_id}/`,
        });
        expect(detail.statusCode).toBe(404);
      });

      it('given a delete, then it answers the id and the application and resume are gone', async () => {
        const res = await apply(spartanFields(), [{ filename: 'cv.pdf', data: pdf() }]);
        const id = res.json().application_id as string;
        expect(await storedBytes(id)).toEqual(pdf());
        const del = await staff({ method: 'DELETE', url: `/api/application/${id}/delete/` });
        expect(del.statusCode).toBe(200);
        expect(del.json()).toEqual({ id });
        expect(await storedBytes(id)).toBeNull(); // the file went with its row
        for (const url of [
          `/api/spartan_join/application/${id}/`,
          `/api/spartan_join/application/${id}/resume/`,
        ]) {
          expect((await staff({ method: 'GET', url })).statusCode).toBe(404);
        }
        const again = await staff({ method: 'DELETE', url: `/api/application/${id}/delete/` });
        expect(again.statusCode).toBe(404);
      });

      it('given unknown or malformed ids, then 404', async () => {
        for (const id of [crypto.randomUUID(), 'not-an-id', "1' OR '1'='1", '%00']) {
          const res = await staff({
            method: 'GET',
            url: `/api/spartan_join/application/${encodeURIComponent(id)}/`,
          });
          expect(res.statusCode, id).toBe(404);
          expect(res.json()).toEqual({ detail: 'Not found', code: CODES.NOT_FOUND });
        }
      });

      it('given many submissions from one IP, then 429', async () => {
        const ip = freshIp();
        const codes: number[] = [];
        for (let i = 0; i < 6; i += 1) codes.push((await apply({}, [], ip)).statusCode);
        expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
        expect(codes[5]).toBe(429);
      });
    });

    describe('investor applications', () => {
      it('given a valid application, then 201 with the id, and staff can read it', async () => {
        const email = `inv-${unique()}@example.com`;
        const res = await invest(investorPayload({ email }));
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body.investor_id).toMatch(UUID);
        expect(body.data).toMatchObject({
          id: body.investor_id,
          fullname: 'Gorgo of Sparta',
          email,
          accreditation: 'net_worth',
          investment_range: '$100k–$250k',
        });
        const detail = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_application_detail/${body.investor_id}/`,
        });
        expect(detail.json().data).toEqual({ ...body.data, status: 'new', assignee: null });
      });

      it('given optional fields left empty, then they are stored as null', async () => {
        const res = await invest(investorPayload({ investment_range: '', message: undefined }));
        expect(res.statusCode).toBe(201);
        expect(res.json().data).toMatchObject({ investment_range: null, message: null });
      });

      it('given wrong types and extra fields, then 400, nothing coerced or stripped', async () => {
        const res = await invest(
          investorPayload({ accreditation: 'rich', phone: 5551234567, role: 'admin' }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(res.json().errors).toEqual({
          accreditation: 'Choose how you qualify as an accredited investor',
          phone: 'Enter your phone number',
          role: 'This field is not accepted',
        });
      });

      it('given __proto__ or a repeated key in the JSON, then 400', async () => {
        // The investor form with one more key in front.
        const withKey = (key: string) =>
          call({
            method: 'POST',
            url: '/api/investors/join_investor/',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(investorPayload()).replace(/^\{/, `{${key},`),
          });
        const proto = await withKey('"__proto__":{"isAdmin":true}');
        expect(proto.statusCode).toBe(400);
        expect(proto.json().code).toBe(CODES.INVALID_FORM);
        expect(proto.json().errors).toEqual({ ['__proto__']: 'This field is not accepted' });
        const constructor = await withKey('"constructor":{"prototype":{"isAdmin":true}}');
        expect(constructor.statusCode).toBe(400);
        expect(constructor.json().errors).toEqual({ constructor: 'This field is not accepted' });
        const twice = await withKey('"email":"a@b.co"');
        expect(twice.statusCode).toBe(400);
        expect(twice.json().code).toBe(CODES.INVALID_FORM);
        expect(twice.json().errors).toEqual({ email: 'Send this field once' });
      });

      it('given the wrong content type, malformed JSON or an oversized body, then 415, 400, 413', async () => {
        const form = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'fullname=a',
        });
        expect(form.statusCode).toBe(415);
        expect(form.json()).toEqual({
          detail: 'Unsupported content type',
          code: CODES.UNSUPPORTED_MEDIA_TYPE,
        });
        const multipart = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { 'content-type': MULTIPART_TYPE },
          payload: multipartBody({ fullname: 'a' }),
        });
        expect(multipart.statusCode).toBe(415);
        expect(multipart.json()).toEqual({
          detail: 'Unsupported content type: send application/json',
          code: CODES.UNSUPPORTED_MEDIA_TYPE,
        });
        const broken = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { 'content-type': 'application/json' },
          payload: '{"fullname": "a",',
        });
        expect(broken.statusCode).toBe(400);
        expect(broken.json()).toEqual({ detail: 'Malformed JSON body', code: CODES.BAD_REQUEST });
        const big = await invest(investorPayload({ message: 'x'.repeat(20_000) }));
        expect(big.statusCode).toBe(413);
        expect(big.json()).toEqual({
          detail: 'Request body is too large',
          code: CODES.TOO_LARGE,
        });
      });

      it('given the honeypot filled, then it looks accepted but nothing is stored', async () => {
        const email = `bot-${unique()}@example.com`;
        const res = await invest(investorPayload({ email, website: 'spam' }));
        expect(res.statusCode).toBe(201);
        const list = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${email}`,
        });
        expect(list.json().total).toBe(0);
      });

      it('given a delete, then it answers the id and the application is gone', async () => {
        const id = (await invest()).json().investor_id as string;
        const del = await staff({
          method: 'DELETE',
          url: `/api/investors/delete_investor_application/${id}/`,
        });
        expect(del.json()).toEqual({ id });
        const detail = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_application_detail/${id}/`,
        });
        expect(detail.statusCode).toBe(404);
      });
    });

    describe('lists', () => {
      it('given several applications, then pages come newest first with the total', async () => {
        const marker = unique();
        const ids: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await invest(
            investorPayload({ fullname: `Page Test ${i}`, email: `${marker}.${i}@example.com` }),
          );
          ids.push(res.json().investor_id);
        }
        const page1 = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${marker}&page_size=2`,
        });
        expect(page1.json()).toMatchObject({ total: 3, page: 1, page_size: 2 });
        expect(page1.json().data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
        const page2 = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${marker.toUpperCase()}&page_size=2&page=2`,
        });
        expect(page2.json().data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
      });

      it('given no search, then the total counts every row', async () => {
        const before = (
          await staff({ method: 'GET', url: '/api/spartan_join/applications/?page_size=1' })
        ).json().total as number;
        const id = (await apply()).json().application_id as string;
        const after = await staff({
          method: 'GET',
          url: '/api/spartan_join/applications/?page_size=1',
        });
        expect(after.json().total).toBe(before + 1);
        expect(after.json().data[0].id).toBe(id);
        await staff({ method: 'DELETE', url: `/api/application/${id}/delete/` });
        const last = await staff({ method: 'GET', url: '/api/spartan_join/applications/' });
        expect(last.json().total).toBe(before);
      });

      it('given a search with LIKE wildcards, then they match literally', async () => {
        const marker = unique();
        await invest(investorPayload({ fullname: `Hundred ${marker} 100% Sure` }));
        const pct = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker} 100%`)}`,
        });
        expect(pct.json().total).toBe(1);
        const underscore = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker}_`)}`,
        });
        expect(underscore.json().total).toBe(0);
      });

      it('given more applications than a trigram index keeps pending (64 kB), then a search finds every one, merged or still pending', async () => {
        const options = (await app.db.execute(sql`
          SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
          WHERE c.relname LIKE '%\\_trgm' ORDER BY c.relname`)) as unknown as {
          rows: Array<{ name: string; options: string[] }>;
        };
        expect(options.rows).toHaveLength(4);
        for (const row of options.rows) {
          expect(row.options.join(', ')).toBe(TRIGRAM_INDEX_OPTIONS.replace(/ = /g, '='));
        }
        // About 30 trigrams a row in each index, some 20 bytes each: 150 rows fill 64 kB more than once.
        const marker = unique();
        for (let i = 0; i < 150; i += 1) {
          const res = await invest(
            investorPayload({
              fullname: `Pending ${marker} Number ${i}`,
              email: `${marker}.${i}@example.com`,
            }),
          );
          expect(res.statusCode).toBe(201);
        }
        const byName = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`Pending ${marker}`)}&page_size=1`,
        });
        expect(byName.json().total).toBe(150);
        const byEmail = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${encodeURIComponent(`${marker}.149@`)}`,
        });
        expect(byEmail.json().total).toBe(1);
      });

      it('given a name with invisible text-direction characters, then 400 on that field and nothing stored', async () => {
        const spoof = 'Alice\u202Efdp.exe';
        const res = await invest(investorPayload({ fullname: spoof }));
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(Object.keys(res.json().errors)).toEqual(['fullname']);
        const found = await staff({
          method: 'GET',
          url: `/api/investors/get_investor_applications/?q=${encodeURIComponent('Alice')}`,
        });
        expect(
          found.json().data.some((a: { fullname: string }) => a.fullname.includes('\u202E')),
        ).toBe(false);
      });

      it('given bad paging parameters, then 400 with field errors', async () => {
        const cases: Record<string, string> = {
          'page_size=101': 'page_size',
          'page=0': 'page',
          'page=abc': 'page',
          'page=1&page=2': 'page',
          'sort=name': 'sort',
          'q=%00': 'q',
          'q=ab%1Fcd': 'q',
        };
        for (const [query, field] of Object.entries(cases)) {
          const res = await staff({
            method: 'GET',
            url: `/api/spartan_join/applications/?${query}`,
          });
          expect(res.statusCode, query).toBe(400);
          expect(res.json().code, query).toBe(CODES.INVALID_FORM);
          expect(Object.keys(res.json().errors), query).toEqual([field]);
        }
      });

      it('given empty paging parameters, then the defaults, as when they are left out', async () => {
        for (const list of [
          '/api/spartan_join/applications/',
          '/api/investors/get_investor_applications/',
        ]) {
          const res = await staff({ method: 'GET', url: `${list}?page=&page_size=` });
          expect(res.statusCode, list).toBe(200);
          expect(res.json(), list).toMatchObject({ page: 1, page_size: 20 });
        }
      });
    });

    describe('cross-origin rules and headers', () => {
      it('given any origin, then the submissions answer it, without credentials', async () => {
        const res = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { origin: 'https://any-partner.example' },
          payload: investorPayload(),
        });
        expect(res.statusCode).toBe(201);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        const preflight = await call({
          method: 'OPTIONS',
          url: '/api/spartan_join/apply-spartan/',
          headers: {
            origin: 'https://any-partner.example',
            'access-control-request-method': 'POST',
          },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('*');
        expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
      });

      it('given submissions from a partner page and from our own, then each records its source, shown and filtered', async () => {
        const partner = 'https://partner-' + unique() + '.example';
        const fromPartner = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { origin: partner },
          payload: investorPayload(),
        });
        expect(fromPartner.json().data.origin).toBe(partner);
        const own = await call({
          method: 'POST',
          url: '/api/investors/join_investor/',
          headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
          payload: investorPayload(),
        });
        expect(own.json().data.origin).toBeNull();
        const applied = await call({
          method: 'POST',
          url: '/api/spartan_join/apply-spartan/',
          headers: { 'content-type': MULTIPART_TYPE, origin: partner },
          payload: multipartBody(spartanFields()),
        });
        expect(applied.statusCode).toBe(201);
        const detail = await staff({
          method: 'GET',
          url: `/api/spartan_join/application/${applied.json().application_id}/`,
        });
        expect(detail.json().data.origin).toBe(partner);

        const list = (query: string) =>
          staff({ method: 'GET', url: `/api/investors/get_investor_applications/?${query}` });
        const byPartner = (await list(`origin=${encodeURIComponent(partner)}`)).json();
        expect(byPartner.total).toBe(1);
        expect(byPartner.data[0].id).toBe(fromPartner.json().investor_id);
        const bySite = (await list('origin=site&page_size=100')).json();
        expect(bySite.data.map((a: { id: string }) => a.id)).toContain(own.json().investor_id);
        expect(bySite.data.every((a: { origin: string | null }) => a.origin === null)).toBe(true);
        const tooLong = await list(`origin=${'x'.repeat(300)}`);
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json().code).toBe(CODES.INVALID_FORM);
      });

      it('given partners that submitted, then the Source filter gets every partner origin once, in order, whatever page the list is on', async () => {
        const tag = unique();
        const partners = ['https://c', 'https://a', 'https://b'].map((p) => `${p}-${tag}.example`);
        for (const origin of [...partners, partners[0]!]) {
          const res = await call({
            method: 'POST',
            url: '/api/investors/join_investor/',
            headers: { origin },
            payload: investorPayload(),
          });
          expect(res.statusCode).toBe(201);
        }
        // Newer rows from our own site: none of the partners is on the list's first page.
        for (let i = 0; i < 2; i += 1) {
          await call({
            method: 'POST',
            url: '/api/investors/join_investor/',
            payload: investorPayload(),
          });
        }
        const page = await staff({
          method: 'GET',
          url: '/api/investors/get_investor_applications/?page_size=2',
        });
        expect(page.json().data.map((a: { origin: string | null }) => a.origin)).toEqual([
          null,
          null,
        ]);

        const res = await staff({
          method: 'GET',
          url: '/api/staff/applications/investor/origins/',
        });
        expect(res.statusCode).toBe(200);
        const { origins, complete } = res.json() as { origins: string[]; complete: boolean };
        expect(complete).toBe(true);
        expect(origins.filter((o) => o.includes(tag))).toEqual([...partners].sort());
        expect(origins).toEqual([...new Set(origins)].sort());
        expect(origins).not.toContain(null);
        // Each kind has its own: no Spartan application came from these partners.
        const spartan = await staff({
          method: 'GET',
          url: '/api/staff/applications/spartan/origins/',
        });
        expect(spartan.json().origins.filter((o: string) => o.includes(tag))).toEqual([]);
      });

      it('given a listed partner origin, then login echoes it with Vary: Origin', async () => {
        const res = await call({
          method: 'POST',
          url: '/api/security-login/',
          headers: { origin: PARTNER },
          payload: { username: 'nobody', password: 'wrong password here' },
        });
        expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
        expect(res.headers.vary).toMatch(/Origin/);
        const preflight = await call({
          method: 'OPTIONS',
          url: '/api/security-login/',
          headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
      });

      it('given an origin not on the list, then login has no CORS headers', async () => {
        const res = await call({
          method: 'POST',
          url: '/api/security-login/',
          headers: { origin: 'https://evil.example' },
          payload: { username: 'nobody', password: 'wrong password here' },
        });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        const preflight = await call({
          method: 'OPTIONS',
          url: '/api/security-login/',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      });

      it('given a staff call from a partner origin, then 403 without CORS headers', async () => {
        const res = await staff({
          method: 'GET',
          url: '/api/spartan_join/applications/',
          headers: { origin: PARTNER },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          detail: 'This call is not available from other sites',
          code: CODES.FORBIDDEN_ORIGIN,
        });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        const own = await staff({
          method: 'GET',
          url: '/api/spartan_join/applications/',
          headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
        });
        expect(own.statusCode).toBe(200);
      });

      it('given a page, then it carries a strict CSP and no framework banner', async () => {
        const res = await call({ method: 'GET', url: '/' });
        expect(res.statusCode).toBe(200);
        const csp = res.headers['content-security-policy'] as string;
        for (const directive of [
          "default-src 'self'",
          "script-src 'self'",
          "object-src 'none'",
          "frame-src 'self'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "style-src 'self'",
        ]) {
          expect(csp).toContain(directive);
        }
        expect(csp).not.toContain('unsafe');
        // Frames load our URLs only: a blob: document would run on our origin.
        expect(csp).not.toMatch(/(?:frame|default)-src[^;]*(?:blob|data):/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['strict-transport-security']).toBeUndefined();
      });

      it('given a widget file, then any origin may load it', async () => {
        const res = await call({
          method: 'GET',
          url: '/widgets/spartan-counter.js',
          headers: { origin: 'https://anyone.example' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      });

      it('given an unknown API path, then a JSON 404 without a stack', async () => {
        // The API's root without its slash too; a page of the site gets the not-found page.
        for (const url of ['/api/nothing-here/', '/api', '/api?x=1']) {
          const res = await call({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
          expect(res.json(), url).toEqual({ detail: 'Not found', code: CODES.NOT_FOUND });
        }
        const page = await call({ method: 'GET', url: '/no-such-page' });
        expect(page.statusCode).toBe(404);
        expect(page.headers['content-type']).toContain('text/html');
      });
    });
  });
}
