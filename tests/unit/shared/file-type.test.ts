import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../src/shared/file-type.ts';
import { SAMPLE_FILES, zipWith } from '../../server/helpers/multipart.ts';

/** The type of an upload from its first bytes (second document §5), never from its name. */

describe('detectFileType', () => {
  it('recognises the accepted images and documents by their magic numbers', () => {
    const expected: Record<keyof typeof SAMPLE_FILES, string> = {
      jpeg: 'image/jpeg',
      png: 'image/png',
      gif: 'image/gif',
      webp: 'image/webp',
      heic: 'image/heic',
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    for (const [kind, mimeType] of Object.entries(expected))
      expect(detectFileType(SAMPLE_FILES[kind as keyof typeof SAMPLE_FILES])?.mimeType, kind).toBe(mimeType);
  });

  it('recognises HEIF, AVIF and a HEIC named only in the compatible brands', () => {
    const ftyp = (major: string, compatible = '') =>
      new Uint8Array(
        Buffer.concat([
          Buffer.from([0, 0, 0, 16 + compatible.length]),
          Buffer.from(`ftyp${major}\0\0\0\0${compatible}`),
        ]),
      );
    expect(detectFileType(ftyp('mif1'))?.mimeType).toBe('image/heif');
    expect(detectFileType(ftyp('avif'))?.mimeType).toBe('image/avif');
    expect(detectFileType(ftyp('isom', 'mp41heic'))?.mimeType).toBe('image/heic');
    expect(detectFileType(ftyp('isom', 'mp41mp42'))).toBeNull();
  });

  it('refuses text, SVG, HTML, an empty file, a ZIP that is not a Word file and truncated signatures', () => {
    for (const text of ['hola', '<svg xmlns="http://www.w3.org/2000/svg"/>', '<!doctype html>', 'GIF8', '%PD'])
      expect(detectFileType(new Uint8Array(Buffer.from(text))), text).toBeNull();
    expect(detectFileType(new Uint8Array(0))).toBeNull();
    expect(detectFileType(zipWith(['xl/workbook.xml', 'docProps/app.xml']))).toBeNull();
    expect(detectFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
    expect(detectFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});
