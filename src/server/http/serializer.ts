import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deepFreeze } from './deep-freeze.ts';

/**
 * The response serializer: fastify-type-provider-zod's (every answer is encoded with the route's zod response
 * schema, then `JSON.stringify`), plus one shortcut for answers that were validated once and kept.
 *
 * `validatedAnswer(schema, value)` encodes `value` with `schema` once, stores the JSON, and deep-freezes `value`
 * so it can never differ from what was checked. When a route's `{ data }` answer is exactly such a value and the
 * route's data schema is that very schema, the stored JSON is sent (kept as bytes): the same bytes the zod serializer
 * would write, without validating the same frozen object again on every request. Anything else goes through zod as
 * before.
 */

interface Validated {
  readonly schema: z.ZodType;
  readonly json: string;
  /**
   * `{"data":…}` around `json` as UTF-8 bytes, made on the first send and kept: no new 2-3 kB string per request,
   * and Node writes the bytes as they are instead of flattening and encoding the string into the socket each time.
   * Never written to (nothing in the server edits a payload in place).
   */
  envelope?: Buffer;
}

const validated = new WeakMap<object, Validated>();

/**
 * `value`, checked against `schema` now (throws the zod error when it fails) and frozen, its JSON kept. Sent as
 * bytes (see `Validated.envelope`): for calls that are not `idempotent` (an idempotent call's onSend stores text
 * answers only, ./idempotency.ts; PaymentPlansPost, the one user, is a public quote).
 */
export function validatedAnswer<S extends z.ZodType, T extends z.output<S> & object>(schema: S, value: T): T {
  const encoded = z.encode(schema, value);
  validated.set(deepFreeze(value), { schema, json: JSON.stringify(encoded) });
  return value;
}

/** The data schema of a `{ data }` envelope (`dataEnvelope(call.response)`), or undefined for any other schema. */
function envelopeDataSchema(schema: unknown): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const keys = Object.keys(schema.shape);
  return keys.length === 1 && keys[0] === 'data' ? (schema.shape['data'] as z.ZodType) : undefined;
}

export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const dataSchema = envelopeDataSchema(route.schema);
  if (!dataSchema) return serialize;
  return (payload) => {
    if (payload !== null && typeof payload === 'object') {
      const data = (payload as { data?: unknown }).data;
      if (data !== null && typeof data === 'object') {
        const hit = validated.get(data);
        if (hit?.schema === dataSchema && Object.keys(payload).length === 1) {
          // Fastify sends a Buffer from a serializer as it sends a string (same Content-Type, set before, and
          // Content-Length); its types only name the string.
          return (hit.envelope ??= Buffer.from(`{"data":${hit.json}}`, 'utf8')) as unknown as string;
        }
      }
    }
    return serialize(payload);
  };
};
