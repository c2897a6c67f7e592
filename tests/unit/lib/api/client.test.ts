import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../../../src/shared/api/define.ts';
import { RequestLoanPost } from '../../../../src/shared/api/loan.ts';
import { centsFromEuros } from '../../../../src/shared/api/common.ts';
import { toCents } from '../../../../src/shared/money.ts';
import { callApi } from '../../../../src/lib/api/client.ts';
import { configureApi, type ApiAuth } from '../../../../src/lib/api/configure.ts';
import type { GlobalOutcome } from '../../../../src/lib/api/error-catalogue.ts';
import { ApiError, isApiError, isBusinessError } from '../../../../src/lib/api/errors.ts';
import { onRequestEvent, type RequestEvent } from '../../../../src/lib/api/request-events.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

/**
 * `callApi` against a real HTTP server (node:http on 127.0.0.1): headers, paths, status handling, timeouts,
 * correlation ids and response parsing as they happen on the wire.
 */

const LoanGet = defineCall({
  name: 'TestLoanGet',
  method: 'GET',
  path: '/api/loan/:loanId/items/:label',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ loanId: z.number(), label: z.string() }),
  query: z.strictObject({ from: z.string().optional(), ids: z.array(z.number()).optional() }),
  response: z.object({ amount: z.number(), when: z.string() }),
});

const LoginLike = defineCall({
  name: 'TestLoginPost',
  method: 'POST',
  path: '/api/membership/login',
  auth: 'public',
  roles: ['public'],
  body: z.object({ phone: z.string(), pin: z.string() }),
  response: z.object({ token: z.string() }),
  errors: ['WrongPasswordException', 'MemberBlocked'],
});

const LogoutLike = defineCall({
  name: 'TestLogoutPost',
  method: 'POST',
  path: '/api/membership/logout',
  auth: 'customer',
  roles: ['user'],
  response: z.boolean(),
});

const TokenLike = defineCall({
  name: 'TestTokenGet',
  method: 'GET',
  path: '/api/membership/token/:token',
  auth: 'public',
  roles: ['public'],
  params: z.strictObject({ token: z.string() }),
  query: z.strictObject({ repayToken: z.string().optional() }),
  response: z.boolean(),
});

const PayLike = defineCall({
  name: 'TestPayPost',
  method: 'POST',
  path: '/api/loan/test-pay',
  auth: 'customer',
  roles: ['user'],
  idempotent: true,
  body: z.strictObject({ amount: z.number() }),
  response: z.object({ paid: z.boolean() }),
});

const wrongPassword = {
  code: { name: 'WrongPasswordException', value: 1100 },
  message: 'PIN incorrecto. Te quedan 2 intentos.',
  title: 'Aviso',
};

let server: TestServer;
let auth: ApiAuth | null;
let failures: { outcome: GlobalOutcome; error: ApiError }[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests = [];
  auth = null;
  failures = [];
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: '1.2.3-test',
    getAuth: () => auth,
    getClientUniqueId: () => 'client-unique-42',
    onGlobalFailure: (outcome, error) => failures.push({ outcome, error }),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw error;
  return error;
}

describe('callApi: request', () => {
  it('sends the spec headers before login: Application, X-App-Version, role none, Client-Unique, es-ES, no auth', async () => {
    server.handler = (_request, response) => json(response, 200, { data: { token: 't' } });
    await callApi(LoginLike, { body: { phone: '600000001', pin: '1234' } });
    const headers = server.requests[0]?.headers ?? {};
    expect(headers['application']).toBe('prestamo-rapido-web');
    expect(headers['x-app-version']).toBe('1.2.3-test');
    expect(headers['x-member-role']).toBe('none');
    expect(headers['client-unique']).toBe('client-unique-42');
    expect(headers['accept-language']).toBe('es-ES');
    expect(headers['authorization']).toBeUndefined();
    expect(headers['x-member-id']).toBeUndefined();
    expect(headers['idempotency-key']).toBeUndefined();
  });

  it('after login adds Authorization: Bearer <token>, X-Member-ID and the member role', async () => {
    auth = { token: 'jwt.abc.def', memberId: 77, role: 'user' };
    server.handler = (_request, response) => json(response, 200, { data: true });
    await callApi(LogoutLike, {});
    const headers = server.requests[0]?.headers ?? {};
    expect(headers['authorization']).toBe('Bearer jwt.abc.def');
    expect(headers['x-member-id']).toBe('77');
    expect(headers['x-member-role']).toBe('user');
  });

  it('the second (file) client goes to its own base URL and also carries the bearer header', async () => {
    auth = { token: 'jwt.file', memberId: 8, role: 'user' };
    configureApi({
      baseUrl: 'http://127.0.0.1:9',
      fileBaseUrl: `${server.baseUrl}/files`,
      appVersion: '1.2.3-test',
      getAuth: () => auth,
      getClientUniqueId: () => 'client-unique-42',
    });
    server.handler = (_request, response) => json(response, 200, { data: true });
    await expect(callApi(LogoutLike, {}, { client: 'file' })).resolves.toBe(true);
    expect(server.requests[0]?.url).toBe('/files/api/membership/logout');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer jwt.file');
  });

  it('sends a JSON body on calls with a body and none on body-less POSTs', async () => {
    server.handler = (request, response) =>
      request.url.endsWith('/login')
        ? json(response, 200, { data: { token: 't' } })
        : json(response, 200, { data: true });
    await callApi(LoginLike, { body: { phone: '600000001', pin: '1234' } });
    await callApi(LogoutLike, {});
    const [login, logout] = server.requests;
    expect(login?.method).toBe('POST');
    expect(login?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(login?.body.toString() ?? '')).toEqual({ phone: '600000001', pin: '1234' });
    expect(logout?.body.length).toBe(0);
    expect(logout?.headers['content-type']).toBeUndefined();
  });

  it('asks fetch for keepalive only when the caller does (a last send as the page goes away)', async () => {
    server.handler = (_request, response) => json(response, 200, { data: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch'); // restored after each test
    await callApi(LogoutLike, {}, { keepalive: true });
    await callApi(LogoutLike, {});
    const inits = fetchSpy.mock.calls.map(([, init]) => init);
    expect(inits).toHaveLength(2);
    expect(inits[0]?.keepalive).toBe(true);
    expect(inits[1]?.keepalive).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('fills the :params encoded and appends the query (arrays repeat the key)', async () => {
    server.handler = (_request, response) => json(response, 200, { data: { amount: 1, when: 'x' } });
    await callApi(LoanGet, { params: { loanId: 12, label: 'a b/c' }, query: { from: '2025-03-01', ids: [1, 2] } });
    expect(server.requests[0]?.url).toBe('/api/loan/12/items/a%20b%2Fc?from=2025-03-01&ids=1&ids=2');
  });

  it('sends money as the wire’s euros and reads the answer’s euros as Cents (the contract codec, no hand conversion)', async () => {
    const QuoteLike = defineCall({
      name: 'TestQuotePost',
      method: 'POST',
      path: '/api/loan/quote',
      auth: 'public',
      roles: ['public'],
      body: z.strictObject({ amount: centsFromEuros(), note: z.string() }),
      response: z.object({ instalment: centsFromEuros() }),
    });
    server.handler = (_request, response) => json(response, 200, { data: { instalment: 208.33 } });
    const answer = await callApi(QuoteLike, { body: { amount: toCents(250_000), note: 'x' } });
    expect(answer).toEqual({ instalment: 20833 });
    expect(JSON.parse(server.requests[0]!.body.toString('utf8'))).toEqual({ amount: 2500, note: 'x' });
  });

  it('sends an Idempotency-Key on money-moving calls: the caller’s key, or a fresh random one', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    const body = {} as never;
    await rejection(
      callApi(RequestLoanPost, { query: { accountId: 1 }, body }, { idempotencyKey: 'key-1', ignoreErrors: true }),
    );
    await rejection(callApi(RequestLoanPost, { query: { accountId: 1 }, body }, { ignoreErrors: true }));
    await rejection(callApi(RequestLoanPost, { query: { accountId: 1 }, body }, { ignoreErrors: true }));
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toBe('key-1');
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('callApi: idempotent calls retry with the same key', () => {
  const inProgress = {
    code: { name: 'RequestInProgress', value: 1220 },
    message: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
    title: 'Aviso',
  };
  const quick = { retryDelaysMs: [5, 5] };

  it('a lost answer (connection dropped) is retried with the same key; the customer sees only the result', async () => {
    server.handler = (request, response) => {
      if (server.requests.length === 1) response.socket?.destroy();
      else json(response, 200, { data: { paid: true } });
    };
    auth = { token: 'jwt', memberId: 7, role: 'user' };
    const data = await callApi(PayLike, { body: { amount: 100 } }, quick);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(data).toEqual({ paid: true });
    expect(failures).toEqual([]);
  });

  it('409 RequestInProgress waits and asks again with the same key until the first answer comes', async () => {
    server.handler = (_request, response) => {
      if (server.requests.length < 3) json(response, 409, { errors: [inProgress] });
      else json(response, 422, { errors: [wrongPassword] });
    };
    const error = await rejection(callApi(PayLike, { body: { amount: 100 } }, quick));
    expect(error.kind).toBe('business');
    expect(error.codes).toEqual(['WrongPasswordException']);
    expect(new Set(server.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(failures.map((failure) => failure.outcome)).toEqual([{ kind: 'business' }]);
  });

  it('gives up after its retries and reports the last failure once; a 409 left is a business answer', async () => {
    server.handler = (_request, response) => json(response, 409, { errors: [inProgress] });
    const error = await rejection(callApi(PayLike, { body: { amount: 100 } }, quick));
    expect([error.kind, error.status, error.codes]).toEqual(['business', 409, ['RequestInProgress']]);
    expect(server.requests).toHaveLength(3);
    expect(failures).toHaveLength(1);
  });

  it('does not retry a definitive answer (4xx, 500) nor a call that is not idempotent', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    await rejection(callApi(PayLike, { body: { amount: 100 } }, quick));
    expect(server.requests).toHaveLength(1);
    expect(failures).toHaveLength(1);
    server.requests = [];
    server.handler = (_request, response) => response.socket?.destroy();
    await rejection(callApi(LoginLike, { body: { phone: '600000001', pin: '1234' } }, quick));
    expect(server.requests).toHaveLength(1);
  });

  it('each call is its own intent: two presses send two keys, a key passed by the caller is kept', async () => {
    server.handler = (_request, response) => json(response, 200, { data: { paid: true } });
    await callApi(PayLike, { body: { amount: 100 } }, quick).catch(() => undefined);
    await callApi(PayLike, { body: { amount: 100 } }, quick).catch(() => undefined);
    await callApi(PayLike, { body: { amount: 100 } }, { ...quick, idempotencyKey: 'press-1' }).catch(() => undefined);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('press-1');
  });
});

describe('callApi: answers', () => {
  it('resolves with the 200 answer’s data, parsed by the call’s response schema', async () => {
    server.handler = (_request, response) =>
      json(response, 200, { data: { amount: 2500, when: '2025-03-01', extra: 1 } });
    const data = await callApi(LoanGet, { params: { loanId: 1, label: 'x' } });
    expect(data).toEqual({ amount: 2500, when: '2025-03-01' });
    expect(failures).toEqual([]);
  });

  it('a 200 whose data breaks the contract rejects as invalidResponse (logged, offered a reload), never resolves', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handler = (_request, response) =>
      json(response, 200, { data: { amount: 'mucho', when: '2025-03-01' } }, { 'x-correlation-id': 'corr-200' });
    const error = await rejection(callApi(LoanGet, { params: { loanId: 1, label: 'x' } }));
    expect(error.kind).toBe('invalidResponse');
    expect(error.status).toBe(200);
    expect(error.correlationId).toBe('corr-200');
    expect(error.message).toContain('data.amount');
    expect(log).toHaveBeenCalled();
    expect(failures[0]?.outcome).toMatchObject({ kind: 'dialog', id: 'server-error' });
  });

  it('a 200 without the data envelope or with a non-JSON body is invalidResponse', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handler = (_request, response) => json(response, 200, { amount: 1, when: 'x' });
    expect((await rejection(callApi(LoanGet, { params: { loanId: 1, label: 'x' } }))).kind).toBe('invalidResponse');
    server.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy page</html>');
    };
    expect((await rejection(callApi(LoanGet, { params: { loanId: 1, label: 'x' } }))).kind).toBe('invalidResponse');
  });

  it('422 rejects as a business error with the spec’s errors, codes, has() and the correlation id', async () => {
    server.handler = (_request, response) =>
      json(response, 422, { errors: [wrongPassword] }, { 'x-correlation-id': 'corr-422' });
    const error = await rejection(callApi(LoginLike, { body: { phone: '600000001', pin: '0000' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('business');
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([wrongPassword]);
    expect(error.codes).toEqual(['WrongPasswordException']);
    expect(error.has('WrongPasswordException')).toBe(true);
    expect(error.has('MemberBlocked')).toBe(false);
    expect(error.message).toBe('PIN incorrecto. Te quedan 2 intentos.');
    expect(error.correlationId).toBe('corr-422');
    expect(error.url).toBe(`${server.baseUrl}/api/membership/login`);
    expect(isBusinessError(error, LoginLike)).toBe(true);
    expect(isBusinessError(error, LogoutLike)).toBe(false);
    expect(failures.map((failure) => failure.outcome)).toEqual([{ kind: 'business' }]);
  });

  it('other statuses reject as http with status, url, correlation id and the parsed errors', async () => {
    const notFound = { code: { name: 'NotFound', value: 404 }, message: 'No existe', title: '404' };
    server.handler = (_request, response) =>
      json(response, 404, { errors: [notFound] }, { 'x-correlation-id': 'corr-404' });
    const error = await rejection(callApi(LoanGet, { params: { loanId: 9, label: 'x' } }));
    expect(error).toMatchObject({ kind: 'http', status: 404, correlationId: 'corr-404', message: 'No existe' });
    expect(error.url).toBe(`${server.baseUrl}/api/loan/9/items/x`);
    expect(error.codes).toEqual(['NotFound']);
  });

  it('a 401 is the session’s expiry only for the session it was sent with: once that one ended here, the call just rejects', async () => {
    const unauthorized = { code: { name: 'Unauthorized', value: 401 }, message: 'Sesión caducada', title: 'Aviso' };
    auth = { token: 'jwt-1', memberId: 5, role: 'user' };
    server.handler = (_request, response) => json(response, 401, { errors: [unauthorized] });
    expect((await rejection(callApi(LogoutLike, {}))).status).toBe(401);
    expect(failures.map((failure) => failure.outcome.kind)).toEqual(['sessionExpired']);

    // Logged out (in this tab or another) while the call was on its way: the refusal is not reported.
    failures = [];
    server.handler = (_request, response) => {
      auth = null;
      json(response, 401, { errors: [unauthorized] });
    };
    auth = { token: 'jwt-1', memberId: 5, role: 'user' };
    expect((await rejection(callApi(LogoutLike, {}))).status).toBe(401);
    // Nor after a new login: the current session is another one.
    auth = { token: 'jwt-1', memberId: 5, role: 'user' };
    server.handler = (_request, response) => {
      auth = { token: 'jwt-2', memberId: 5, role: 'user' };
      json(response, 401, { errors: [unauthorized] });
    };
    expect((await rejection(callApi(LogoutLike, {}))).status).toBe(401);
    expect(failures).toEqual([]);

    // A visitor's call (no session sent) answered 401 is reported as before.
    auth = null;
    server.handler = (_request, response) => json(response, 401, { errors: [unauthorized] });
    expect((await rejection(callApi(LogoutLike, {}))).status).toBe(401);
    expect(failures.map((failure) => failure.outcome.kind)).toEqual(['sessionExpired']);
  });

  it('replaces credentials in the reported url: token path params and token query values', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    const error = await rejection(
      callApi(TokenLike, { params: { token: 'secret.jwt' }, query: { repayToken: 'r-123' } }, { ignoreErrors: true }),
    );
    expect(server.requests[0]?.url).toBe('/api/membership/token/secret.jwt?repayToken=r-123');
    expect(error.url).toBe(`${server.baseUrl}/api/membership/token/:token?repayToken=***`);
  });
});

describe('callApi: failures without an answer', () => {
  it('times out after timeoutMs as kind timeout, and the server’s late answer is ignored', async () => {
    server.handler = (_request, response) => setTimeout(() => json(response, 200, { data: true }), 1_000);
    const error = await rejection(callApi(LogoutLike, {}, { timeoutMs: 80 }));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Timeout');
    expect(failures[0]?.outcome).toMatchObject({ id: 'offline-timeout' });
  });

  it('a caller’s abort rejects as cancelled without a global dialog', async () => {
    server.handler = (_request, response) => setTimeout(() => json(response, 200, { data: true }), 1_000);
    const controller = new AbortController();
    const pending = callApi(LogoutLike, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.kind).toBe('cancelled');
    expect(failures).toEqual([]);
  });

  it('a dropped connection rejects as network', async () => {
    server.handler = (_request, response) => response.socket?.destroy();
    const error = await rejection(callApi(LogoutLike, {}));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
  });

  it('offline fails at once with "Sin conexión a Internet" and nothing reaches the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await rejection(callApi(LogoutLike, {}));
    expect(error.kind).toBe('offline');
    expect(error.message).toBe('Sin conexión a Internet');
    expect(server.requests).toEqual([]);
    expect(failures[0]?.outcome).toMatchObject({ kind: 'dialog', id: 'offline-network' });
  });

  it('ignoreErrors skips the global handling: the call only rejects', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    const error = await rejection(callApi(LogoutLike, {}, { ignoreErrors: true }));
    expect(error.status).toBe(500);
    expect(failures).toEqual([]);
  });

  it('handledByCaller keeps the failures it claims from the global handling and reports the others', async () => {
    const lostAnswers = (error: ApiError) => error.kind === 'network';
    server.handler = (_request, response) => response.socket?.destroy();
    expect((await rejection(callApi(LogoutLike, {}, { handledByCaller: lostAnswers }))).kind).toBe('network');
    expect(failures).toEqual([]);
    server.handler = (_request, response) => json(response, 404, { errors: [] });
    expect((await rejection(callApi(LogoutLike, {}, { handledByCaller: lostAnswers }))).status).toBe(404);
    expect(failures.map((failure) => failure.outcome.kind)).toEqual(['notFound']);
  });

  it('handledByCaller on a money call is asked once, with the failure left after its retries (same key)', async () => {
    server.handler = (_request, response) => response.socket?.destroy();
    const seen: string[] = [];
    const handledByCaller = (error: ApiError) => {
      seen.push(error.kind);
      return error.kind === 'network';
    };
    const options = { retryDelaysMs: [5], handledByCaller };
    expect((await rejection(callApi(PayLike, { body: { amount: 100 } }, options))).kind).toBe('network');
    expect(new Set(server.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect([server.requests.length, seen, failures]).toEqual([2, ['network'], []]);
  });

  it('a throwing onGlobalFailure never replaces the ApiError the caller gets', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    configureApi({
      baseUrl: server.baseUrl,
      appVersion: 'x',
      getAuth: () => null,
      getClientUniqueId: () => 'id',
      onGlobalFailure: () => {
        throw new Error('dialog host broke');
      },
    });
    server.handler = (_request, response) => json(response, 503, { errors: [] });
    expect((await rejection(callApi(LogoutLike, {}))).status).toBe(503);
  });
});

describe('callApi: request events for the activity log', () => {
  it('emits request and response (url, status, message, correlation id, duration)', async () => {
    const events: RequestEvent[] = [];
    const unsubscribe = onRequestEvent((event) => events.push(event));
    server.handler = (_request, response) => json(response, 200, { data: true }, { 'x-correlation-id': 'corr-ok' });
    await callApi(LogoutLike, {});
    server.handler = (_request, response) => setTimeout(() => json(response, 200, { data: true }), 1_000);
    await rejection(callApi(LogoutLike, {}, { timeoutMs: 50, ignoreErrors: true }));
    server.handler = (_request, response) => response.socket?.destroy();
    await rejection(callApi(LogoutLike, {}, { ignoreErrors: true }));
    unsubscribe();

    const url = `${server.baseUrl}/api/membership/logout`;
    expect(events.map((event) => event.type)).toEqual([
      'request',
      'response',
      'request',
      'response',
      'request',
      'response',
    ]);
    expect(events[0]).toMatchObject({ type: 'request', callName: 'TestLogoutPost', method: 'POST', url });
    expect(events[1]).toMatchObject({
      type: 'response',
      status: 200,
      correlationId: 'corr-ok',
      url,
      errorKind: undefined,
    });
    expect(events[1]?.requestId).toBe(events[0]?.requestId);
    expect(events[3]).toMatchObject({ status: undefined, message: 'Timeout', errorKind: 'timeout' });
    expect(events[5]).toMatchObject({ status: undefined, message: 'Network Error', errorKind: 'network' });
    const timed = events[3];
    expect(timed?.type === 'response' && timed.durationMs).toBeGreaterThanOrEqual(40);
  });
});
