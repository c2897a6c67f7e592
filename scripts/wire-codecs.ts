/**
 * Writes `src/shared/api/wire/generated.ts`: zod-free codecs (src/shared/api/wire/light.ts) of the contract entries a
 * first visit of `/` calls, and of the error shape, read from the contract's zod schemas. A first visit then needs
 * neither zod nor the contract's schema modules (~22 KB gzip).
 *
 *   npm run generate:wire          # writes the file
 *
 * The generator knows a small set of zod constructs (objects, arrays, strings, numbers, booleans, enums, literals,
 * unions, optional, nullable, and the codecs registered in `wireCodecLeaves`) and throws on anything else, so a
 * contract change it cannot express fails here instead of shipping a codec that accepts something else. The unit
 * tests check that the file is what this writes today and that each codec behaves as its zod schema.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { z } from 'zod';
import * as common from '../src/shared/api/common.ts';
import { errorResponseSchema, type AnyCall } from '../src/shared/api/define.ts';
import * as quotes from '../src/shared/api/quotes.ts';

/** The entries generated, by the contract file that defines them (import paths relative to the generated file). */
const ENTRIES: readonly { readonly module: string; readonly calls: readonly AnyCall[] }[] = [
  { module: '../quotes.ts', calls: [quotes.PaymentDatePost, quotes.PaymentPlansPost] },
];

/** Exported schemas whose names the generated code reuses (a schema used twice is written once). */
const NAMED_SCHEMAS: Readonly<Record<string, unknown>> = { ...common, ...quotes };

export const GENERATED_FILE = fileURLToPath(new URL('../src/shared/api/wire/generated.ts', import.meta.url));

// zod's definitions, as far as the generator reads them.
interface Check {
  readonly check: string;
  readonly format?: string;
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: RegExp;
}
interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: Check } }[];
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly innerType?: z.ZodType;
  readonly values?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly coerce?: boolean;
  readonly in?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

class Unsupported extends Error {
  constructor(where: string, what: string) {
    super(`wire-codecs: ${where}: ${what} has no zod-free codec (extend scripts/wire-codecs.ts and its tests)`);
  }
}

/** String formats whose only check is their pattern (zod's `z.iso.date()`, `z.iso.datetime()`, `.regex()`). */
const PATTERN_FORMATS = new Set(['date', 'datetime', 'time', 'regex']);

const literal = (value: unknown): string => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  throw new Error(`wire-codecs: the literal ${String(value)} is not a JSON primitive`);
};

function checksOf(def: Def, where: string, allowed: readonly string[]): Check[] {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  for (const check of checks) {
    if (!allowed.includes(check.check)) throw new Unsupported(where, `the check '${check.check}'`);
  }
  return checks;
}

function numberArgs(def: Def, where: string, { ignoreCustom = false } = {}): string {
  if (def.coerce) throw new Unsupported(where, 'a coerced number');
  const parts: string[] = [];
  const allowed = ['number_format', 'greater_than', 'less_than', ...(ignoreCustom ? ['custom'] : [])];
  for (const check of checksOf(def, where, allowed)) {
    if (check.check === 'number_format') {
      if (check.format !== 'safeint') throw new Unsupported(where, `the number format '${check.format}'`);
      parts.push('int: true');
    } else if (check.check === 'greater_than') {
      parts.push(`${check.inclusive ? 'gte' : 'gt'}: ${check.value}`);
    } else if (check.check === 'less_than') {
      parts.push(`${check.inclusive ? 'lte' : 'lt'}: ${check.value}`);
    }
  }
  return parts.length === 0 ? '' : `{ ${parts.join(', ')} }`;
}

function stringArgs(def: Def, where: string): string {
  if (def.coerce) throw new Unsupported(where, 'a coerced string');
  const parts: string[] = [];
  if (def.format !== undefined) {
    if (!PATTERN_FORMATS.has(def.format) || !def.pattern) throw new Unsupported(where, `the format '${def.format}'`);
    parts.push(`pattern: ${String(def.pattern)}`);
  }
  for (const check of checksOf(def, where, ['min_length', 'max_length', 'string_format'])) {
    if (check.check === 'min_length') parts.push(`min: ${check.minimum}`);
    else if (check.check === 'max_length') parts.push(`max: ${check.maximum}`);
    else if (check.format === 'regex' && check.pattern) parts.push(`pattern: ${String(check.pattern)}`);
    else throw new Unsupported(where, `the string check '${check.format}'`);
  }
  if (parts.filter((part) => part.startsWith('pattern')).length > 1) throw new Unsupported(where, 'two patterns');
  return parts.length === 0 ? '' : `{ ${parts.join(', ')} }`;
}

class Writer {
  /** Schema → the const it is written in (named exports, and any schema met twice). */
  private readonly constNames = new Map<z.ZodType, string>();
  private readonly seen = new Map<z.ZodType, number>();
  readonly consts: string[] = [];
  readonly helpers = new Set<string>();
  readonly leaves = new Set<string>();
  private readonly names = new Map<unknown, string>();

  constructor() {
    for (const [name, value] of Object.entries(NAMED_SCHEMAS)) {
      if (value && typeof value === 'object' && '_zod' in value && !this.names.has(value)) {
        this.names.set(value, name.replace(/Schema$/, ''));
      }
    }
  }

  /** First pass: how often each schema object is met (a schema met twice gets a const). */
  count(schema: z.ZodType): void {
    const times = (this.seen.get(schema) ?? 0) + 1;
    this.seen.set(schema, times);
    if (times > 1) return;
    for (const child of this.children(schema)) this.count(child);
  }

  private children(schema: z.ZodType): z.ZodType[] {
    const def = defOf(schema);
    return [
      ...Object.values(def.shape ?? {}),
      ...(def.element ? [def.element] : []),
      ...(def.options ?? []),
      ...(def.innerType ? [def.innerType] : []),
      ...(def.in ? [def.in] : []),
    ];
  }

  /** The expression of a schema, or the name of its const. */
  node(schema: z.ZodType, where: string): string {
    const known = this.constNames.get(schema);
    if (known) return known;
    const named = this.names.get(schema);
    const expression = this.expression(schema, where);
    if (named === undefined && (this.seen.get(schema) ?? 0) < 2) return expression;
    let name = named ?? `shared${this.constNames.size + 1}`;
    while ([...this.constNames.values()].includes(name)) name = `${name}_`;
    this.constNames.set(schema, name);
    this.consts.push(`const ${name} = ${expression};`);
    return name;
  }

  private use(helper: string): string {
    this.helpers.add(helper);
    return helper;
  }

  private expression(schema: z.ZodType, where: string): string {
    const def = defOf(schema);
    const leaf = common.wireCodecLeaves.get(schema);
    if (leaf === 'cents') {
      this.leaves.add('cents');
      const wire = def.in;
      if (!wire || defOf(wire).type !== 'number') throw new Unsupported(where, 'a cents codec without a wire number');
      const args = numberArgs(defOf(wire), where, { ignoreCustom: true });
      return `cents(${this.use('number')}(${args}))`;
    }
    switch (def.type) {
      case 'string':
        return `${this.use('string')}(${stringArgs(def, where)})`;
      case 'number':
        return `${this.use('number')}(${numberArgs(def, where)})`;
      case 'boolean':
        checksOf(def, where, []);
        return `${this.use('boolean')}()`;
      case 'literal':
        checksOf(def, where, []);
        return `${this.use('oneOf')}([${(def.values ?? []).map(literal).join(', ')}])`;
      case 'enum':
        checksOf(def, where, []);
        return `${this.use('oneOf')}([${Object.values(def.entries ?? {})
          .map(literal)
          .join(', ')}])`;
      case 'optional':
      case 'nullable':
        checksOf(def, where, []);
        return `${this.use(def.type)}(${this.node(def.innerType as z.ZodType, where)})`;
      case 'union': {
        checksOf(def, where, []);
        const options = (def.options ?? []).map((option, index) => this.node(option, `${where}|${index}`));
        return `${this.use('union')}([${options.join(', ')}])`;
      }
      case 'array': {
        const bounds: string[] = [];
        for (const check of checksOf(def, where, ['min_length', 'max_length'])) {
          bounds.push(check.check === 'min_length' ? `min: ${check.minimum}` : `max: ${check.maximum}`);
        }
        const element = this.node(def.element as z.ZodType, `${where}[]`);
        return `${this.use('array')}(${element}${bounds.length ? `, { ${bounds.join(', ')} }` : ''})`;
      }
      case 'object': {
        checksOf(def, where, []);
        const catchall = def.catchall ? defOf(def.catchall).type : undefined;
        if (catchall !== undefined && catchall !== 'never') throw new Unsupported(where, `a '${catchall}' catchall`);
        const fields = Object.entries(def.shape ?? {}).map(([key, value]) => {
          const node = this.node(value, `${where}.${key}`);
          const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
          return node === key ? key : `${name}: ${node}`;
        });
        return `${this.use('object')}({ ${fields.join(', ')} }${catchall === 'never' ? ', { strict: true }' : ''})`;
      }
      default:
        throw new Unsupported(where, `a '${def.type}' schema`);
    }
  }
}

const callFields = (call: AnyCall): string =>
  [
    `name: ${JSON.stringify(call.name)}`,
    `method: ${JSON.stringify(call.method)}`,
    `path: ${JSON.stringify(call.path)}`,
    `auth: ${JSON.stringify(call.auth)}`,
    ...(call.long ? ['long: true'] : []),
    ...(call.idempotent ? ['idempotent: true'] : []),
    ...(call.multipart ? ['multipart: true'] : []),
    `hasBody: ${String(call.hasBody)}`,
    `errors: [${call.errors.map((code) => JSON.stringify(code)).join(', ')}]`,
  ].join(', ');

/** The codec expression of one schema, or the name of the const it would be written in (for the tests). */
export function codecExpression(schema: z.ZodType): string {
  const writer = new Writer();
  writer.count(schema);
  return writer.node(schema, 'schema');
}

/** The generated module's text (formatted with the project's Prettier settings). */
export async function generateWireCodecs(): Promise<string> {
  const writer = new Writer();
  const calls = ENTRIES.flatMap(({ calls }) => calls);
  for (const call of calls) {
    if (call.multipart) throw new Unsupported(call.name, 'a multipart body');
    if (call.hasBody) writer.count(call.body);
    writer.count(call.response);
  }
  writer.count(errorResponseSchema);

  const exports: string[] = [];
  for (const call of calls) {
    const body = call.hasBody ? `codec(${writer.node(call.body, `${call.name} body`)})` : 'null';
    const response = `codec(${writer.node(call.response, `${call.name} response`)})`;
    exports.push(
      `/** ${call.name} (${call.method} ${call.path}). */`,
      `export const ${call.name}: LightCall<typeof ${call.name}Entry> = {`,
      `  ${callFields(call)},`,
      `  body: ${body},`,
      `  response: ${response},`,
      `};`,
    );
  }
  exports.push(
    `/** The spec's error shape (\`errorResponseSchema\`). */`,
    `export const errorResponseCodec = codec<ErrorResponse>(${writer.node(errorResponseSchema, 'errorResponse')});`,
  );

  const entryImports = ENTRIES.map(
    ({ module, calls: entries }) =>
      `import type { ${entries.map((call) => `${call.name} as ${call.name}Entry`).join(', ')} } from '${module}';`,
  );
  const source = [
    "// Generated by scripts/wire-codecs.ts from the contract's zod schemas (npm run generate:wire): do not edit.",
    ...entryImports,
    `import type { ErrorResponse } from '../define.ts';`,
    ...(writer.leaves.size ? [`import { ${[...writer.leaves].sort().join(', ')} } from './leaves.ts';`] : []),
    `import { codec, ${[...writer.helpers].sort().join(', ')} } from './light.ts';`,
    `import type { LightCall } from './light-call.ts';`,
    '',
    ...writer.consts,
    '',
    ...exports,
    '',
  ].join('\n');
  const options = await resolveConfig(GENERATED_FILE);
  return format(source, { ...options, filepath: GENERATED_FILE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, await generateWireCodecs());
  process.stdout.write(`wrote ${GENERATED_FILE}\n`);
}
