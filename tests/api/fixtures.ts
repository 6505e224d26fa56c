/**
 * Request bodies for the API tests: multipart bodies built byte by byte (so
 * tests can also truncate or corrupt them), and real minimal documents of
 * each accepted kind plus hostile look-alikes.
 */
import zlib from 'node:zlib';

export const BOUNDARY = '----spartanTestBoundary7MA4YWxkTrZu0gW';

export interface FilePart {
  name?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body: text fields in order, then the file parts. */
export function multipartBody(
  fields: Array<[string, string]> | Record<string, string>,
  files: FilePart[] = [],
): Buffer {
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  const chunks: Buffer[] = [];
  for (const [name, value] of entries) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name ?? 'resume'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export function spartanFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    job_title: 'Backend Software Engineer',
    fullname: 'Leonidas of Sparta',
    date_of_birth: '1990-04-12',
    location: 'Austin, TX',
    gender: 'Male',
    email: 'leonidas@example.com',
    phone: '+1 (512) 555-0100',
    ...overrides,
  };
}

export function investorPayload(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Gorgo of Sparta',
    email: 'gorgo@example.com',
    phone: '+1 212 555 0199',
    location: 'New York, NY',
    accreditation: 'net_worth',
    investment_range: '$100k–$250k',
    message: 'Interested in the fund.',
    ...overrides,
  };
}

/** A small but well-formed PDF, padded to `size` bytes. */
export function pdf(size = 2048): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n',
  );
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const pad = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([head, Buffer.alloc(pad, 0x20), tail]);
}

/**
 * A PDF a viewer draws: one page showing `text` (ASCII) in Helvetica, with its cross-reference
 * table at the right offsets. Given `script`, the document also opens with that JavaScript
 * action (a file that tries to run a script when read).
 */
export function readablePdf(text: string, script?: string): Buffer {
  const content = `BT /F1 32 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${script ? ' /OpenAction 5 0 R' : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /S /JavaScript /JS (${script ?? ''}) >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A legacy Word file as far as a content check goes: the OLE compound-file header. */
export function doc(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(4096 - header.length, 0)]);
}

/** A zip archive (stored, no compression) holding the given files. */
export function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export function docx(): Buffer {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });
}

/** A Windows executable's first bytes (MZ header). */
export function exe(): Buffer {
  return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(2048, 0)]);
}

export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
