import { describe, expect, it, vi } from 'vitest';
import {
  isScalableImage,
  jpegName,
  prepareForUpload,
  scaledSize,
  type DecodedImage,
  type ImageCodec,
} from '../../../../src/lib/files/downscale.ts';

const file = (name: string, type: string, size = 5_000_000) =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });

function fakeCodec(width: number, height: number, outputSize = 400_000) {
  const closed = vi.fn();
  const encode = vi.fn((_image: DecodedImage, _size: { width: number; height: number }, type: string) =>
    Promise.resolve(new Blob([new Uint8Array(outputSize)], { type })),
  );
  const codec: ImageCodec = {
    decode: vi.fn(() => Promise.resolve({ width, height, close: closed })),
    encode,
  };
  return { codec, encode, closed };
}

describe('downscale before upload: the arithmetic', () => {
  it('fits the long side to 2000 px keeping the aspect ratio', () => {
    expect(scaledSize({ width: 4000, height: 3000 })).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize({ width: 3024, height: 4032 })).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize({ width: 8000, height: 1 })).toEqual({ width: 2000, height: 1 });
  });

  it('leaves an image that already fits', () => {
    expect(scaledSize({ width: 2000, height: 1200 })).toBeNull();
    expect(scaledSize({ width: 800, height: 600 })).toBeNull();
    expect(scaledSize({ width: 0, height: 0 })).toBeNull();
  });

  it('scales JPEG, PNG and WebP photos only (never PDFs, documents, GIFs, SVGs or HEIC)', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(isScalableImage({ type })).toBe(true);
    for (const type of ['application/pdf', 'application/msword', 'image/gif', 'image/svg+xml', 'image/heic', ''])
      expect(isScalableImage({ type })).toBe(false);
  });

  it('names the new file .jpg', () => {
    expect(jpegName('dni-front.PNG')).toBe('dni-front.jpg');
    expect(jpegName('IMG_0001.jpeg')).toBe('IMG_0001.jpg');
    expect(jpegName('sin-extension')).toBe('sin-extension.jpg');
  });
});

describe('downscale before upload: the decision', () => {
  it('re-encodes a large photo as a JPEG at quality 0.85 within 2000 px, and frees the decoded image', async () => {
    const { codec, encode, closed } = fakeCodec(4032, 3024);
    const result = await prepareForUpload(file('IMG_0001.png', 'image/png'), codec);
    expect(result.name).toBe('IMG_0001.jpg');
    expect(result.type).toBe('image/jpeg');
    expect(result.size).toBe(400_000);
    expect(encode).toHaveBeenCalledWith(expect.anything(), { width: 2000, height: 1500 }, 'image/jpeg', 0.85);
    expect(closed).toHaveBeenCalled();
  });

  it('sends a PDF untouched without decoding it', async () => {
    const { codec } = fakeCodec(4000, 3000);
    const pdf = file('dni.pdf', 'application/pdf');
    expect(await prepareForUpload(pdf, codec)).toBe(pdf);
    expect(codec.decode).not.toHaveBeenCalled();
  });

  it('sends a small photo as it is', async () => {
    const { codec, encode } = fakeCodec(1600, 1200);
    const photo = file('dni.jpg', 'image/jpeg');
    expect(await prepareForUpload(photo, codec)).toBe(photo);
    expect(encode).not.toHaveBeenCalled();
  });

  it('keeps the original when decoding fails, when the JPEG would be larger, or without a canvas', async () => {
    const photo = file('dni.jpg', 'image/jpeg', 300_000);
    const failing: ImageCodec = { decode: () => Promise.reject(new Error('HEIC')), encode: vi.fn() };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await prepareForUpload(photo, failing)).toBe(photo);
    expect(await prepareForUpload(photo, fakeCodec(4000, 3000, 500_000).codec)).toBe(photo);
    expect(await prepareForUpload(photo, null)).toBe(photo);
  });
});
