/**
 * Multipart parts the parser skips or does not bound (server/uploads.ts), in the error-hygiene
 * suite.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../server/api-errors.ts';
import { BOUNDARY, MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { freshIp } from './harness.ts';
import { type HygieneHarness, jsonOf } from './setup/hygiene.ts';

export function multipartTests(h: HygieneHarness): void {
  const { storedFiles } = h;
  let app: FastifyInstance;
  let port = 0;
  beforeAll(() => {
    ({ app, port } = h);
  });

  describe('multipart parts', () => {
    const fields = multipartBody(spartanFields())
      .toString('latin1')
      .replace(`--${BOUNDARY}--\r\n`, '');
    const send = (tail: string) =>
      app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: Buffer.from(fields + tail + `--${BOUNDARY}--\r\n`, 'latin1'),
        remoteAddress: freshIp(),
      });
    const file = pdf().toString('latin1');

    it.each([
      ['a file name the parser cannot decode', `name="resume"; filename*=UTF-8''a%0Ab.pdf`],
      ['no name', `filename="cv.pdf"`],
      ['a disposition other than form-data', null],
      ['no disposition', undefined],
    ])('given a part with %s, then 400 and nothing stored', async (_label, disposition) => {
      const header =
        disposition === undefined
          ? ''
          : disposition === null
            ? `Content-Disposition: attachment; name="resume"; filename="cv.pdf"\r\n`
            : `Content-Disposition: form-data; ${disposition}\r\n`;
      const res = await send(
        `--${BOUNDARY}\r\n${header}Content-Type: application/pdf\r\n\r\n${file}\r\n`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.BAD_REQUEST);
      expect(res.json().detail).toMatch(/A part of the form could not be read/);
    });

    it('given a part whose disposition comes after 20 other headers, then 400: headers past the 20th are not read', async () => {
      const junk = Array.from({ length: 20 }, (_, i) => `X-Junk-${i}: ${i}\r\n`).join('');
      const res = await send(
        `--${BOUNDARY}\r\n${junk}Content-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n\r\n${file}\r\n`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/A part of the form could not be read/);
      // 19 others and the disposition: read, and the part is the resume.
      const fits = await send(
        `--${BOUNDARY}\r\n${junk.replace(/X-Junk-19[^\n]*\n/, '')}Content-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n\r\n${file}\r\n`,
      );
      expect(fits.statusCode).toBe(201);
    });

    it('given a field name over 100 bytes, then 413 without echoing it', async () => {
      const name = 'n'.repeat(5000);
      const res = await send(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nvalue\r\n`,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'Field names are at most 100 bytes',
        code: CODES.TOO_LARGE,
      });
    });

    describe('a form over its bound', () => {
      const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
      const fieldPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`;
      const request = (framing: string) =>
        `POST /api/spartan_join/apply-spartan/ HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART_TYPE}\r\n${framing}\r\n`;
      const filler = Buffer.alloc(64 * 1024, 'x');
      const chunk = Buffer.concat([
        Buffer.from(`${filler.length.toString(16)}\r\n`),
        filler,
        Buffer.from('\r\n'),
      ]);

      /**
       * Sends `head`, then `more` over and over until the server answers (at most 64 MB, then
       * waits). Resolves with the answer, how much was sent when it came, and once the server has
       * closed the connection (a reset included: it closes with the rest of the body unread).
       */
      const endless = (head: string, more: Buffer | null) =>
        new Promise<{ text: string; sentBeforeAnswer: number }>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          let text = '';
          let sent = 0;
          let sentBeforeAnswer = -1;
          socket.on('data', (data: Buffer) => {
            if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
            text += data.toString('latin1');
          });
          socket.on('error', () => undefined); // a reset after the answer: 'close' follows
          socket.on('close', () => resolve({ text, sentBeforeAnswer }));
          const pump = () => {
            while (more && sentBeforeAnswer < 0 && !socket.destroyed && sent < 64 * 1024 ** 2) {
              sent += more.length;
              if (!socket.write(more)) return void socket.once('drain', pump);
            }
          };
          socket.on('connect', () => {
            socket.write(head);
            pump();
          });
        });

      const expectRefused = (text: string, detail: string) => {
        expect(text).toMatch(/^HTTP\/1.1 413 /);
        expect(text).toMatch(/\r\nconnection: close\r\n/i);
        expect(jsonOf(text)).toEqual({ detail, code: CODES.TOO_LARGE });
      };

      it('given a form declared larger than 5.5 MB, then 413 before its body is read, and the connection closes', async () => {
        const before = await storedFiles();
        const res = await endless(request('Content-Length: 300000000\r\n') + filePart, null);
        expectRefused(res.text, 'The form is too large: the resume must be at most 5 MB');
        expect(await storedFiles()).toEqual(before);
      });

      it.each([
        ['a resume', filePart, 'The resume must be at most 5 MB'],
        ['a field', fieldPart, 'The form is too large: the resume must be at most 5 MB'],
      ])(
        'given %s that grows past its bound as it arrives, then 413 once it does, the rest unread',
        async (_label, part, detail) => {
          const before = await storedFiles();
          const opening = Buffer.from(part);
          const res = await endless(
            request('Transfer-Encoding: chunked\r\n') +
              `${opening.length.toString(16)}\r\n${part}\r\n`,
            chunk,
          );
          expectRefused(res.text, detail);
          // Answered when the bound was passed, not at the end of the 64 MB sent at most.
          expect(res.sentBeforeAnswer).toBeLessThan(16 * 1024 ** 2);
          expect(await storedFiles()).toEqual(before);
        },
      );
    });

    it('given a name of exactly 100 bytes, then it is an unknown field, named', async () => {
      const name = 'é'.repeat(50);
      const res = await send(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${Buffer.from(name).toString('latin1')}"\r\n\r\nvalue\r\n`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.INVALID_FORM);
      expect(Object.keys(res.json().errors)).toEqual([name]);
    });
  });
}
