import { afterAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { createTestApp } from './helpers/app.ts';
import { samplesOf } from './helpers/contract-cases.ts';
import { login } from './helpers/customers.ts';
import { fuzzCasesOf } from './helpers/fuzz-cases.ts';
import { withValue, type Path } from './helpers/zod-samples.ts';

/**
 * THE FUZZ SUITE (issue 10 point 8): every call registered from the contract (`app.registeredCalls`, so an entry
 * added later is fuzzed by itself), anonymous and logged in, gets hostile requests generated from its schemas
 * (tests/server/helpers/fuzz-cases.ts). Bad input is a 4xx at the contract, never a 500 from the database or a
 * library, and no answer shows a stack, SQL or a library's name. Seeded, so a failure reproduces.
 */

const SEED = 20_261_124;

const t = await createTestApp({ rateLimit: false });
afterAll(() => t.close());

/** What an answer must never show: stack frames, SQL or driver text, a library's or runtime's name. */
const LEAK =
  /(\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|\bstack\b|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b|syntax error|relation "|violates|invalid byte sequence|out of range for type|\bpostgres|pglite|drizzle|\bzod\b|mailcheck|spell-checker|zootools|fastify|TypeError|RangeError|ReferenceError|SyntaxError|Unexpected token|undefined is not|Cannot read prop)/i;

const calls = t.app.registeredCalls;

const inErrorShape = (body: string) => {
  try {
    return errorResponseSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
};
const stats = { requests: 0, started: Date.now() };

describe('the four classes of 500 of issue 10 are 400s in the error shape, in Spanish', () => {
  const sendWith = async (name: string, path: Path, value: unknown, query = '') => {
    const registered = calls.find((entry) => entry.call.name === name)!;
    const body = path.length > 0 ? withValue(samplesOf(registered.call).body, path, value) : value;
    const response = await t.app.inject({
      method: registered.call.method,
      url: `${registered.call.path}${query}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    const [error] = errorResponseSchema.parse(response.json()).errors;
    expect(error!.code.name).toBe('ValidationError');
    return error!.message;
  };

  it('a NUL character in a stored string', async () => {
    expect(await sendWith('ClientLogWritePost', ['deviceId'], 'a\u0000b')).toBe(
      'Los datos enviados no son válidos: deviceId (Contiene caracteres no permitidos).',
    );
  });

  it('a lone surrogate in a string (the e-mail typo check never sees it)', async () => {
    expect(await sendWith('LightRegisterPost', ['emailAddress'], 'ana@gmail.co\ud800')).toContain(
      'emailAddress (Contiene caracteres no permitidos)',
    );
    expect(await sendWith('ClientLogWritePost', ['actions', 0, 'payload'], { texto: '\udc00' })).toContain(
      'actions.0.payload.texto (Contiene caracteres no permitidos)',
    );
  });

  it('an amount far out of range (1e20 in a quote)', async () => {
    expect(await sendWith('AgreementPost', ['loanAmount'], 1e20)).toContain('loanAmount (El valor máximo es 10000000)');
    expect(await sendWith('PaymentPlansPost', [0, 'amount'], 1e20)).toContain('0.amount (El valor máximo es 10000000)');
  });

  it('an id past its database column (2^31)', async () => {
    expect(await sendWith('ClientLogWritePost', ['customerId'], 2 ** 31)).toContain(
      'customerId (El valor máximo es 2147483647)',
    );
    const registered = calls.find((entry) => entry.call.name === 'PaymentPlansPost')!;
    expect(await sendWith('PaymentPlansPost', [], samplesOf(registered.call).body, '?customerId=2147483648')).toContain(
      'customerId (El valor máximo es 2147483647)',
    );
  });

  it('nesting deeper than the contract allows', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = [deep];
    expect(await sendWith('ClientLogWritePost', ['actions', 0, 'payload'], deep)).toContain(
      'Demasiados niveles de anidamiento (máximo 32)',
    );
  });
});

describe('fuzzing every contract entry answers 4xx, never 5xx, and leaks nothing', () => {
  it('walks the registered calls', () => {
    expect(calls.length).toBeGreaterThan(10);
  });

  calls.forEach((registered, index) => {
    const { call } = registered;
    for (const identity of ['anonymous', 'logged in'] as const) {
      it(`${call.name} (${call.method} ${call.path}), ${identity}`, async () => {
        const headers = identity === 'anonymous' ? {} : (await login(t, { status: 'securityChecked' })).headers;
        const failures: string[] = [];
        for (const fuzz of fuzzCasesOf(registered, headers, SEED + index)) {
          stats.requests += 1;
          const response = await t.app.inject(fuzz.request);
          const body = response.body;
          if (response.statusCode >= 500) failures.push(`${fuzz.title} → ${response.statusCode} ${body.slice(0, 200)}`);
          else if (LEAK.test(body))
            failures.push(`${fuzz.title} → leaks ${body.match(LEAK)![0]}: ${body.slice(0, 200)}`);
          else if (response.statusCode >= 400 && !inErrorShape(body))
            failures.push(`${fuzz.title} → ${response.statusCode} not in the error shape: ${body.slice(0, 200)}`);
        }
        expect(failures).toEqual([]);
      });
    }
  });

  it('the edges outside the contract: unknown paths, bad percent-encoding, long URLs, odd methods', async () => {
    const failures: string[] = [];
    const urls = ['/api/%', '/api/%E0%A4%A', '/api/x%00y', '/api/%ED%A0%80', '/r/%FF', `/api/${'x'.repeat(100_000)}`];
    for (const url of [...urls, ...urls.map((target) => `/api/common/time?q=${target}`)]) {
      for (const method of ['GET', 'POST', 'OPTIONS', 'HEAD', 'PATCH'] as const) {
        stats.requests += 1;
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'HEAD' ? undefined : '{"a":',
        });
        if (response.statusCode >= 500 || LEAK.test(response.body))
          failures.push(`${method} ${url.slice(0, 40)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('reports its figures', () => {
    console.info(
      `fuzz: ${calls.length} entries × 2 identities, ${stats.requests} requests in ${Date.now() - stats.started} ms`,
    );
  });
});
