import { randomBytes } from 'node:crypto';

/**
 * Multipart bodies for the upload tests: `formDataBody` encodes a real `FormData` with undici (Node's fetch), as a
 * browser would send it; `multipartBody` writes one by hand (synchronously, for the generated bad-input and fuzz
 * cases) and `rawMultipart` lets a test break it on purpose.
 */

export interface FilePart {
  bytes: Uint8Array;
  filename: string;
  contentType?: string;
}

export type MultipartFields = Record<string, string | FilePart>;

export const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' && value !== null && (value as FilePart).bytes instanceof Uint8Array;

/** A real FormData (files as `File`s) encoded by undici: the payload and its content-type header. */
export async function formDataBody(fields: MultipartFields): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (isFilePart(value)) {
      form.append(
        name,
        new File([new Uint8Array(value.bytes)], value.filename, {
          type: value.contentType ?? 'application/octet-stream',
        }),
      );
    } else form.append(name, value);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** The same encoding written by hand (parts in order, CRLF line ends). */
export function multipartBody(
  fields: MultipartFields,
  boundary = `----prueba${randomBytes(8).toString('hex')}`,
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (isFilePart(value)) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(value.bytes),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Small real file headers (the type check reads only the first bytes) padded to `size`. */
const pad = (head: readonly number[] | Uint8Array, size = 256) => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/** A stored ZIP (no compression) with the given entry names, for DOCX and not-DOCX archives. */
export function zipWith(names: readonly string[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = Buffer.from('<xml/>');
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

export const SAMPLE_FILES = {
  jpeg: pad([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01]),
  png: pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, ...ascii('IHDR')]),
  gif: pad(ascii('GIF89a')),
  webp: pad([...ascii('RIFF'), 0x24, 0x00, 0x00, 0x00, ...ascii('WEBPVP8 ')]),
  heic: pad([0x00, 0x00, 0x00, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0, ...ascii('mif1heic')]),
  pdf: new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')),
  doc: pad([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: zipWith(['[Content_Types].xml', 'word/document.xml']),
} as const;

/** A JPEG header padded with zeros to exactly `size` bytes. */
export const jpegOfSize = (size: number) => pad(SAMPLE_FILES.jpeg.subarray(0, 16), size);

/**
 * A contract body (as the zod samples build it) as multipart fields: bytes become a file part, other values text
 * (objects and lists as JSON text); null and undefined are left out.
 */
export function toMultipartFields(body: unknown): MultipartFields {
  const fields: MultipartFields = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Uint8Array)
      fields[name] = { bytes: value, filename: 'documento.jpg', contentType: 'image/jpeg' };
    else if (isFilePart(value)) fields[name] = value;
    else fields[name] = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  }
  return fields;
}
