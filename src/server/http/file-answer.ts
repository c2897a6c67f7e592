import type { FastifyReply } from 'fastify';
import type { FileAnswer } from '../../shared/api/common.ts';

/**
 * The answer of a `file` entry of the contract (define.ts): the bytes as they are, with their content type,
 * `content-disposition: inline` (shown by the browser, not saved) with the file's name, `cache-control: no-store`
 * (no browser or proxy keeps a copy of a customer's document) and `x-content-type-options: nosniff` (the content
 * type is the one detected from the bytes at upload; the browser must not guess another).
 */

/** Characters kept as they are in the plain `filename="…"` parameter: printable ASCII but quote, backslash, percent. */
const PLAIN_UNSAFE = /[^\x20-\x7e]|["\\%]/g;

/** A lone surrogate, which encodeURIComponent refuses (replaced by U+FFFD, as String#toWellFormed does). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** RFC 5987 `value-chars`: what encodeURIComponent leaves, minus the characters it leaves that RFC 5987 does not. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `inline; filename="…"; filename*=UTF-8''…` for any name a customer gave (RFC 6266): an ASCII stand-in for old
 * clients and the exact name, percent-encoded, for the rest. Control characters never reach the header.
 */
export function inlineDisposition(filename: string): string {
  const plain = filename.replace(PLAIN_UNSAFE, '_').trim() || 'documento';
  return `inline; filename="${plain}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  const { bytes } = file;
  return reply
    .type(file.contentType)
    .header('content-disposition', inlineDisposition(file.filename))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
