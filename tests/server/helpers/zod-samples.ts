import type { z } from 'zod';

/**
 * Reading zod schemas for the bad-input suite: a valid sample of any schema (candidate values tried against each
 * field), a value of the wrong kind for a field, the fields of a sample with their paths.
 */

export type Schema = z.ZodType;
export type Path = Array<string | number>;

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string }; optin?: 'optional' | 'defaulted' };
}

const internals = (schema: Schema) => (schema as unknown as ZodInternals)._zod;
export const typeOf = (schema: Schema) => internals(schema).def.type;
const defOf = <T = unknown>(schema: Schema, key: string) => internals(schema).def[key] as T;
export const isValid = (schema: Schema, value: unknown) => schema.safeParse(value).success;

/** Wrappers whose inner schema describes the value. */
function innerOf(schema: Schema): Schema | null {
  switch (typeOf(schema)) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return defOf<Schema>(schema, 'innerType');
    case 'lazy':
      return defOf<() => Schema>(schema, 'getter')();
    case 'pipe':
      return defOf<Schema>(schema, 'in');
    default:
      return null;
  }
}

function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    const inner = innerOf(current);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

export const isRequired = (schema: Schema) => internals(schema).optin === undefined;

const stringCandidates = (() => {
  const fixed = [
    'Ana',
    '612345678',
    '28013',
    '1234',
    'A1B2',
    '12345678Z',
    'X1234567L',
    'ana@example.com',
    '2025-03-01',
    '2025-03-01T10:00:00.000Z',
    '10:00:00',
    // A wall-clock time of the day (call timing definitions).
    '10:00',
    'https://example.com/',
    '4111111111111111',
    'ES9121000418450200051332',
    '00000000-0000-4000-8000-000000000000',
    'Calle Mayor 1',
    '+34',
    'es',
    // A SHA-256 in hex (a document's digest).
    '0'.repeat(64),
  ];
  const lengths = Array.from({ length: 40 }, (_, i) => i + 1);
  return [...fixed, ...lengths.map((n) => 'a'.repeat(n)), ...lengths.map((n) => '1'.repeat(n))];
})();
const numberCandidates = [
  1, 12, 2500, 3000, 0, 2, 4, 5, 10, 16, 20, 24, 30, 100, 500, 1000, 2000, 5000, 10_000, 0.5, -1,
];
/** The file of an upload (`fileSchema`): the first bytes of a real JPEG. */
export const SAMPLE_FILE_BYTES = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
]);
const scalarCandidates: unknown[] = [...stringCandidates, ...numberCandidates, true, false, null, SAMPLE_FILE_BYTES];

/** A value the schema accepts, or undefined when none was found. */
export function sampleOf(schema: Schema, depth = 0): unknown {
  if (depth > 8) return undefined;
  const base = unwrap(schema);
  let candidate: unknown;
  switch (typeOf(base)) {
    case 'object': {
      const shape = defOf<Record<string, Schema>>(base, 'shape');
      const all: Record<string, unknown> = {};
      const required: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = sampleOf(field, depth + 1);
        if (value === undefined) continue;
        all[key] = value;
        if (isRequired(field)) required[key] = value;
      }
      candidate = isValid(schema, all) ? all : required;
      break;
    }
    case 'array': {
      const element = sampleOf(defOf<Schema>(base, 'element'), depth + 1);
      for (let n = 1; n <= 5; n += 1) {
        const list = Array.from({ length: n }, () => structuredClone(element));
        if (isValid(schema, list)) return list;
      }
      candidate = [];
      break;
    }
    case 'tuple':
      candidate = defOf<Schema[]>(base, 'items').map((item) => sampleOf(item, depth + 1));
      break;
    case 'record':
      candidate = {};
      break;
    case 'union':
      for (const option of defOf<Schema[]>(base, 'options')) {
        const value = sampleOf(option, depth + 1);
        if (value !== undefined && isValid(schema, value)) return value;
      }
      return undefined;
    case 'literal':
      candidate = defOf<unknown[]>(base, 'values')[0];
      break;
    case 'enum':
      candidate = Object.values(defOf<Record<string, unknown>>(base, 'entries'))[0];
      break;
    default:
      return scalarCandidates.find((value) => isValid(schema, value));
  }
  return isValid(schema, candidate)
    ? candidate
    : (scalarCandidates.find((value) => isValid(schema, value)) ?? candidate);
}

/** A JSON value of the wrong kind for the field (preferring another type than the valid one). */
export function wrongJsonValue(schema: Schema, valid: unknown): unknown {
  const candidates: unknown[] = [12345, 'texto-no-valido', true, ['x'], { campo: 1 }, -1, ''];
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  const failing = candidates.filter((value) => !isValid(schema, value));
  return failing.find((value) => kind(value) !== kind(valid)) ?? failing[0];
}

/** A query/path string the field refuses. */
export function wrongStringValue(schema: Schema): string | undefined {
  return ['texto-no-valido', '-1', '0', '1.5', 'x'.repeat(300), ''].find((value) => !isValid(schema, value));
}

export interface Field {
  path: Path;
  schema: Schema;
  required: boolean;
}

/** Every field of a sample, depth first: object keys and the first element of arrays. */
export function fieldsOf(schema: Schema, sample: unknown, path: Path = []): Field[] {
  const base = unwrap(schema);
  const type = typeOf(base);
  const fields: Field[] = [];
  if (type === 'object' && sample && typeof sample === 'object') {
    for (const [key, field] of Object.entries(defOf<Record<string, Schema>>(base, 'shape'))) {
      const value = (sample as Record<string, unknown>)[key];
      fields.push({ path: [...path, key], schema: field, required: isRequired(field) });
      if (value !== undefined && value !== null) fields.push(...fieldsOf(field, value, [...path, key]));
    }
  } else if (type === 'array' && Array.isArray(sample) && sample.length > 0) {
    const element = defOf<Schema>(base, 'element');
    fields.push(...fieldsOf(element, sample[0], [...path, 0]));
  }
  return fields;
}

/** A deep copy with the value at `path` replaced (or deleted when `value` is the DELETE marker). */
export const DELETE = Symbol('delete');
export function withValue(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return copy;
}
