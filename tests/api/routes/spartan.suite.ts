/** Spartan applications (server/routes/spartan.ts, server/uploads.ts), in the API suite. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import {
  doc,
  docx,
  exe,
  HTML,
  MULTIPART_TYPE,
  multipartBody,
  pdf,
  spartanFields,
} from '../fixtures.ts';
import { freshIp } from '../harness.ts';
import { type ApiHarness, UUID } from '../setup/api.ts';

export function spartanTests(h: ApiHarness): void {
  const { call, staff, apply, unique, storedBytes, inRow } = h;

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
      const { doc, docx } = await import('../fixtures.ts');
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
      const { zip } = await import('../fixtures.ts');
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
}
