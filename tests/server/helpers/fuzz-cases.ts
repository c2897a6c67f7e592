import type { InjectOptions } from 'fastify';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../../src/server/http/multipart.ts';
import { fileFieldsOf, type RegisteredCall } from '../../../src/server/http/register-call.ts';
import { hasBody, samplesOf } from './contract-cases.ts';
import { multipartBody, toMultipartFields, type MultipartFields } from './multipart.ts';
import { fieldsOf, withValue, DELETE, type Path } from './zod-samples.ts';

/**
 * Hostile requests for the fuzz suite, generated from a contract entry's schemas (so an entry added later is
 * fuzzed by itself): every field of the body, query and path replaced by values an attacker would try (wrong
 * types, huge and empty strings, NUL and lone surrogates, NaN, huge and out-of-range numbers, deep nesting),
 * missing and extra fields, malformed JSON, odd content types and headers. Deterministic: a seeded generator
 * picks the few random values (so a failure reproduces with the same seed).
 */

export interface FuzzCase {
  title: string;
  request: InjectOptions;
}

/** Mulberry32: a small seeded generator, enough for picking test values. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value written into the JSON text as is (for what JSON.stringify cannot write: 1e400, NaN, -0). */
class Raw {
  constructor(readonly text: string) {}
}
const RAW_MARK = '\u0001raw\u0001';

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Raw) {
      raws.push(item.text);
      return `${RAW_MARK}${raws.length - 1}`;
    }
    return item;
  });
  return text.replace(new RegExp(`"${RAW_MARK}(\\d+)"`, 'g'), (_match, index: string) => raws[Number(index)]!);
}

const nested = (depth: number): unknown => {
  let value: unknown = 'fondo';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values for a JSON field (each replaces one field of a valid body). */
function hostileJsonValues(random: () => number): unknown[] {
  const randomText = Array.from({ length: 12 }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join('');
  return [
    null,
    true,
    0,
    -1,
    '',
    '   ',
    'texto',
    [],
    {},
    ['x'],
    { campo: 1 },
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    'x'.repeat(100_000),
    randomText,
    new Raw('1e400'),
    new Raw('-1e400'),
    new Raw('-0'),
    1e20,
    -1e20,
    2147483648,
    -2147483649,
    new Raw('9007199254740993'),
    1.7976931348623157e308,
    5e-324,
    0.001,
    2500.005,
    'NaN',
    'Infinity',
    '1e20',
    '2147483648',
    nested(64),
    nested(2_000),
    { __proto__: null, constructor: { prototype: { polluted: 1 } } },
  ];
}

/** Strings for one query or path parameter (already URL-encoded where it matters). */
const hostileUrlValues = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%uD800',
  'x'.repeat(10_000),
  '2147483648',
  '-2147483649',
  '1e20',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1.5',
  '%201',
  '__proto__',
  'null',
  '[]',
];

const wholeBodies: Array<[string, string]> = [
  ['malformed JSON', '{"roto": '],
  ['NaN literal', '{"amount": NaN}'],
  ['huge number literal', '{"amount": 1e400}'],
  ['a bare string', '"texto"'],
  ['a bare number', '1e400'],
  ['null', 'null'],
  ['an empty object', '{}'],
  ['an empty array', '[]'],
  ['deeply nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['deeply nested objects', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
  ['a __proto__ key', '{"__proto__": {"admin": true}}'],
  ['a constructor.prototype key', '{"constructor": {"prototype": {"admin": true}}}'],
  ['a BOM before the JSON', '\ufeff{}'],
  ['a NUL byte in the JSON text', '{"a":"\u0000"}'],
  ['an escaped NUL key', '{"\\u0000": 1}'],
  ['a lone surrogate escape', '{"a":"\\ud800"}'],
  ['duplicate keys', '{"a":1,"a":2}'],
];

const contentTypes = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json, application/json',
];

const toQuery = (query: Record<string, unknown>) =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');

/** Every fuzz request of one call, for one identity (`headers` empty = anonymous). */
export function fuzzCasesOf(registered: RegisteredCall, headers: Record<string, string>, seed: number): FuzzCase[] {
  const { call } = registered;
  const random = seededRandom(seed);
  const samples = samplesOf(call);
  const cases: FuzzCase[] = [];
  const withBody = hasBody(call);

  const pathWith = (params: Record<string, string>) =>
    call.path.replace(/:(\w+)\??/g, (_match, name: string) => params[name] ?? '1');
  const encodedParams = Object.fromEntries(
    Object.entries(samples.params).map(([key, value]) => [key, encodeURIComponent(String(value))]),
  );
  const sampleQuery = toQuery(samples.query);
  const url = (params = encodedParams, query = sampleQuery) => `${pathWith(params)}${query ? `?${query}` : ''}`;
  const baseUrl = url();
  const json = (payload: string, target = baseUrl, extra: Record<string, string> = {}): InjectOptions => ({
    method: call.method,
    url: target,
    headers: { ...headers, 'content-type': 'application/json', ...extra },
    payload,
  });
  const send = (target: string): InjectOptions =>
    withBody ? json(toJson(samples.body), target) : { method: call.method, url: target, headers };

  cases.push({ title: 'the valid sample', request: send(baseUrl) });

  // The body: every field replaced by every hostile value, missing, and an extra field at each level.
  if (call.method !== 'GET') {
    const values = hostileJsonValues(random);
    for (const [title, payload] of wholeBodies) cases.push({ title: `body: ${title}`, request: json(payload) });
    for (const value of values)
      cases.push({ title: `body replaced by ${describe(value)}`, request: json(toJson(value)) });
    for (const type of contentTypes) {
      cases.push({
        title: `content-type ${type}`,
        request: json(withBody ? toJson(samples.body) : '{}', baseUrl, { 'content-type': type }),
      });
    }
    cases.push({ title: 'no content-type', request: { method: call.method, url: baseUrl, headers, payload: '{}' } });
    const fields = withBody ? fieldsOf(call.body, samples.body) : [];
    const objectPaths: Path[] = [[], ...fields.map((field) => field.path)];
    for (const field of fields) {
      const name = field.path.join('.');
      for (const value of values) {
        cases.push({
          title: `body ${name} = ${describe(value)}`,
          request: json(toJson(withValue(samples.body, field.path, value))),
        });
      }
      cases.push({ title: `body ${name} missing`, request: json(toJson(withValue(samples.body, field.path, DELETE))) });
    }
    for (const path of objectPaths) {
      const target = path.reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown>)?.[key],
        samples.body,
      );
      if (!target || typeof target !== 'object' || Array.isArray(target)) continue;
      cases.push({
        title: `an extra field in ${path.join('.') || 'the body'}`,
        request: json(toJson(withValue(samples.body, [...path, 'campoExtra\u0000'], 'x'))),
      });
    }
  }

  if (call.multipart) cases.push(...multipartFuzzCases(registered, headers, baseUrl, random));

  // The query string and path parameters: each replaced by hostile text, duplicated, removed, extra ones.
  for (const key of Object.keys(samples.query)) {
    for (const value of hostileUrlValues) {
      const rest = toQuery({ ...samples.query, [key]: undefined });
      cases.push({
        title: `query ${key} = ${value.slice(0, 20)}`,
        request: send(url(encodedParams, `${rest ? `${rest}&` : ''}${key}=${value}`)),
      });
    }
    cases.push({ title: `query ${key} twice`, request: send(url(encodedParams, `${sampleQuery}&${sampleQuery}`)) });
  }
  for (const value of hostileUrlValues) {
    cases.push({
      title: `an extra query parameter = ${value.slice(0, 20)}`,
      request: send(url(encodedParams, `${sampleQuery ? `${sampleQuery}&` : ''}x${value}=${value}`)),
    });
  }
  for (const key of Object.keys(encodedParams)) {
    for (const value of hostileUrlValues) {
      if (value === '') continue;
      cases.push({
        title: `path ${key} = ${value.slice(0, 20)}`,
        request: send(url({ ...encodedParams, [key]: value })),
      });
    }
  }

  // Headers a client controls.
  const headerValues = ['', 'x', '2147483648', '-1', '1e20', 'NaN', 'x'.repeat(8_000), 'Bearer a.b.c', 'Bearer '];
  for (const value of headerValues) {
    for (const name of [
      'authorization',
      'x-member-id',
      'idempotency-key',
      'x-correlation-id',
      'client-unique-id',
      'accept-language',
    ]) {
      const base = send(baseUrl);
      cases.push({
        title: `header ${name} = ${value.slice(0, 20)}`,
        request: { ...base, headers: { ...(base.headers as Record<string, string>), [name]: value } },
      });
    }
  }
  return cases;
}

function describe(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'string') {
    const shown = value.length > 20 ? `${value.slice(0, 10)}…(${value.length})` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 30 ? `${text.slice(0, 20)}…(${text.length})` : text;
}

/** Text values for one field of a multipart body (what a hand-made form could send). */
const hostileTextValues = (random: () => number): string[] => [
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  'x\udfffy',
  'x'.repeat(10_000),
  'x'.repeat(100_000),
  '2147483648',
  '-1',
  'NaN',
  '{"a":1}',
  '[]',
  '../../etc/passwd',
  Array.from({ length: 12 }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join(''),
];

/**
 * Uploads (`multipart: true` entries): the valid form, every field replaced by hostile text or by a file, every field
 * missing or repeated, hostile files (empty, text named .jpg, random bytes, one byte over the limit, a hostile file
 * name), and broken encodings (cut short, no closing boundary, a wrong or missing boundary, garbage part headers,
 * too many parts, a prototype field name, a JSON part that is not JSON).
 */
function multipartFuzzCases(
  registered: RegisteredCall,
  headers: Record<string, string>,
  url: string,
  random: () => number,
): FuzzCase[] {
  const { call } = registered;
  const base = toMultipartFields(samplesOf(call).body);
  const fileFields = fileFieldsOf(call.body);
  const cases: FuzzCase[] = [];
  const raw = (title: string, payload: Buffer | string, contentType: string) =>
    cases.push({
      title: `multipart: ${title}`,
      request: { method: call.method, url, headers: { ...headers, 'content-type': contentType }, payload },
    });
  const send = (title: string, fields: MultipartFields) => {
    const { payload, contentType } = multipartBody(fields, 'limite-de-prueba');
    raw(title, payload, contentType);
  };
  const file = (bytes: Uint8Array, filename = 'documento.jpg') => ({ bytes, filename, contentType: 'image/jpeg' });

  send('the valid form', base);
  for (const name of Object.keys(base)) {
    const { [name]: _removed, ...rest } = base;
    send(`${name} missing`, rest);
    for (const value of hostileTextValues(random))
      send(`${name} = ${JSON.stringify(value.slice(0, 20))}`, { ...base, [name]: value });
    send(`${name} as a file`, { ...base, [name]: file(new Uint8Array([0xff, 0xd8, 0xff, 0x00])) });
  }
  const randomBytes = new Uint8Array(4096).map(() => Math.floor(random() * 256));
  for (const name of fileFields) {
    send(`${name}: an empty file`, { ...base, [name]: file(new Uint8Array(0)) });
    send(`${name}: text named .jpg`, { ...base, [name]: file(new Uint8Array(Buffer.from('no es una imagen'))) });
    send(`${name}: random bytes`, { ...base, [name]: file(randomBytes) });
    send(`${name}: a hostile file name`, {
      ...base,
      [name]: file(new Uint8Array([0xff, 0xd8, 0xff]), '../../\u0000.jpg'),
    });
    send(`${name}: one byte over the limit`, { ...base, [name]: file(new Uint8Array(UPLOAD_FILE_LIMIT_BYTES + 1)) });
  }
  const valid = multipartBody(base, 'limite-de-prueba');
  raw('cut short', valid.payload.subarray(0, Math.floor(valid.payload.length / 2)), valid.contentType);
  raw('no closing boundary', valid.payload.subarray(0, valid.payload.length - 22), valid.contentType);
  raw('another boundary', valid.payload, 'multipart/form-data; boundary=otro-limite');
  raw('no boundary', valid.payload, 'multipart/form-data');
  raw('an empty body', '', valid.contentType);
  raw(
    'garbage part headers',
    '--limite-de-prueba\r\nNo-Es: cabecera\r\n\r\nx\r\n--limite-de-prueba--\r\n',
    valid.contentType,
  );
  raw(
    'a part without a name',
    '--limite-de-prueba\r\nContent-Disposition: form-data\r\n\r\nx\r\n--limite-de-prueba--\r\n',
    valid.contentType,
  );
  raw(
    'a JSON part that is not JSON',
    '--limite-de-prueba\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{"roto\r\n--limite-de-prueba--\r\n',
    valid.contentType,
  );
  const many: MultipartFields = { ...base };
  for (let index = 0; index < 1_000; index += 1) many[`campo${index}`] = 'x';
  send('a thousand fields', many);
  send('a __proto__ field', { ...base, ...(JSON.parse('{"__proto__":"x"}') as MultipartFields) });
  send('a constructor field', { ...base, constructor: 'x' });
  const repeated = multipartBody(base, 'limite-de-prueba').payload.toString('latin1');
  raw(
    'every field twice',
    repeated.replace('--limite-de-prueba--\r\n', repeated.slice(0, repeated.indexOf('--limite-de-prueba--'))) +
      '--limite-de-prueba--\r\n',
    valid.contentType,
  );
  return cases;
}
