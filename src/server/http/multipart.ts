import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import { ApiError, HttpError } from './errors.ts';
import { VALIDATION_PREFIX } from './validation.ts';

/**
 * Multipart bodies (uploads) for the contract's `multipart: true` entries (define.ts), through @fastify/multipart.
 * The plugin lives only in the scope of the upload routes (`registerMultipart`, which the document module calls
 * around its uploads): every other route runs none of its hooks (an async onRequest and onResponse hook per
 * request). Everywhere else a multipart body is refused with 415 in the error shape, as any body type without a
 * parser: by Fastify's content-type check on the routes, and by the not-found handler (`hasMultipartBody`) for
 * paths no route serves (Fastify lets unknown types through to it).
 *
 * `readMultipartBody` streams the parts of one request into a plain object of fields — text fields as strings,
 * files as bytes (a `Buffer`, which is the `Uint8Array` the contract's `fileSchema` takes) — that the entry's body
 * schema then validates like any JSON body. A file is read into memory only up to the limit: the first byte past it
 * aborts the read and answers 413, so nothing of an oversized file is kept or stored.
 */

/** A file's limit: 10,000,000 bytes (second document §5, §9). */
export const UPLOAD_FILE_LIMIT_BYTES = UPLOAD_MAX_BYTES;
/** A text field's limit (the contract's longest text field of an upload is 255 characters). */
export const MULTIPART_FIELD_LIMIT_BYTES = 16_384;
const MAX_FIELDS = 20;
const MAX_PARTS = 25;

export const MULTIPART_MESSAGES = {
  fileTooLarge: `El archivo supera el tamaño máximo permitido de ${UPLOAD_FILE_LIMIT_BYTES / 1e6} MB.`,
  tooLarge: 'La solicitud es demasiado grande.',
  malformed: `${VALIDATION_PREFIX}: el formulario multipart está mal formado.`,
  repeated: (field: string) => `${VALIDATION_PREFIX}: ${field} (Campo repetido).`,
  unexpectedFile: (field: string) => `${VALIDATION_PREFIX}: ${field} (Este campo no admite archivos).`,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart body (a `multipart: true` contract entry). */
    multipart?: boolean;
  }
}

const MULTIPART = 'multipart/form-data';
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * A request with a multipart body, told from its headers (the body is not read): what the plugin's content-type
 * parser would have taken. The not-found handler answers it 415, like a route that takes no upload.
 */
export const hasMultipartBody = (request: FastifyRequest): boolean =>
  request.mediaType === MULTIPART && !BODYLESS_METHODS.has(request.method);

/**
 * Registers @fastify/multipart in `scope`: an encapsulated scope that holds the upload routes and nothing else
 * (registerCall refuses an upload outside such a scope; this refuses any other route inside it).
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES, parts: MAX_PARTS } });
  scope.addHook('onRoute', (route) => {
    if (!route.config?.multipart) throw new Error(`${route.method} ${route.url}: only uploads go in the upload scope`);
  });
}

/** Whether `scope` reads multipart bodies (`registerMultipart` was called in it or above it). */
export const readsMultipart = (scope: FastifyInstance): boolean => scope.hasRequestDecorator('isMultipart');

export interface MultipartReadOptions {
  /** The fields that carry a file; a file in any other field is refused. */
  fileFields: ReadonlySet<string>;
  fileLimitBytes?: number;
}

const fileTooLarge = () => new HttpError('PayloadTooLarge', MULTIPART_MESSAGES.fileTooLarge);

/** Reads a file part, refusing it at the first byte past `limit`. */
async function readFileWithin(file: AsyncIterable<Buffer> & { truncated?: boolean }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > limit || file.truncated) throw fileTooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw fileTooLarge();
  return Buffer.concat(chunks, size);
}

/** A plugin or parser error as the 4xx it is (every error while reading the parts is the client's body). */
function asClientError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError('PayloadTooLarge', MULTIPART_MESSAGES.tooLarge);
    default:
      return new HttpError('ValidationError', MULTIPART_MESSAGES.malformed);
  }
}

/**
 * The fields of a multipart request: `{ name: 'dni.jpg', document: <Buffer …> }`. 415 when the request is not
 * multipart; 413 for a file over the limit, a field over 16 KB or too many parts; 400 for a malformed body, a
 * repeated field or a file where a text field belongs.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  options: MultipartReadOptions,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw new HttpError('UnsupportedMediaType');
  const limit = options.fileLimitBytes ?? UPLOAD_FILE_LIMIT_BYTES;
  const body: Record<string, unknown> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: limit,
        files: Math.max(1, options.fileFields.size),
        fields: MAX_FIELDS,
        parts: MAX_PARTS,
        fieldSize: MULTIPART_FIELD_LIMIT_BYTES,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (Object.hasOwn(body, name)) throw new HttpError('ValidationError', MULTIPART_MESSAGES.repeated(name));
      if (part.type === 'file') {
        if (!options.fileFields.has(name))
          throw new HttpError('ValidationError', MULTIPART_MESSAGES.unexpectedFile(name));
        body[name] = await readFileWithin(part.file, limit);
      } else {
        if (part.valueTruncated) throw new HttpError('PayloadTooLarge', MULTIPART_MESSAGES.tooLarge);
        if (part.fieldnameTruncated) throw new HttpError('ValidationError', MULTIPART_MESSAGES.malformed);
        body[name] = part.value;
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  return body;
}
