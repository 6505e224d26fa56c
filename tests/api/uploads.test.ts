/** The upload checks on their own: content sniffing, zip parsing bounds, display names. */
import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  isDocx,
  PartCounter,
  safeDisplayName,
  sniffResume,
} from '../../server/uploads.ts';
import { BOUNDARY, doc, docx, exe, HTML, multipartBody, pdf, zip } from './fixtures.ts';

describe('resume content check', () => {
  it('given each accepted kind, then it is recognised by its bytes', () => {
    expect(sniffResume(pdf())).toBe('pdf');
    expect(sniffResume(doc())).toBe('doc');
    expect(sniffResume(docx())).toBe('docx');
  });

  it('given look-alikes, then nothing is recognised', () => {
    expect(sniffResume(exe())).toBeNull();
    expect(sniffResume(HTML)).toBeNull();
    expect(sniffResume(Buffer.alloc(0))).toBeNull();
    expect(sniffResume(zip({ 'xl/workbook.xml': '<x/>' }))).toBeNull();
  });

  it('given corrupt zips, then the parser stays in bounds and says no', () => {
    const good = docx();
    const end = good.length - 22;
    const lying = Buffer.from(good);
    lying.writeUInt32LE(0xfffffff0, end + 16); // central directory "offset" past the end
    expect(isDocx(lying)).toBe(false);
    const many = Buffer.from(good);
    many.writeUInt16LE(0xffff, end + 10); // more entries than present
    expect(isDocx(many)).toBe(false);
    const longName = Buffer.from(good);
    const cd = good.readUInt32LE(end + 16);
    longName.writeUInt16LE(0xffff, cd + 28); // a name running past the directory
    expect(isDocx(longName)).toBe(false);
    expect(isDocx(good.subarray(0, good.length - 10))).toBe(false); // truncated
  });
});

describe('display names', () => {
  it.each([
    ['../../etc/passwd.pdf', 'pdf', 'passwd.pdf'],
    ['C:\\temp\\My CV.docx', 'docx', 'My CV.docx'],
    ['résumé – final.pdf', 'pdf', 'résumé _ final.pdf'],
    ['evil\u202egnp.pdf', 'pdf', 'evilgnp.pdf'],
    ['a\r\nContent-Type: text/html.pdf', 'pdf', 'html.pdf'],
    ['', 'doc', 'resume.doc'],
    ['x'.repeat(300) + '.pdf', 'pdf', 'x'.repeat(100) + '.pdf'],
    ['report.exe', 'pdf', 'report.pdf'],
  ] as const)('given %j, then %s', (original, kind, expected) => {
    expect(safeDisplayName(original, kind)).toBe(expected);
  });

  it('given a UTF-8 name, then the disposition has an ASCII fallback and the encoded name', () => {
    expect(attachmentDisposition('résumé "1".pdf')).toBe(
      `attachment; filename="r_sum_ _1_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%221%22.pdf`,
    );
  });
});

describe('counting multipart parts as the body streams', () => {
  it('given a body cut into chunks of every size, then every part is counted once', () => {
    const body = multipartBody({ a: '1', b: 'two', c: '--' + BOUNDARY.slice(0, 10) }, [
      { filename: 'cv.pdf', data: pdf(5000) },
    ]);
    for (const size of [
      1,
      2,
      3,
      7,
      13,
      BOUNDARY.length,
      BOUNDARY.length + 3,
      64,
      4096,
      body.length,
    ]) {
      const counter = new PartCounter(BOUNDARY);
      for (let at = 0; at < body.length; at += size) counter.push(body.subarray(at, at + size));
      expect(counter.parts, `chunks of ${size}`).toBe(4);
    }
  });
});
