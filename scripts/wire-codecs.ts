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
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { z } from 'zod';
import * as common from '../src/shared/api/common.ts';
import * as customerSchemas from '../src/shared/api/customer-schemas.ts';
import { errorResponseSchema, type AnyCall } from '../src/shared/api/define.ts';
import * as loan from '../src/shared/api/loan.ts';
import * as membership from '../src/shared/api/membership.ts';
import * as stored from '../src/lib/storage/stored-schemas.ts';
import * as statuses from '../src/shared/statuses.ts';
import { isStorableText } from '../src/shared/text.ts';

/** A generated file: the contract entries and the named schemas it carries codecs of. */
interface Target {
  /** Path from the repository's root. */
  readonly file: string;
  readonly about: string;
  /** Contract entries, by the file that defines them (a path from the repository's root). */
  readonly calls: readonly { readonly module: string; readonly entries: readonly AnyCall[] }[];
  /** Codecs exported as `<name>Codec` (or `storedCodecs.<name>` with `storedCodecs`), with their schema's module. */
  readonly schemas: readonly { readonly module: string; readonly name: string; readonly schema: z.ZodType }[];
  /**
   * Export the codecs as one object (`name`), keyed like the object of schemas they come from (`from`, exported by
   * the schemas' module), instead of one `<name>Codec` const each.
   */
  readonly group?: { readonly name: string; readonly from: string };
  /** An earlier target whose named codecs this one imports instead of writing them again. */
  readonly reuses?: string;
}

export const TARGETS: readonly Target[] = [
  {
    file: 'src/shared/api/wire/generated.ts',
    about: "The first load's calls (the calculator's quotes, the session's) and the spec's error shape.",
    calls: [
      { module: 'src/shared/api/loan.ts', entries: [loan.PaymentDatePost, loan.PaymentPlansPost] },
      {
        module: 'src/shared/api/membership.ts',
        entries: [membership.TokenGet, membership.MemberDetailsGet, membership.LogoutPost],
      },
    ],
    schemas: [{ module: 'src/shared/api/define.ts', name: 'errorResponse', schema: errorResponseSchema }],
  },
  {
    file: 'src/lib/storage/stored-codecs.ts',
    about: "The persisted atoms' values (atoms.ts), by the atom's key.",
    calls: [],
    schemas: Object.entries(stored.storedSchemas).map(([name, schema]) => ({
      module: 'src/lib/storage/stored-schemas.ts',
      name,
      schema,
    })),
    group: { name: 'storedCodecs', from: 'storedSchemas' },
    reuses: 'src/shared/api/wire/generated.ts',
  },
];

/** Exported schemas whose names the generated code reuses (a schema used twice is written once). */
const NAMED_SCHEMAS: Readonly<Record<string, unknown>> = { ...common, ...loan, ...customerSchemas, ...stored };

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The lists an enum may have been built from (`z.enum(customerStatuses)`): the codec reads the same list instead of
 * a copy of it (modules without zod, already in the first load).
 */
const ENUM_LISTS: readonly { readonly module: string; readonly lists: Readonly<Record<string, unknown>> }[] = [
  { module: 'src/shared/statuses.ts', lists: statuses },
];

/** Checks written as functions (zod's `.refine`) that the codecs run too: the function, its message, its module. */
const KNOWN_CHECKS = new Map<unknown, { readonly name: string; readonly message: string; readonly module: string }>([
  [isStorableText, { name: 'isStorableText', message: 'UNSTORABLE_TEXT_MESSAGE', module: 'src/shared/text.ts' }],
]);

// zod's definitions, as far as the generator reads them.
interface Check {
  readonly check: string;
  readonly format?: string;
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: RegExp;
  readonly fn?: unknown;
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
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
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

/** The known function checks of a schema (in order), refusing any other. */
function functionChecks(def: Def, where: string) {
  return (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.check === 'custom')
    .map((check) => {
      const known = KNOWN_CHECKS.get(check.fn);
      if (!known) throw new Unsupported(where, 'a check written as a function (refine)');
      return known;
    });
}

function stringArgs(def: Def, where: string): string {
  if (def.coerce) throw new Unsupported(where, 'a coerced string');
  const parts: string[] = [];
  if (def.format !== undefined) {
    if (!PATTERN_FORMATS.has(def.format) || !def.pattern) throw new Unsupported(where, `the format '${def.format}'`);
    parts.push(`pattern: ${String(def.pattern)}`);
  }
  for (const check of checksOf(def, where, ['min_length', 'max_length', 'string_format', 'custom'])) {
    if (check.check === 'custom') continue; // functionChecks
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
  readonly checks = new Set<{ readonly name: string; readonly message: string; readonly module: string }>();
  private readonly names = new Map<unknown, string>();
  /** Consts of an earlier target (`reuses`) this file imports, and those it used. */
  private readonly reusable: ReadonlyMap<z.ZodType, string>;
  readonly imported = new Set<string>();
  /** Lists of ENUM_LISTS the codecs read, as JSON [module, name]. */
  readonly lists = new Set<string>();
  /** Export the named consts (another target reuses them). */
  exportConsts = false;

  constructor(reusable: ReadonlyMap<z.ZodType, string> = new Map()) {
    this.reusable = reusable;
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
      ...(def.valueType ? [def.valueType] : []),
    ];
  }

  /** The expression of a schema, or the name of its const. */
  /** The named consts written (schema → name). */
  get written(): ReadonlyMap<z.ZodType, string> {
    return this.constNames;
  }

  node(schema: z.ZodType, where: string): string {
    const known = this.constNames.get(schema);
    if (known) return known;
    const reused = this.reusable.get(schema);
    if (reused) {
      this.imported.add(reused);
      return reused;
    }
    const named = this.names.get(schema);
    const expression = this.expression(schema, where);
    if (named === undefined && (this.seen.get(schema) ?? 0) < 2) return expression;
    let name = named ?? `shared${this.constNames.size + 1}`;
    while ([...this.constNames.values()].includes(name)) name = `${name}_`;
    this.constNames.set(schema, name);
    this.consts.push(`${this.exportConsts ? 'export ' : ''}const ${name} = ${expression};`);
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
      case 'string': {
        let expression = `${this.use('string')}(${stringArgs(def, where)})`;
        for (const check of functionChecks(def, where)) {
          this.checks.add(check);
          expression = `${this.use('refine')}(${expression}, ${check.name}, ${check.message})`;
        }
        return expression;
      }
      case 'number':
        return `${this.use('number')}(${numberArgs(def, where)})`;
      case 'boolean':
        checksOf(def, where, []);
        return `${this.use('boolean')}()`;
      case 'literal':
        checksOf(def, where, []);
        return `${this.use('oneOf')}([${(def.values ?? []).map(literal).join(', ')}])`;
      case 'enum': {
        checksOf(def, where, []);
        const values = Object.values(def.entries ?? {});
        for (const { module, lists } of ENUM_LISTS) {
          const found = Object.entries(lists).find(
            ([, list]) =>
              Array.isArray(list) &&
              list.length === values.length &&
              list.every((value, index) => value === values[index]),
          );
          if (found) {
            this.lists.add(JSON.stringify([module, found[0]]));
            return `${this.use('oneOf')}(${found[0]})`;
          }
        }
        return `${this.use('oneOf')}([${values.map(literal).join(', ')}])`;
      }
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
      case 'unknown':
        checksOf(def, where, []);
        return `${this.use('unknown')}()`;
      case 'record': {
        checksOf(def, where, []);
        const keyType = def.keyType ? defOf(def.keyType) : undefined;
        if (keyType?.type !== 'string' || (keyType.checks ?? []).length > 0 || keyType.format !== undefined) {
          throw new Unsupported(where, 'a record whose keys are not plain strings');
        }
        return `${this.use('record')}(${this.node(def.valueType as z.ZodType, `${where}{}`)})`;
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

/** The ENUM_LISTS a writer used, by module. */
function listImports(writer: Writer): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const entry of writer.lists) {
    const [module, name] = JSON.parse(entry) as [string, string];
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  return byModule;
}

const importPath = (from: string, to: string) => {
  const path = relative(dirname(join(ROOT, from)), join(ROOT, to));
  return path.startsWith('.') ? path : `./${path}`;
};

/** A generated module's text (formatted with the project's Prettier settings). */
export async function generateWireCodecs(target: Target): Promise<string> {
  return format(writeTarget(target).source, {
    ...(await resolveConfig(join(ROOT, target.file))),
    filepath: join(ROOT, target.file),
  });
}

function writeTarget(target: Target): { writer: Writer; source: string } {
  const earlier = target.reuses ? TARGETS.find((other) => other.file === target.reuses) : undefined;
  if (target.reuses && !earlier) throw new Error(`wire-codecs: ${target.file} reuses an unknown target`);
  const writer = new Writer(earlier ? writeTarget(earlier).writer.written : new Map());
  writer.exportConsts = TARGETS.some((other) => other.reuses === target.file);
  const calls = target.calls.flatMap(({ entries }) => entries);
  for (const call of calls) {
    if (call.multipart) throw new Unsupported(call.name, 'a multipart body');
    if (call.hasBody) writer.count(call.body);
    writer.count(call.response);
  }
  for (const { schema } of target.schemas) writer.count(schema);

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
  const schemaCodecs = target.schemas.map(({ name, schema }) => ({
    name,
    expression: `codec(${writer.node(schema, name)})`,
  }));
  if (target.group) {
    exports.push(
      `export const ${target.group.name}: { readonly [Key in keyof typeof ${target.group.from}]: ZodCodec<(typeof ${target.group.from})[Key]> } = {`,
      ...schemaCodecs.map(({ name, expression }) => `  ${name}: ${expression},`),
      `};`,
    );
  } else {
    for (const { name, expression } of schemaCodecs) {
      exports.push(
        `/** \`${name}Schema\`. */`,
        `export const ${name}Codec: ZodCodec<typeof ${name}Schema> = ${expression};`,
      );
    }
  }

  const light = 'src/shared/api/wire/';
  const typeImports = new Map<string, string[]>();
  for (const { module, entries } of target.calls) {
    typeImports.set(
      module,
      entries.map((call) => `${call.name} as ${call.name}Entry`),
    );
  }
  if (target.group) {
    // One object of codecs keyed by name: the schemas come from the object the generator read.
    const module = target.schemas[0]?.module;
    if (module) typeImports.set(module, [...(typeImports.get(module) ?? []), target.group.from]);
  } else {
    for (const { module, name } of target.schemas) {
      typeImports.set(module, [...(typeImports.get(module) ?? []), `${name}Schema`]);
    }
  }
  const source = [
    '// Generated by scripts/wire-codecs.ts from zod schemas (npm run generate:wire): do not edit.',
    `// ${target.about}`,
    ...[...typeImports].map(
      ([module, names]) => `import type { ${names.join(', ')} } from '${importPath(target.file, module)}';`,
    ),
    ...[...writer.checks].map(
      (check) => `import { ${check.name}, ${check.message} } from '${importPath(target.file, check.module)}';`,
    ),
    ...[...listImports(writer)].map(
      ([module, names]) => `import { ${names.sort().join(', ')} } from '${importPath(target.file, module)}';`,
    ),
    ...(writer.imported.size && target.reuses
      ? [`import { ${[...writer.imported].sort().join(', ')} } from '${importPath(target.file, target.reuses)}';`]
      : []),
    ...(writer.leaves.size
      ? [`import { ${[...writer.leaves].sort().join(', ')} } from '${importPath(target.file, `${light}leaves.ts`)}';`]
      : []),
    `import { codec, ${[...writer.helpers].sort().join(', ')} } from '${importPath(target.file, `${light}light.ts`)}';`,
    `import type { ${[...(calls.length ? ['LightCall'] : []), ...(target.schemas.length ? ['ZodCodec'] : [])].join(', ')} } from '${importPath(target.file, `${light}light-call.ts`)}';`,
    '',
    ...writer.consts,
    '',
    ...exports,
    '',
  ].join('\n');
  return { writer, source };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const target of TARGETS) {
    writeFileSync(join(ROOT, target.file), await generateWireCodecs(target));
    process.stdout.write(`wrote ${target.file}\n`);
  }
}
