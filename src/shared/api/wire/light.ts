/**
 * Wire codecs without zod, for the few calls a first visit of `/` makes (the calculator's quotes) and the error
 * shape: zod and the contract's schemas are ~22 KB gzip that an anonymous visitor who only looks would download for
 * two answers. They are not written by hand: `scripts/wire-codecs/generate.ts` writes `generated.ts` from the
 * contract's zod schemas, refusing any construct it does not know, and the unit tests check that the file is what
 * the generator writes today and that each codec accepts, refuses, decodes and encodes exactly as its zod schema.
 *
 * A codec has the two methods the API client uses on a zod schema, with the same results: `safeParse` (wire →
 * value: an answer) and `safeEncode` (value → wire: a request body). Only the issues' messages differ (here a short
 * English reason, for the developer's log).
 */

export interface WireIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type WireResult<T> =
  | { readonly success: true; readonly data: T; readonly error?: undefined }
  | { readonly success: false; readonly data?: undefined; readonly error: { readonly issues: readonly WireIssue[] } };

export interface WireCodec<Value = unknown, Wire = unknown> {
  safeParse(input: unknown): WireResult<Value>;
  safeEncode(value: Value): WireResult<Wire>;
}

type Direction = 'decode' | 'encode';

/** One node of a codec: returns its output for `input` and records what is wrong in `issues`. */
type Run = (input: unknown, direction: Direction, path: PropertyKey[], issues: WireIssue[]) => unknown;

export interface Node {
  readonly run: Run;
  /** An optional object key (`optional(...)`): absent is fine and stays absent. */
  readonly optional?: boolean;
}

const issue = (issues: WireIssue[], path: readonly PropertyKey[], message: string) => {
  issues.push({ path: [...path], message });
};

export function codec<Value, Wire = unknown>(node: Node): WireCodec<Value, Wire> {
  const run = (input: unknown, direction: Direction): WireResult<never> => {
    const issues: WireIssue[] = [];
    const data = node.run(input, direction, [], issues);
    return issues.length === 0 ? { success: true, data: data as never } : { success: false, error: { issues } };
  };
  return { safeParse: (input) => run(input, 'decode'), safeEncode: (value) => run(value, 'encode') };
}

export interface NumberChecks {
  readonly int?: boolean;
  readonly gt?: number;
  readonly gte?: number;
  readonly lt?: number;
  readonly lte?: number;
}

/** zod's `z.number()` (finite numbers only) with its `int` (safe integer), bound checks. */
export const number = (checks: NumberChecks = {}): Node => ({
  run: (input, _direction, path, issues) => {
    if (typeof input !== 'number' || !Number.isFinite(input)) {
      issue(issues, path, 'expected a finite number');
      return input;
    }
    if (checks.int && !Number.isSafeInteger(input)) issue(issues, path, 'expected a safe integer');
    if (checks.gt !== undefined && !(input > checks.gt)) issue(issues, path, `expected > ${checks.gt}`);
    if (checks.gte !== undefined && !(input >= checks.gte)) issue(issues, path, `expected >= ${checks.gte}`);
    if (checks.lt !== undefined && !(input < checks.lt)) issue(issues, path, `expected < ${checks.lt}`);
    if (checks.lte !== undefined && !(input <= checks.lte)) issue(issues, path, `expected <= ${checks.lte}`);
    return input;
  },
});

export interface StringChecks {
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: RegExp;
}

export const string = (checks: StringChecks = {}): Node => ({
  run: (input, _direction, path, issues) => {
    if (typeof input !== 'string') {
      issue(issues, path, 'expected a string');
      return input;
    }
    if (checks.min !== undefined && input.length < checks.min) issue(issues, path, `expected length >= ${checks.min}`);
    if (checks.max !== undefined && input.length > checks.max) issue(issues, path, `expected length <= ${checks.max}`);
    if (checks.pattern !== undefined) {
      checks.pattern.lastIndex = 0;
      if (!checks.pattern.test(input)) issue(issues, path, `expected to match ${String(checks.pattern)}`);
    }
    return input;
  },
});

export const boolean = (): Node => ({
  run: (input, _direction, path, issues) => {
    if (typeof input !== 'boolean') issue(issues, path, 'expected a boolean');
    return input;
  },
});

/** zod's `z.literal([...])` and `z.enum([...])`: one of these primitive values. */
export const oneOf = (values: readonly (string | number | boolean | null)[]): Node => ({
  run: (input, _direction, path, issues) => {
    if (!values.includes(input as never)) issue(issues, path, `expected one of ${JSON.stringify(values)}`);
    return input;
  },
});

/** The first option that takes the input gives the output (zod's union). */
export const union = (options: readonly Node[]): Node => ({
  run: (input, direction, path, issues) => {
    for (const option of options) {
      const own: WireIssue[] = [];
      const output = option.run(input, direction, path, own);
      if (own.length === 0) return output;
    }
    issue(issues, path, 'matched no option of the union');
    return input;
  },
});

export const optional = (inner: Node): Node => ({
  optional: true,
  run: (input, direction, path, issues) => (input === undefined ? input : inner.run(input, direction, path, issues)),
});

export const nullable = (inner: Node): Node => ({
  run: (input, direction, path, issues) => (input === null ? input : inner.run(input, direction, path, issues)),
});

export const array = (element: Node, bounds: { readonly min?: number; readonly max?: number } = {}): Node => ({
  run: (input, direction, path, issues) => {
    if (!Array.isArray(input)) {
      issue(issues, path, 'expected an array');
      return input;
    }
    if (bounds.min !== undefined && input.length < bounds.min) issue(issues, path, `expected >= ${bounds.min} items`);
    if (bounds.max !== undefined && input.length > bounds.max) issue(issues, path, `expected <= ${bounds.max} items`);
    return input.map((item, index) => element.run(item, direction, [...path, index], issues));
  },
});

/**
 * zod's `z.object` (unknown keys dropped) and, with `strict`, `z.strictObject` (unknown keys refused). The output has
 * the shape's keys in the shape's order; an optional key absent from the input stays absent.
 */
export const object = (shape: Readonly<Record<string, Node>>, { strict = false } = {}): Node => ({
  run: (input, direction, path, issues) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      issue(issues, path, 'expected an object');
      return input;
    }
    const record = input as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, node] of Object.entries(shape)) {
      const present = key in record;
      if (!present && node.optional) continue;
      output[key] = node.run(record[key], direction, [...path, key], issues);
    }
    if (strict) {
      const unknown = Object.keys(record).filter((key) => !Object.hasOwn(shape, key));
      if (unknown.length > 0) issue(issues, path, `unrecognized keys ${JSON.stringify(unknown)}`);
    }
    return output;
  },
});

/**
 * A codec between two representations (zod's `z.codec(wire, value, { decode, encode })`): decoding checks the wire
 * side, converts, then checks the value side; encoding the other way round. Nothing is converted when the first
 * side already failed.
 */
export const convert = (
  wire: Node,
  value: Node,
  transforms: { readonly decode: (wire: never) => unknown; readonly encode: (value: never) => unknown },
): Node => ({
  run: (input, direction, path, issues) => {
    const [from, to, transform] =
      direction === 'decode' ? [wire, value, transforms.decode] : [value, wire, transforms.encode];
    const own: WireIssue[] = [];
    const checked = from.run(input, direction, path, own);
    if (own.length > 0) {
      issues.push(...own);
      return input;
    }
    return to.run(transform(checked as never), direction, path, issues);
  },
});

/** A check written as a function (zod's `.refine`), run only when `inner` found nothing wrong. */
export const refine = (inner: Node, check: (value: never) => boolean, message: string): Node => ({
  ...inner,
  run: (input, direction, path, issues) => {
    const own: WireIssue[] = [];
    const output = inner.run(input, direction, path, own);
    if (own.length === 0 && !check(output as never)) own.push({ path: [...path], message });
    issues.push(...own);
    return output;
  },
});

/** zod's `z.unknown()`: anything (an object key of this type may be absent). */
export const unknown = (): Node => ({ optional: true, run: (input) => input });

/** zod's `z.record(z.string(), value)`: a plain object whose every value is `value`. */
export const record = (value: Node): Node => ({
  run: (input, direction, path, issues) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      issue(issues, path, 'expected an object');
      return input;
    }
    const output: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) output[key] = value.run(item, direction, [...path, key], issues);
    return output;
  },
});
