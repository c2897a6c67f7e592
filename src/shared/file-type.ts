/**
 * The type of a file read from its first bytes (magic numbers), never from its name: what the document upload
 * accepts (second document §5: jpg, png, jpeg, gif, pdf, doc, docx and any image). Pure and isomorphic (the server
 * checks every upload with it; a browser may use it on a `File`'s first bytes too).
 *
 * Recognised: JPEG, PNG, GIF, WebP, HEIC/HEIF and AVIF, BMP, TIFF (images); PDF; DOC (an OLE2 compound file);
 * DOCX (a ZIP whose central directory names a `word/` entry). SVG is not taken: it is text that can carry scripts.
 */

export interface DetectedFileType {
  mimeType: string;
  /** The usual extension, without the dot. */
  extension: string;
  kind: 'image' | 'document';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const asciiAt = (bytes: Uint8Array, offset: number, length: number) =>
  bytes.length >= offset + length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : '';

/** ISO base media brands of HEIC/HEIF and AVIF still images. */
const HEIF_BRANDS: Readonly<Record<string, DetectedFileType>> = {
  heic: { mimeType: 'image/heic', extension: 'heic', kind: 'image' },
  heix: { mimeType: 'image/heic', extension: 'heic', kind: 'image' },
  heim: { mimeType: 'image/heic', extension: 'heic', kind: 'image' },
  heis: { mimeType: 'image/heic', extension: 'heic', kind: 'image' },
  hevc: { mimeType: 'image/heic-sequence', extension: 'heic', kind: 'image' },
  hevx: { mimeType: 'image/heic-sequence', extension: 'heic', kind: 'image' },
  mif1: { mimeType: 'image/heif', extension: 'heif', kind: 'image' },
  msf1: { mimeType: 'image/heif-sequence', extension: 'heif', kind: 'image' },
  avif: { mimeType: 'image/avif', extension: 'avif', kind: 'image' },
  avis: { mimeType: 'image/avif', extension: 'avif', kind: 'image' },
};

function heifType(bytes: Uint8Array): DetectedFileType | null {
  if (asciiAt(bytes, 4, 4) !== 'ftyp') return null;
  const major = HEIF_BRANDS[asciiAt(bytes, 8, 4)];
  if (major) return major;
  // The compatible brands follow the minor version, up to the box's size.
  const boxSize = (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!;
  const end = Math.min(bytes.length, boxSize > 16 ? boxSize : 16, 256);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = HEIF_BRANDS[asciiAt(bytes, offset, 4)];
    if (brand) return brand;
  }
  return null;
}

const readUint16 = (bytes: Uint8Array, offset: number) => bytes[offset]! | (bytes[offset + 1]! << 8);
const readUint32 = (bytes: Uint8Array, offset: number) =>
  (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;

/** Whether a ZIP's central directory names an entry under `word/` (a Word document, not any ZIP). */
function isWordZip(bytes: Uint8Array): boolean {
  const END_SIGNATURE = 0x06054b50;
  const CENTRAL_SIGNATURE = 0x02014b50;
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535 bytes, at the end.
  const lowest = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (readUint32(bytes, offset) === END_SIGNATURE) {
      end = offset;
      break;
    }
  }
  if (end < 0) return false;
  const entries = readUint16(bytes, end + 10);
  let offset = readUint32(bytes, end + 16);
  for (let index = 0; index < entries && index < 10_000; index += 1) {
    if (offset + 46 > bytes.length || readUint32(bytes, offset) !== CENTRAL_SIGNATURE) return false;
    const nameLength = readUint16(bytes, offset + 28);
    const extraLength = readUint16(bytes, offset + 30);
    const commentLength = readUint16(bytes, offset + 32);
    if (offset + 46 + nameLength > bytes.length) return false;
    if (asciiAt(bytes, offset + 46, nameLength).startsWith('word/')) return true;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/** The type of `bytes`, or null when it is none of the accepted ones. */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg', kind: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimeType: 'image/png', extension: 'png', kind: 'image' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { mimeType: 'image/gif', extension: 'gif', kind: 'image' };
  if (startsWith(bytes, ascii('RIFF')) && asciiAt(bytes, 8, 4) === 'WEBP')
    return { mimeType: 'image/webp', extension: 'webp', kind: 'image' };
  const heif = heifType(bytes);
  if (heif) return heif;
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26 && readUint32(bytes, 2) === bytes.length)
    return { mimeType: 'image/bmp', extension: 'bmp', kind: 'image' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { mimeType: 'image/tiff', extension: 'tiff', kind: 'image' };
  if (startsWith(bytes, ascii('%PDF-'))) return { mimeType: 'application/pdf', extension: 'pdf', kind: 'document' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { mimeType: 'application/msword', extension: 'doc', kind: 'document' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && isWordZip(bytes))
    return {
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
      kind: 'document',
    };
  return null;
}
