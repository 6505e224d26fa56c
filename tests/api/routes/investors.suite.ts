/** Investor applications (server/routes/investors.ts), in the API suite. */
import { describe, expect, it } from 'vitest';
import { CODES } from '../../../server/api-errors.ts';
import { investorPayload, MULTIPART_TYPE, multipartBody } from '../fixtures.ts';
import { type ApiHarness, UUID } from '../setup/api.ts';

export function investorTests(h: ApiHarness): void {
  const { call, staff, invest, unique } = h;

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
}
