// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codecExpression, generateWireCodecs, TARGETS } from '../../../../scripts/wire-codecs.ts';
import { centsFromEuros, isoDateSchema } from '../../../../src/shared/api/common.ts';
import { errorResponseSchema, type AnyCall } from '../../../../src/shared/api/define.ts';
import * as loan from '../../../../src/shared/api/loan.ts';
import * as membership from '../../../../src/shared/api/membership.ts';
import * as generated from '../../../../src/shared/api/wire/generated.ts';
import type { WireCodec } from '../../../../src/shared/api/wire/light.ts';
import type { LightCall } from '../../../../src/shared/api/wire/light-call.ts';
import { storedCodecs } from '../../../../src/lib/storage/stored-codecs.ts';
import { storedSchemas } from '../../../../src/lib/storage/stored-schemas.ts';
import { DELETE, fieldsOf, sampleOf, withValue, type Path } from '../../../server/helpers/zod-samples.ts';

/**
 * The zod-free codecs of the first visit's calls (src/shared/api/wire): generated from the contract, and accepting,
 * refusing, decoding and encoding exactly as the contract's zod schemas.
 */

/** The entries generated (the first load's calls): every one is compared below. */
const GENERATED_CALLS: readonly AnyCall[] = [
  loan.PaymentDatePost,
  loan.PaymentPlansPost,
  membership.TokenGet,
  membership.MemberDetailsGet,
  membership.LogoutPost,
];

describe('the generated files', () => {
  it('generate every entry listed here, and only those', () => {
    const names = TARGETS.flatMap((target) =>
      target.calls.flatMap(({ entries }) => entries.map((entry) => entry.name)),
    );
    expect(names.sort()).toEqual(GENERATED_CALLS.map((entry) => entry.name).sort());
  });

  it.each(TARGETS.map((target) => [target.file, target] as const))(
    '%s is what scripts/wire-codecs.ts writes from the schemas today (npm run generate:wire)',
    async (file, target) => {
      const onDisk = readFileSync(fileURLToPath(new URL(`../../../../${file}`, import.meta.url)), 'utf8');
      expect(onDisk).toBe(await generateWireCodecs(target));
    },
  );

  it('carries each entry as the contract defines it (name, method, path, auth, errors, body or not)', () => {
    for (const entry of GENERATED_CALLS) {
      const light = generated[entry.name as keyof typeof generated] as LightCall<AnyCall>;
      expect({ ...light, body: light.body !== null, response: undefined }).toEqual({
        name: entry.name,
        method: entry.method,
        path: entry.path,
        auth: entry.auth,
        hasBody: entry.hasBody,
        errors: entry.errors,
        body: entry.hasBody,
        response: undefined,
      });
    }
  });

  it('refuses what it cannot express instead of writing a codec that accepts something else', () => {
    const refused = [
      z.date(),
      z.string().refine((text) => text.length > 2),
      z.string().email(),
      z.number().multipleOf(5),
      z.coerce.number(),
      z.object({ a: z.string() }).catchall(z.number()),
      z.object({ a: z.string() }).passthrough(),
      z.string().transform((text) => text.length),
      z.record(z.enum(['a', 'b']), z.number()),
      z.record(z.string().min(2), z.number()),
      z
        .array(z.string())
        .length(3)
        .refine((list) => list.length > 0),
      z.string().default('x'),
      // A codec not made by centsFromEuros.
      z.codec(z.number(), z.number(), { decode: (x) => x * 2, encode: (x) => x / 2 }),
    ];
    for (const schema of refused)
      expect(() => codecExpression(schema), String(schema._zod.def.type)).toThrow(/wire-codecs/);
    expect(codecExpression(z.object({ amount: centsFromEuros(z.number().positive()), day: isoDateSchema }))).toMatch(
      /^object\(\{ amount: cents\(number\(\{ gt: 0, gte: -10000000, lte: 10000000 \}\)\), day: isoDate \}\)$/,
    );
  });
});

/** Values that break a field in every way the wire can: wrong kinds, bounds, fractions, dates, huge and empty. */
const TRIALS: readonly unknown[] = [
  DELETE,
  undefined,
  null,
  '',
  'x',
  'x'.repeat(300),
  0,
  -0,
  1,
  -1,
  1.5,
  0.1 + 0.2,
  208.33,
  208.335,
  2500,
  1e7,
  1e7 + 0.01,
  -1e7 - 1,
  2 ** 31,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  ['x'],
  {},
  { campo: 1 },
  '2026-11-26',
  '2024-02-29',
  '2026-02-29',
  '2026-13-01',
  '2026-11-26T10:00:00Z',
  'specificDate',
  'weekly',
  31,
  32,
  7,
  8,
  120,
  121,
];

/** The sample, then the sample with each field (and each object's extra key) broken each way. */
function casesOf(schema: z.ZodType): unknown[] {
  const sample = sampleOf(schema);
  expect(schema.safeParse(sample).success, 'a valid sample').toBe(true);
  const cases: unknown[] = [
    sample,
    undefined,
    null,
    [],
    {},
    'x',
    false,
    [sample, sample],
    // Records (a customer id → a flow id; the signup form's values).
    { 5: 'flow-1', 6: 'flow-2' },
    { 5: 1 },
    { 5: null },
    { phone: '600000001', consent: true, nested: { a: [1] } },
  ];
  const fields = fieldsOf(schema, sample);
  const objectPaths: Path[] = [[], ...fields.map((field) => field.path)];
  for (const field of fields) for (const value of TRIALS) cases.push(withValue(sample, field.path, value));
  for (const path of objectPaths) {
    const holder = path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], sample);
    if (holder && typeof holder === 'object' && !Array.isArray(holder)) {
      cases.push(withValue(sample, [...path, 'extra'], 1));
    }
  }
  // Two fields broken at once, picked by a fixed seed.
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  for (let index = 0; index < 300 && fields.length > 1; index += 1) {
    const first = fields[next() % fields.length]!;
    const second = fields[next() % fields.length]!;
    const once = withValue(sample, first.path, TRIALS[next() % TRIALS.length]);
    try {
      cases.push(withValue(once, second.path, TRIALS[next() % TRIALS.length]));
    } catch {
      // The first change removed the second field's parent.
    }
  }
  return cases;
}

function expectSame(light: WireCodec, schema: z.ZodType) {
  let decoded = 0;
  for (const input of casesOf(schema)) {
    const mine = light.safeParse(input);
    const theirs = schema.safeParse(input);
    expect(mine.success, JSON.stringify(input)).toBe(theirs.success);
    if (!theirs.success) continue;
    decoded += 1;
    expect(mine.data, JSON.stringify(input)).toStrictEqual(theirs.data);
    // Encoding: the decoded value back to the wire; for the sample, also with each field broken.
    const value = theirs.data;
    const candidates: unknown[] = [value];
    if (decoded === 1) {
      for (const field of fieldsOf(schema, input)) {
        for (const trial of TRIALS) {
          try {
            candidates.push(withValue(value, field.path, trial));
          } catch {
            // The decoded value has no such parent (a field of a union's other option).
          }
        }
      }
    }
    for (const candidate of candidates) {
      const mineEncoded = light.safeEncode(candidate as never);
      // zod runs the cents codec's conversion even on a value its check refused, and that throws: a refusal too.
      let theirsEncoded: { success: boolean; data?: unknown };
      try {
        theirsEncoded = schema.safeEncode(candidate as never);
      } catch {
        theirsEncoded = { success: false };
      }
      expect(mineEncoded.success, `encode ${JSON.stringify(candidate)}`).toBe(theirsEncoded.success);
      if (theirsEncoded.success) expect(mineEncoded.data).toStrictEqual(theirsEncoded.data);
    }
  }
  expect(decoded, 'some cases are valid').toBeGreaterThan(1);
}

describe('each codec behaves as its zod schema', () => {
  it.each(GENERATED_CALLS.map((entry) => [entry.name, entry] as const))(
    '%s: the request body and the answer',
    (name, entry) => {
      const light = generated[name as keyof typeof generated] as LightCall<AnyCall>;
      if (entry.hasBody) expectSame(light.body as WireCodec, entry.body);
      else expect(light.body).toBeNull();
      expectSame(light.response as WireCodec, entry.response);
    },
  );

  it("the spec's error shape", () => {
    expectSame(generated.errorResponseCodec, errorResponseSchema);
  });

  it.each(Object.keys(storedSchemas) as (keyof typeof storedSchemas)[])("the persisted atom '%s'", (key) => {
    expectSame(storedCodecs[key] as WireCodec, storedSchemas[key]);
  });
});
