/**
 * The resume upload: reading the multipart body within bounds, recognising
 * the file by its content, and reducing its name to a safe display name.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_RESUME_BYTES } from '../content/forms.ts';
import { UNKNOWN_FIELD, type FieldErrors } from '../schemas/errors.ts';
import {
  ApiError,
  ERR_BAD_REQUEST,
  ERR_INVALID_FORM,
  ERR_TOO_LARGE,
  ERR_UNSUPPORTED_MEDIA_TYPE,
} from './api-errors.ts';
import { REPEATED_FIELD } from './validation.ts';

export type ResumeKind = 'pdf' | 'doc' | 'docx';

export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP_END_SIZE = 22;
/** More central-directory entries than any real .docx holds: refuse rather than walk them. */
const ZIP_MAX_ENTRIES = 5000;

/**
 * True if `buf` is a zip whose central directory lists `word/document.xml`.
 * Reads only the end record and the central directory, every offset bounds-checked;
 * nothing is decompressed.
 */
export function isDocx(buf: Buffer): boolean {
  if (buf.length < ZIP_END_SIZE + 30 || buf.readUInt32LE(0) !== ZIP_LOCAL) return false;
  const lowest = Math.max(0, buf.length - ZIP_END_SIZE - 0xffff);
  let end = -1;
  for (let i = buf.length - ZIP_END_SIZE; i >= lowest; i -= 1) {
    if (buf.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const entries = buf.readUInt16LE(end + 10);
  const cdSize = buf.readUInt32LE(end + 12);
  const cdOffset = buf.readUInt32LE(end + 16);
  if (entries === 0 || entries > ZIP_MAX_ENTRIES || cdOffset + cdSize > end) return false;
  let p = cdOffset;
  for (let n = 0; n < entries; n += 1) {
    if (p + 46 > end || buf.readUInt32LE(p) !== ZIP_CENTRAL) return false;
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd > end) return false;
    if (buf.toString('utf8', p + 46, nameEnd) === 'word/document.xml') return true;
    p = nameEnd + extraLength + commentLength;
  }
  return false;
}

/** What the file is, by its content alone; null if none of the accepted kinds. */
export function sniffResume(buf: Buffer): ResumeKind | null {
  if (buf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (buf.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return 'doc';
  if (isDocx(buf)) return 'docx';
  return null;
}

const MAX_NAME = 100;

/**
 * A display name for an uploaded file: the last path segment, without control,
 * format (bidi) or separator characters, anything outside letters, digits and
 * ` ._()+-` replaced, at most 100 characters, ending in the extension of its real kind.
 */
export function safeDisplayName(original: string, kind: ResumeKind): string {
  const last = original.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N} ._()+-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_{2,}/g, '_');
  const base = cleaned
    .replace(/\.[^.]*$/, '')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, MAX_NAME)
    .trim();
  return `${base || 'resume'}.${kind}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  return disposition('attachment', name);
}

/** `Content-Disposition: inline`, the file's name given as attachmentDisposition gives it. */
export function inlineDisposition(name: string): string {
  return disposition('inline', name);
}

function disposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields, each sent once (null prototype: any name is just a key). */
  fields: Record<string, string>;
  file: UploadedFile | undefined;
  /** Problems found while reading (repeated or unknown parts). */
  errors: FieldErrors;
}

export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 4 * 1024,
  fields: 20,
  fileSize: MAX_RESUME_BYTES,
  files: 1,
  parts: 25,
  headerPairs: 20,
};

/**
 * Counts the parts of a multipart body as it streams past, by its delimiters
 * (`CRLF--boundary`, or `--boundary` at the very start), so that a part the parser skipped
 * (no `form-data` disposition, no name, a name it cannot decode) is noticed instead of lost.
 * Buffer.indexOf is native: a 5 MB body costs next to nothing.
 */
export class PartCounter {
  private readonly delimiter: Buffer;
  /** The last bytes seen (one fewer than a delimiter): a delimiter may span two chunks. */
  private tail = Buffer.from('\r\n'); // the first delimiter may open the body without CRLF
  /** Delimiters seen so far: the parts are one fewer (the last closes the body). */
  delimiters = 0;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  private count(data: Buffer): number {
    let n = 0;
    for (let at = data.indexOf(this.delimiter); at >= 0; n += 1) {
      at = data.indexOf(this.delimiter, at + this.delimiter.length);
    }
    return n;
  }

  /** Counts the delimiters in `chunk` (and across its start), copying no more than a few bytes. */
  push(chunk: Buffer): void {
    const keep = this.delimiter.length - 1;
    // Those that span the join: the tail is too short to hold a whole one.
    this.delimiters += this.count(Buffer.concat([this.tail, chunk.subarray(0, keep)]));
    this.delimiters += this.count(chunk);
    this.tail =
      chunk.length >= keep
        ? Buffer.from(chunk.subarray(chunk.length - keep))
        : Buffer.concat([this.tail, chunk]).subarray(-keep);
  }

  get parts(): number {
    return Math.max(0, this.delimiters - 1);
  }
}

function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const ERR_UNREADABLE_PART = () =>
  ERR_BAD_REQUEST(
    'A part of the form could not be read (each part needs a Content-Disposition of form-data with a name, and a readable file name)',
  );

/** Field names longer than this (in bytes) are refused: the parser itself does not bound them. */
export const MAX_FIELD_NAME_BYTES = 100;

/**
 * The most a whole multipart body may hold: the resume, and room to spare for the fields (20 of
 * 4 KB at most) and the parts' headers. A body declared larger is refused before a byte of it is
 * read; one that grows larger as it arrives (chunked, or lying about its length) is refused as
 * soon as it does. Either way the answer closes the connection (server/app.ts), so the rest of
 * the body is never read.
 */
const MAX_MULTIPART_BYTES = MAX_RESUME_BYTES + 512 * 1024;

const ERR_RESUME_TOO_LARGE = () => ERR_TOO_LARGE('The resume must be at most 5 MB');
const ERR_FORM_TOO_LARGE = () =>
  ERR_TOO_LARGE('The form is too large: the resume must be at most 5 MB');

/**
 * A file part's bytes; refused the moment they pass the size limit, not at the part's end.
 * Each chunk is copied as it arrives into one buffer of `bound` bytes (the body's length, which
 * the file cannot exceed), instead of being gathered and joined at the end: on a virtual machine
 * where first touching fresh memory is slow, joining 5 MB at once held the event loop for about
 * 20 ms (the bench machine); copied chunk by chunk, that cost is spread over the upload.
 */
async function readFile(part: MultipartFile, bound: number): Promise<Buffer> {
  // Destroying the stream also stops the parser: the iteration of parts ends with it.
  part.file.once('limit', () => part.file.destroy(ERR_RESUME_TOO_LARGE()));
  let buffer = Buffer.alloc(0);
  let length = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (length + chunk.length > buffer.length) {
      // allocUnsafe: no byte is read before it is written; untouched pages cost nothing.
      const larger = Buffer.allocUnsafe(Math.max(bound, 2 * (length + chunk.length)));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    chunk.copy(buffer, length);
    length += chunk.length;
  }
  return buffer.subarray(0, length);
}

/** Reads a multipart body with at most one file part named `fileField`; bounded everywhere. */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw ERR_UNSUPPORTED_MEDIA_TYPE('multipart/form-data');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_MULTIPART_BYTES) throw ERR_FORM_TOO_LARGE();
  // The most a file part can hold: the body's length when it is declared, else the file limit.
  const fileBound = Math.min(declared > 0 ? declared : MAX_RESUME_BYTES, MAX_RESUME_BYTES);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  let file: UploadedFile | undefined;
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) throw ERR_BAD_REQUEST('Malformed multipart body');
  const counter = new PartCounter(boundary);
  // Settles only if the body outgrows its bound; raced against every wait on the parser below.
  let received = 0;
  let outgrown: (err: ApiError) => void = () => undefined;
  const tooLarge = new Promise<never>((_resolve, reject) => (outgrown = reject));
  tooLarge.catch(() => undefined); // seen through the races below; never unhandled
  const onData = (chunk: Buffer) => {
    counter.push(chunk);
    received += chunk.length;
    if (received > MAX_MULTIPART_BYTES) {
      request.raw.off('data', onData);
      request.raw.unpipe(); // the parser is fed no more; the answer closes the connection
      outgrown(ERR_FORM_TOO_LARGE());
    }
  };
  // Beside the parser's pipe: sees every chunk, changes nothing in the flow.
  request.raw.on('data', onData);
  let read = 0;
  try {
    const parts = request.parts({ limits: MULTIPART_LIMITS })[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), tooLarge]);
      if (next.done) break;
      const part = next.value;
      read += 1;
      const name = part.fieldname as string | undefined;
      if (typeof name !== 'string') throw ERR_UNREADABLE_PART();
      if (Buffer.byteLength(name) > MAX_FIELD_NAME_BYTES) {
        // Drained, not echoed: a name this long is no field of ours.
        if (part.type === 'file') part.file.resume();
        throw ERR_TOO_LARGE(`Field names are at most ${MAX_FIELD_NAME_BYTES} bytes`);
      }
      if (part.type === 'file') {
        const data = await Promise.race([readFile(part, fileBound), tooLarge]);
        if (name !== fileField) errors[name] = UNKNOWN_FIELD;
        // A form whose file input was left empty sends an empty, nameless part.
        else if (data.length > 0 || part.filename) file = { filename: part.filename, data };
        continue;
      }
      if (name === fileField) errors[name] = 'Attach the file itself';
      else if (name in fields) errors[name] = REPEATED_FIELD;
      else if (part.valueTruncated) errors[name] = 'This value is too long';
      else if (typeof part.value !== 'string') errors[name] = 'Send this field as plain text';
      else fields[name] = part.value;
    }
  } catch (err) {
    throw multipartError(err);
  } finally {
    request.raw.off('data', onData);
  }
  if (counter.parts > read) throw ERR_UNREADABLE_PART();
  return { fields, file, errors };
}

function multipartError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return ERR_RESUME_TOO_LARGE();
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return ERR_TOO_LARGE('Too many parts in the form: send one file and the form fields');
    case 'FST_PROTO_VIOLATION':
      return ERR_INVALID_FORM({ ['__proto__']: UNKNOWN_FIELD });
    default:
      // Truncated or malformed bodies (busboy: unexpected end, bad headers, no boundary).
      return ERR_BAD_REQUEST('Malformed multipart body');
  }
}

/** Multipart bodies within MULTIPART_LIMITS, for every route ('multipart-uploads'). */
export const multipartUploads = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  },
  { name: 'multipart-uploads' },
);
