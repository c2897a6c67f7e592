import type { FastifyInstance } from 'fastify';
import { LruCache } from '../lru-cache.ts';
import { deepFreeze } from './deep-freeze.ts';

/**
 * Kept request bodies: the request-side twin of `validatedAnswer` (./serializer.ts). The home calculator's call is
 * public, read-only and asked with the same few bodies by every marketing visit (the representative quote, then a
 * slider's positions). In a scope that calls `keepIdenticalBodies`, a JSON body is parsed once per distinct text:
 * the same text again gets the same deep-frozen value, and the validator (./validation.ts) answers that value's
 * validated result from the first time, per schema, instead of walking and parsing the same data again.
 *
 * Only for calls whose body holds nothing personal (no phone, DNI, password or token may sit in a process cache),
 * and only small bodies, in a bounded LRU. The value is frozen, so no handler can change what a later request gets:
 * a handler that tried would throw, in every test of its route. Nothing else changes: Fastify's own JSON parser
 * (the same poisoning rules) parses a text the first time, a text that fails to parse is never kept, and a body
 * that fails validation is validated (and fails) every time.
 */

/** Texts longer than this are parsed every time (the calculator's body is about 300 characters). */
export const KEPT_BODY_MAX_LENGTH = 4_096;
export const KEPT_BODY_CAPACITY = 500;

/** Validated results of kept bodies, by the kept value, per schema (a scope may have several calls). */
const validatedByBody = new WeakMap<object, Map<unknown, unknown>>();

/** Parse identical JSON texts once in `scope` (an encapsulated plugin holding only the calls that may keep bodies). */
export function keepIdenticalBodies(
  scope: FastifyInstance,
  { maxLength = KEPT_BODY_MAX_LENGTH, capacity = KEPT_BODY_CAPACITY } = {},
): void {
  const { onProtoPoisoning, onConstructorPoisoning } = scope.initialConfig;
  const parse = scope.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  const kept = new LruCache<string, object>(capacity);
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length > maxLength) return parse(request, text, done);
    const value = kept.get(text);
    if (value !== undefined) return done(null, value);
    parse(request, text, (error, parsed) => {
      if (!error && parsed !== null && typeof parsed === 'object') {
        kept.set(text, deepFreeze(parsed));
        validatedByBody.set(parsed, new Map());
      }
      done(error, parsed);
    });
  });
}

/** The validated result of a kept body for `schema`, or undefined (not a kept body, or not validated yet). */
export function keptValidation(schema: unknown, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return undefined;
  return validatedByBody.get(data)?.get(schema);
}

/** Keeps `value` (frozen) as the validated result of `data` for `schema` when `data` is a kept body. */
export function keepValidation<T>(schema: unknown, data: unknown, value: T): T {
  if (data === null || typeof data !== 'object') return value;
  const results = validatedByBody.get(data);
  if (results === undefined) return value;
  results.set(schema, deepFreeze(value));
  return value;
}
