import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { clientLogRecordSchema } from '../../../../src/shared/api/logs.ts';
import {
  logActivity,
  startActivityLog,
  type ActivityLogTimers,
} from '../../../../src/lib/activity-log/activity-log.ts';
import { callApi } from '../../../../src/lib/api/client.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { defineCall } from '../../../../src/shared/api/define.ts';
import { z } from 'zod';
import { json, startTestServer, type TestServer } from '../api/test-server.ts';

/**
 * The real transport against a real HTTP server: POST /logs/write first, then PUT, with the record the contract
 * accepts; the log's own requests are not logged and never reach the global error handling.
 */

const PingGet = defineCall({
  name: 'TestPingGet',
  method: 'GET',
  path: '/api/ping',
  auth: 'public',
  roles: ['public'],
  response: z.boolean(),
});

/** Timers the test fires by hand, so the real network stays on real timers. */
function manualTimers(): ActivityLogTimers & { fireNext(): void; pending(): number[] } {
  let queue: { id: number; ms: number; callback: () => void }[] = [];
  let nextId = 1;
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      queue.push({ id, ms, callback });
      return id;
    },
    clearTimeout(handle) {
      queue = queue.filter((timer) => timer.id !== handle);
    },
    fireNext() {
      const timer = queue.shift();
      if (!timer) throw new Error('no timer pending');
      timer.callback();
    },
    pending: () => queue.map((timer) => timer.ms),
  };
}

let server: TestServer;
let globalFailures: number;
let stop: () => void = () => {};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  globalFailures = 0;
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: '2.0.0',
    getAuth: () => null,
    getClientUniqueId: () => 'device-xyz',
    onGlobalFailure: () => {
      globalFailures += 1;
    },
  });
});
afterEach(() => stop());

const bodyOf = (index: number): unknown => JSON.parse(server.requests[index]?.body.toString() ?? 'null');

it('sends POST /logs/write first and PUT afterwards, each a valid client log record, without logging itself', async () => {
  let written = 0;
  server.handler = (request, response) => {
    if (request.url === '/api/ping') return json(response, 200, { data: true }, { 'x-correlation-id': 'ping-1' });
    written += 1;
    return json(response, 200, { data: { id: 1, actionCount: written } });
  };
  const timers = manualTimers();
  stop = startActivityLog({
    getContext: () => ({ customerId: 5 }),
    location: { protocol: 'https:', hostname: 'app.prestamorapido.example', pathname: '/' },
    timers,
  });
  expect(timers.pending()).toEqual([2_000]);

  await callApi(PingGet, {});
  timers.fireNext();
  await vi.waitFor(() => expect(timers.pending()).toEqual([5_000]));
  logActivity('pageView', { path: '/' });
  timers.fireNext();
  await vi.waitFor(() => expect(timers.pending()).toEqual([5_000]));

  const logWrites = server.requests.filter((request) => request.url === '/logs/write');
  expect(logWrites.map((request) => request.method)).toEqual(['POST', 'PUT']);
  const [first, second] = [bodyOf(1), bodyOf(2)];
  expect(clientLogRecordSchema.parse(first)).toMatchObject({
    deviceId: 'device-xyz',
    firstInit: true,
    update: false,
    customerId: 5,
  });
  expect(clientLogRecordSchema.parse(second)).toMatchObject({ firstInit: false, update: true });
  expect(server.requests[1]?.headers['application']).toBe('prestamo-rapido-web');
  expect(server.requests[1]?.headers['client-unique']).toBe('device-xyz');

  const firstActions = clientLogRecordSchema.parse(first).actions;
  expect(firstActions.map((action) => action.type)).toEqual(['request', 'response']);
  expect(firstActions[1]?.payload).toMatchObject({
    url: `${server.baseUrl}/api/ping`,
    status: 200,
    correlationId: 'ping-1',
  });
  // The POST's own request/response events are not in the PUT: only the page view.
  expect(clientLogRecordSchema.parse(second).actions.map((action) => action.type)).toEqual(['pageView']);
});

it('a failing log request never shows a global dialog and is retried 5 s later', async () => {
  server.handler = (_request, response) => json(response, 500, { errors: [] });
  const timers = manualTimers();
  stop = startActivityLog({
    getContext: () => ({}),
    location: { protocol: 'https:', hostname: 'app.prestamorapido.example', pathname: '/' },
    timers,
  });
  timers.fireNext();
  await vi.waitFor(() => expect(timers.pending()).toEqual([5_000]));
  expect(server.requests.map((request) => request.method)).toEqual(['POST']);
  expect(globalFailures).toBe(0);
  timers.fireNext();
  await vi.waitFor(() => expect(server.requests.map((request) => request.method)).toEqual(['POST', 'POST']));
});
