/**
 * Invisible characters in names staff see, and text that is not text (server/validation.ts), in
 * the error-hygiene suite.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../server/api-errors.ts';
import { MULTIPART_TYPE, multipartBody, pdf, spartanFields } from './fixtures.ts';
import { freshIp } from './harness.ts';
import { type HygieneHarness } from './setup/hygiene.ts';

export function textTests(h: HygieneHarness): void {
  const { storedFiles, invest, staffCall } = h;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
  });

  describe('names staff see', () => {
    const hidden: Array<[string, string]> = [
      ['a C1 control (U+0085)', 'Ada\u0085Lovelace'],
      ['a NUL', 'Ada\u0000'],
      ['a right-to-left override (U+202E)', 'Ada\u202Eecalevol'],
      ['a zero-width space (U+200B)', 'A\u200Bda'],
      ['a word joiner (U+2060)', 'Ada\u2060 Lovelace'],
      ['an invisible operator (U+2064)', 'Ada\u2064'],
      ['a byte-order mark inside (U+FEFF)', 'Ada\uFEFFLovelace'],
      ['a soft hyphen (U+00AD)', 'Love\u00ADlace'],
      ['a zero-width joiner that joins no letters', 'Ada\u200D Lovelace'],
      ['a lone surrogate (U+D800)', 'Ada\uD800 Lovelace'],
      ['a replacement character (U+FFFD)', 'Ada\uFFFD'],
    ];

    it.each(hidden)(
      'given an applicant name with %s, then 400 on the name',
      async (_label, fullname) => {
        const res = await invest({ fullname });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.INVALID_FORM);
        expect(Object.keys(res.json().errors)).toEqual(['fullname']);
      },
    );

    it('given a Persian name with a zero-width non-joiner between letters, then it is stored', async () => {
      const res = await invest({ fullname: 'علی\u200Cرضا Karimi' });
      expect(res.statusCode).toBe(201);
    });

    it('given a message with the right-to-left mark an Arabic keyboard types, then it is stored; with an override, 400 on the message', async () => {
      const message = 'مرحبا\u200F، I would like to invest.';
      const res = await invest({ message });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.message).toBe(message);
      const spoof = await invest({ message: 'Hello \u202Eworld' });
      expect(spoof.statusCode).toBe(400);
      expect(Object.keys(spoof.json().errors)).toEqual(['message']);
    });

    it.each(hidden)(
      'given a staff display name with %s, then 400 on create and on rename',
      async (_label, name) => {
        const created = await staffCall('POST', '/api/staff/users/', {
          username: `n${crypto.randomBytes(3).toString('hex')}`,
          name,
          role: 'reviewer',
          setup: 'link',
        });
        expect(created.statusCode).toBe(400);
        expect(created.json().code).toBe(CODES.INVALID_FORM);
        expect(Object.keys(created.json().errors)).toEqual(['name']);
        const list = await staffCall('GET', '/api/staff/users/');
        const me = list.json().data.find((u: { username: string }) => u.username === 'tidy');
        const renamed = await staffCall('PATCH', `/api/staff/users/${me.id}/`, { name });
        expect(renamed.statusCode).toBe(400);
        expect(renamed.json().code).toBe(CODES.INVALID_FORM);
        expect(Object.keys(renamed.json().errors)).toEqual(['name']);
      },
    );

    it('given an ordinary staff display name, then it is kept', async () => {
      const created = await staffCall('POST', '/api/staff/users/', {
        username: `n${crypto.randomBytes(3).toString('hex')}`,
        name: 'Zoë Ó Briain-Ng',
        role: 'reviewer',
        setup: 'link',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.name).toBe('Zoë Ó Briain-Ng');
    });
  });

  describe('text that is not text', () => {
    it('given form fields whose bytes are not UTF-8, then 400 naming them, nothing stored', async () => {
      const before = await storedFiles();
      const body = multipartBody(spartanFields({ fullname: 'Ada ZZ', location: 'Lagos ZZ' }), [
        { filename: 'cv.pdf', data: pdf() },
      ]);
      // "ZZ" becomes a byte sequence no UTF-8 text has (a lone continuation byte, an overlong "/").
      const bytes = Buffer.from(
        body.toString('latin1').replace('Ada ZZ', 'Ada \x80').replace('Lagos ZZ', 'Lagos \xc0\xaf'),
        'latin1',
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/spartan_join/apply-spartan/',
        headers: { 'content-type': MULTIPART_TYPE },
        payload: bytes,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.INVALID_FORM);
      expect(res.json().errors).toEqual({
        fullname: 'Remove characters that could not be read (\uFFFD)',
        location: 'Remove characters that could not be read (\uFFFD)',
      });
      expect(await storedFiles()).toEqual(before);
    });

    it('given a message with a lone surrogate, then 400 on the message; with an emoji, stored as sent', async () => {
      const lone = await invest({ message: 'Hello \uD83D there' });
      expect(lone.statusCode).toBe(400);
      expect(lone.json().errors).toEqual({
        message: 'Remove characters that could not be read (\uFFFD)',
      });
      const emoji = await invest({ message: 'Hello \uD83D\uDE00 there' });
      expect(emoji.statusCode).toBe(201);
      expect(emoji.json().data.message).toBe('Hello \u{1F600} there');
    });
  });
}
