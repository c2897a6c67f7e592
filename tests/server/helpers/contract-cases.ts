import type { InjectOptions } from 'fastify';
import type { AnyCall } from '../../../src/shared/api/define.ts';
import { BODY_LIMIT_BYTES } from '../../../src/server/app.ts';
import { MULTIPART_MESSAGES, UPLOAD_FILE_LIMIT_BYTES } from '../../../src/server/http/multipart.ts';
import { fileFieldsOf, type RegisteredCall } from '../../../src/server/http/register-call.ts';
import { multipartBody, toMultipartFields } from './multipart.ts';
import {
  DELETE,
  fieldsOf,
  isValid,
  sampleOf,
  typeOf,
  withValue,
  wrongJsonValue,
  wrongStringValue,
  type Path,
} from './zod-samples.ts';

/**
 * Invalid requests derived from a contract entry's zod schemas, for the bad-input suite. Works from the schemas
 * alone, so a new call is covered the moment it is registered: a valid sample is built by trying candidate values
 * against each field's schema, then each case breaks exactly one thing.
 */

export interface BadCase {
  title: string;
  request: InjectOptions;
  /** Accepted statuses (all 4xx). */
  status: number[];
  /** Text the Spanish message must contain (a field name), when the case targets one field. */
  mentions?: string;
  /** The Allow header must contain this method (405 cases). */
  allow?: string;
  /** A precise message the answer carries instead of a validation or catalogue text. */
  message?: string;
}

const toQuery = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

const toPath = (template: string, params: Record<string, unknown>) =>
  template.replace(/:(\w+)\??/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '1')));

export interface CallSamples {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** False when no fully valid sample was found (cases still run, field mentions are not asserted). */
  valid: boolean;
}

export function samplesOf(call: AnyCall): CallSamples {
  const params = (sampleOf(call.params) ?? {}) as Record<string, unknown>;
  const query = (sampleOf(call.query) ?? {}) as Record<string, unknown>;
  const body = hasBody(call) ? sampleOf(call.body) : undefined;
  const valid =
    isValid(call.params, params) && isValid(call.query, query) && (!hasBody(call) || isValid(call.body, body));
  return { params, query, body, valid };
}

/**
 * The request of a call with its valid sample (path params, query and body; an upload as multipart), sent with
 * `headers`: what the role walk sends as each identity; `adjust` may change the samples (the session's own ids).
 */
export function validRequestOf(
  call: AnyCall,
  headers: Record<string, string>,
  adjust: (sample: unknown) => unknown = (sample) => sample,
): InjectOptions {
  const sampled = samplesOf(call);
  const samples = {
    params: adjust(sampled.params) as Record<string, unknown>,
    query: adjust(sampled.query) as Record<string, unknown>,
    body: adjust(sampled.body),
  };
  const url = `${toPath(call.path, samples.params)}${toQuery(samples.query)}`;
  if (!hasBody(call)) return { method: call.method, url, headers };
  if (call.multipart) {
    const { payload, contentType } = multipartBody(toMultipartFields(samples.body));
    return { method: call.method, url, headers: { ...headers, 'content-type': contentType }, payload };
  }
  return {
    method: call.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(samples.body),
  };
}

export const hasBody = (call: AnyCall) => call.method !== 'GET' && typeOf(call.body) !== 'undefined';

const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Every invalid request of one registered call. `headers`: what a logged-in client sends (for `customer` calls). */
export function badCasesOf(
  registered: RegisteredCall,
  all: readonly RegisteredCall[],
  headers: Record<string, string>,
): BadCase[] {
  const { call, options } = registered;
  const samples = samplesOf(call);
  const url = toPath(call.path, samples.params);
  const baseUrl = `${url}${toQuery(samples.query)}`;
  const authHeaders = call.auth === 'public' ? {} : headers;
  const cases: BadCase[] = [];
  const json = (body: unknown, query = baseUrl): InjectOptions => ({
    method: call.method,
    url: query,
    headers: { ...authHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const withoutBody = (target: string): InjectOptions => ({ method: call.method, url: target, headers: authHeaders });
  /** An upload's body as multipart/form-data (define.ts `multipart`). */
  const form = (body: unknown, target = baseUrl, headers = authHeaders): InjectOptions => {
    const { payload, contentType } = multipartBody(toMultipartFields(body));
    return { method: call.method, url: target, headers: { ...headers, 'content-type': contentType }, payload };
  };
  const request = (target: string): InjectOptions =>
    !hasBody(call) ? withoutBody(target) : call.multipart ? form(samples.body, target) : json(samples.body, target);
  const mention = (path: Path, context: string) => (samples.valid ? path.join('.') || context : undefined);

  if (call.multipart) cases.push(...multipartCases());

  function multipartCases(): BadCase[] {
    const list: BadCase[] = [];
    const valid = form(samples.body);
    const payload = valid.payload as Buffer;
    list.push({
      title: 'a malformed multipart body (cut short)',
      request: { ...valid, payload: payload.subarray(0, payload.length - 40) },
      status: [400],
    });
    list.push({ title: 'a JSON body instead of multipart', request: json(samples.body), status: [415] });
    list.push({ title: 'no body at all', request: withoutBody(baseUrl), status: [415] });
    const oversized = { ...(samples.body as object) } as Record<string, unknown>;
    for (const name of fileFieldsOf(call.body)) oversized[name] = new Uint8Array(UPLOAD_FILE_LIMIT_BYTES + 1);
    list.push({
      title: `a file over ${UPLOAD_FILE_LIMIT_BYTES} bytes`,
      request: form(oversized),
      status: [413],
      message: MULTIPART_MESSAGES.fileTooLarge,
    });
    list.push({ title: 'an empty form', request: form({}), status: [400] });
    list.push({
      title: 'an unknown body field',
      request: form({ ...(samples.body as object), unexpectedField: 'x' }),
      status: [400],
      mentions: 'unexpectedField',
    });
    for (const field of fieldsOf(call.body, samples.body)) {
      const name = field.path.join('.');
      const wrong = wrongStringValue(field.schema);
      if (wrong !== undefined) {
        list.push({
          title: `body ${name} invalid (${JSON.stringify(wrong.slice(0, 20))})`,
          request: form(withValue(samples.body, field.path, wrong)),
          status: [400],
          mentions: mention(field.path, 'body'),
        });
      }
      if (field.required) {
        list.push({
          title: `body ${name} missing`,
          request: form(withValue(samples.body, field.path, DELETE)),
          status: [400],
          mentions: mention(field.path, 'body'),
        });
      }
    }
    return list;
  }

  if (call.method !== 'GET' && !call.multipart) {
    cases.push({
      title: 'malformed JSON',
      request: {
        method: call.method,
        url: baseUrl,
        headers: { ...authHeaders, 'content-type': 'application/json' },
        payload: '{"roto": ',
      },
      status: [400],
      mentions: 'JSON',
    });
    const limit = options.bodyLimit ?? BODY_LIMIT_BYTES;
    const padding = 'x'.repeat(limit + 1024);
    const oversized =
      samples.body && typeof samples.body === 'object' && !Array.isArray(samples.body)
        ? { ...samples.body, padding }
        : { padding };
    cases.push({ title: `an oversized body (over ${limit} bytes)`, request: json(oversized), status: [413] });
    const unknown = Array.isArray(samples.body)
      ? samples.body.length > 0 && typeof samples.body[0] === 'object'
        ? withValue(samples.body, [0, 'unexpectedField'], 'x')
        : { unexpectedField: 'x' }
      : { ...(samples.body as object | undefined), unexpectedField: 'x' };
    // A list of plain values (ids) has no field to add: the object sent instead is refused as not a list.
    const fieldless = Array.isArray(samples.body) && !(samples.body.length > 0 && typeof samples.body[0] === 'object');
    cases.push({
      title: 'an unknown body field',
      request: json(unknown),
      status: [400],
      mentions: fieldless ? undefined : 'unexpectedField',
    });
  }

  if (hasBody(call) && !call.multipart) {
    cases.push({
      title: 'no body at all',
      request: withoutBody(baseUrl),
      status: [400],
      mentions: samples.valid ? 'body' : undefined,
    });
    cases.push({
      title: 'a body of the wrong type',
      request: json(Array.isArray(samples.body) ? { lista: false } : ['x']),
      status: [400],
    });
    for (const field of fieldsOf(call.body, samples.body)) {
      const name = field.path.join('.');
      const current = field.path.reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
        samples.body,
      );
      const wrong = wrongJsonValue(field.schema, current);
      if (wrong !== undefined) {
        cases.push({
          title: `body ${name} of a wrong type (${JSON.stringify(wrong)})`,
          request: json(withValue(samples.body, field.path, wrong)),
          status: [400],
          mentions: mention(field.path, 'body'),
        });
      }
      if (field.required && current !== undefined) {
        cases.push({
          title: `body ${name} missing`,
          request: json(withValue(samples.body, field.path, DELETE)),
          status: [400],
          mentions: mention(field.path, 'body'),
        });
      }
    }
  }

  for (const [part, schema, sample] of [
    ['query', call.query, samples.query],
    ['params', call.params, samples.params],
  ] as const) {
    for (const field of fieldsOf(schema, sample)) {
      if (field.path.length !== 1) continue;
      const key = String(field.path[0]);
      const wrong = wrongStringValue(field.schema);
      if (wrong !== undefined) {
        const changed = { ...sample, [key]: wrong };
        const target =
          part === 'query' ? `${url}${toQuery(changed)}` : `${toPath(call.path, changed)}${toQuery(samples.query)}`;
        if (part === 'params' && wrong === '') continue;
        cases.push({
          title: `${part} ${key} invalid (${JSON.stringify(wrong.slice(0, 20))})`,
          request: request(target),
          status: [400],
          mentions: mention(field.path, part),
        });
      }
      if (part === 'query' && field.required) {
        const { [key]: _removed, ...rest } = sample;
        cases.push({
          title: `query ${key} missing`,
          request: request(`${url}${toQuery(rest)}`),
          status: [400],
          mentions: mention(field.path, part),
        });
      }
    }
  }
  cases.push({
    title: 'an unknown query parameter',
    request: request(`${url}${toQuery({ ...samples.query, unexpectedParam: 'x' })}`),
    status: [400],
    mentions: 'unexpectedParam',
  });

  const sameTemplate = all.filter((other) => other.call.path === call.path).map((other) => other.call.method as string);
  const wrongMethod = ALL_METHODS.find(
    (method) => !sameTemplate.includes(method) && !(method === 'GET' && sameTemplate.includes('HEAD')),
  );
  if (wrongMethod) {
    cases.push({
      title: `the wrong method (${wrongMethod})`,
      request: { method: wrongMethod, url: baseUrl, headers: authHeaders },
      status: [405],
      allow: call.method,
    });
  }

  if (call.auth === 'customer' || call.auth === 'staff') {
    cases.push({
      title: 'no session (no Authorization)',
      request: call.multipart
        ? form(samples.body, baseUrl, {})
        : { ...request(baseUrl), headers: hasBody(call) ? { 'content-type': 'application/json' } : {} },
      status: [401],
    });
  }
  return cases;
}
