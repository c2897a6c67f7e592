/**
 * Photos are made smaller in the browser before they are uploaded (identity documents, card proofs): a phone's
 * 12-megapixel picture of a DNI becomes at most 2000 px on its long side, JPEG at quality 0.85, which keeps the text
 * readable and the upload short on a mobile connection. PDFs, Word files, GIFs (maybe animated), SVGs and images the
 * browser cannot decode (HEIC on most browsers) are sent as they are, and so is a photo already small enough.
 *
 * The decision and the arithmetic are plain functions; decoding and encoding (createImageBitmap and a canvas) come
 * in as `ImageCodec`, so everything but those two lines is tested without a canvas.
 */

export const MAX_LONG_SIDE_PX = 2000;
export const JPEG_QUALITY = 0.85;
const JPEG = 'image/jpeg';

/** Image types a canvas can decode everywhere and that lose nothing that matters as a JPEG. */
const SCALABLE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp']);

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Whether a file is worth decoding to scale it: a photo type the browser draws (never a PDF or a document). */
export const isScalableImage = (file: { readonly type: string }): boolean =>
  SCALABLE_TYPES.has(file.type.toLowerCase());

/**
 * The size that fits `maxSide` on the long side, keeping the aspect ratio (whole pixels, at least 1), or null when
 * the image already fits.
 */
export function scaledSize({ width, height }: Size, maxSide = MAX_LONG_SIDE_PX): Size | null {
  const longSide = Math.max(width, height);
  if (!(longSide > maxSide) || width <= 0 || height <= 0) return null;
  const ratio = maxSide / longSide;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
  };
}

/** The name of the re-encoded file: the same base name with `.jpg`. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'foto'}.jpg`;
}

/** Decoding and encoding, the browser's part. */
export interface DecodedImage extends Size {
  close(): void;
}
export interface ImageCodec {
  decode(file: Blob): Promise<DecodedImage>;
  /** Draws the decoded image (what `decode` gave) at `size` and encodes it. */
  encode(image: DecodedImage, size: Size, type: string, quality: number): Promise<Blob>;
}

/**
 * The file to upload: a scalable photo larger than `maxSide` re-encoded as a JPEG of at most `maxSide`; anything
 * else (or a photo the browser fails to decode or encode, or whose JPEG would be larger) the file itself.
 */
export async function prepareForUpload(
  file: File,
  codec: ImageCodec | null = browserCodec(),
  maxSide = MAX_LONG_SIDE_PX,
): Promise<File> {
  if (!codec || !isScalableImage(file)) return file;
  let image: DecodedImage | undefined;
  try {
    image = await codec.decode(file);
    const target = scaledSize(image, maxSide);
    if (!target) return file;
    const blob = await codec.encode(image, target, JPEG, JPEG_QUALITY);
    if (blob.size === 0 || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: JPEG, lastModified: file.lastModified });
  } catch (error) {
    console.warn('The photo could not be made smaller; it is sent as it is', error);
    return file;
  } finally {
    image?.close();
  }
}

/** createImageBitmap and a canvas (OffscreenCanvas where there is one); null where the browser has neither. */
export function browserCodec(): ImageCodec | null {
  if (typeof createImageBitmap !== 'function') return null;
  return {
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
    encode: async (decoded, { width, height }, type, quality) => {
      const image = decoded as ImageBitmap;
      if (typeof OffscreenCanvas === 'function') {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2d context');
        context.drawImage(image, 0, 0, width, height);
        return canvas.convertToBlob({ type, quality });
      }
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2d context');
      context.drawImage(image, 0, 0, width, height);
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No blob'))), type, quality),
      );
    },
  };
}
