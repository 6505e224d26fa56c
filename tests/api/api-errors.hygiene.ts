/**
 * Refusals before any route, in the API's error shape (server/api-errors.ts), in the error-hygiene
 * suite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../server/api-errors.ts';
import { type HygieneHarness, jsonOf, rawExchange } from './setup/hygiene.ts';

export function refusalTests(h: HygieneHarness): void {
  let port = 0;
  beforeAll(() => {
    ({ port } = h);
  });

  describe('refusals before any route', () => {
    const head = (line: string, ...headers: string[]) =>
      [line, 'Host: x', 'Connection: close', ...headers, '', ''].join('\r\n');
    // Each path the framework (Fastify, Node's HTTP parser) refuses on: the body names it by code.
    it.each([
      ['a URL that cannot be decoded', head('GET /api/%zz/ HTTP/1.1'), 400, CODES.BAD_URL],
      [
        'a JSON body over the limit',
        head(
          'POST /api/investors/join_investor/ HTTP/1.1',
          'Content-Type: application/json',
          'Content-Length: 20000',
        ),
        413,
        CODES.TOO_LARGE,
      ],
      [
        'a content type no call takes',
        head(
          'POST /api/investors/join_investor/ HTTP/1.1',
          'Content-Type: text/plain',
          'Content-Length: 5',
        ) + 'hello',
        415,
        CODES.UNSUPPORTED_MEDIA_TYPE,
      ],
      [
        'headers over 16 KB',
        head('GET /api/health HTTP/1.1', `X-Big: ${'a'.repeat(17 * 1024)}`),
        431,
        CODES.HEADERS_TOO_LARGE,
      ],
      ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400, CODES.MALFORMED_HTTP],
      ['an API path no route has', head('GET /api/nothing-here/ HTTP/1.1'), 404, CODES.NOT_FOUND],
      [
        'an HTTP/1.1 request without Host',
        'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n',
        400,
        CODES.BAD_REQUEST,
      ],
      // An OPTIONS that is no CORS preflight (no Origin, or no method asked for): 405.
      [
        'an OPTIONS with neither Origin nor a method asked for',
        head('OPTIONS /api/spartan_join/apply-spartan/ HTTP/1.1'),
        405,
        CODES.METHOD_NOT_ALLOWED,
      ],
      [
        'an OPTIONS with an Origin but no method asked for',
        head('OPTIONS /api/investors/join_investor/ HTTP/1.1', 'Origin: https://partner.example'),
        405,
        CODES.METHOD_NOT_ALLOWED,
      ],
      [
        'an OPTIONS asking for a method, with no Origin',
        head('OPTIONS /api/health HTTP/1.1', 'Access-Control-Request-Method: GET'),
        405,
        CODES.METHOD_NOT_ALLOWED,
      ],
    ])('given %s, then %i with its code', async (_label, request, status, code) => {
      const res = await rawExchange(port, (s) => s.write(request));
      expect(res.text).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(res.text).toMatch(/\r\ncontent-type: application\/json/i);
      expect(jsonOf(res.text)).toEqual({ detail: expect.any(String), code });
    });

    it.each([
      ['GET', '/api/spartan_join/apply-spartan/', 'POST'],
      ['POST', '/api/health', 'GET, HEAD'],
      ['PUT', '/api/staff/users/00000000-0000-4000-8000-000000000000/', 'PATCH, DELETE'],
    ])(
      'given %s on %s, a path that takes other methods, then 405 naming them in Allow',
      async (method, url, allow) => {
        const res = await rawExchange(port, (s) =>
          s.write(
            `${method} ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
          ),
        );
        expect(res.text).toMatch(/^HTTP\/1.1 405 /);
        expect(res.text).toMatch(new RegExp(`\r\nallow: ${allow}\r\n`, 'i'));
        expect(jsonOf(res.text)).toEqual({
          detail: `Method not allowed: use ${allow.split(', ').join(' or ')}`,
          code: CODES.METHOD_NOT_ALLOWED,
        });
      },
    );

    it('given a URL that cannot be decoded, then 400 in the API shape', async () => {
      const res = await rawExchange(port, (s) =>
        s.end('GET /api/%zz/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      expect(res.text).toMatch(/^HTTP\/1.1 400/);
      expect(jsonOf(res.text)).toEqual({ detail: 'Malformed URL', code: CODES.BAD_URL });
    });

    it('given headers over 16 KB, then 431 in the API shape; just under, then served', async () => {
      const big = await rawExchange(port, (s) =>
        s.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`),
      );
      expect(big.text).toMatch(/^HTTP\/1.1 431/);
      expect(jsonOf(big.text)).toEqual({
        detail: 'Request headers are too large',
        code: CODES.HEADERS_TOO_LARGE,
      });
      const fits = await rawExchange(port, (s) =>
        s.write(
          `GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(15 * 1024)}\r\n\r\n`,
        ),
      );
      expect(fits.text).toMatch(/^HTTP\/1.1 200/);
    });

    it('given bytes that are not HTTP, then 400 in the API shape', async () => {
      const res = await rawExchange(port, (s) => s.write('HELLO THERE\r\n\r\n'));
      expect(res.text).toMatch(/^HTTP\/1.1 400/);
      expect(jsonOf(res.text)).toEqual({
        detail: 'Malformed HTTP request',
        code: CODES.MALFORMED_HTTP,
      });
    });
  });
}
