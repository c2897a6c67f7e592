import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientLogRecordSchema, type ClientLogRecord } from '../../../../src/shared/api/logs.ts';
import {
  logActivity,
  startActivityLog,
  type StartActivityLogOptions,
} from '../../../../src/lib/activity-log/activity-log.ts';
import { isTestHost } from '../../../../src/lib/activity-log/test-host.ts';
import type { ActivityLogTransport } from '../../../../src/lib/activity-log/transport.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { emitRequestEvent } from '../../../../src/lib/api/request-events.ts';

/** Second document §3 "Client log record" and §7.3, first document §7 and §9, with fake timers and transport. */

const START = new Date('2025-03-01T10:00:00.000Z');
const productionPage = { protocol: 'https:', hostname: 'app.prestamorapido.example', pathname: '/dashboard' };

interface FakeTransport extends ActivityLogTransport {
  sent: ClientLogRecord[];
  /** Whether each send asked for keepalive. */
  keepalive: boolean[];
  /** Outcomes of the next sends, in order; a send without one succeeds. */
  outcomes: (Error | 'ok')[];
}

function fakeTransport(): FakeTransport {
  const transport: FakeTransport = {
    sent: [],
    keepalive: [],
    outcomes: [],
    async send(record, _signal, options) {
      transport.sent.push(structuredClone(record));
      transport.keepalive.push(options?.keepalive === true);
      const outcome = transport.outcomes.shift() ?? 'ok';
      if (outcome instanceof Error) throw outcome;
    },
  };
  return transport;
}

const httpFailure = (status: number) =>
  new ApiError({
    kind: 'http',
    status,
    message: `HTTP ${status}`,
    callName: 'ClientLogWritePut',
    method: 'PUT',
    url: '/logs/write',
  });

let transport: FakeTransport;
let stop: () => void = () => {};

function start(overrides: Partial<StartActivityLogOptions> = {}) {
  stop = startActivityLog({
    getContext: () => ({}),
    location: productionPage,
    transport,
    userAgent: 'Mozilla/5.0 (test)',
    sessionHash: 'session-1',
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  transport = fakeTransport();
  configureApi({ appVersion: 'test', getAuth: () => null, getClientUniqueId: () => 'device-abc' });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('where the activity log runs', () => {
  it('sends nothing over plain http', async () => {
    start({ location: { ...productionPage, protocol: 'http:' } });
    logActivity('pageView');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport.sent).toEqual([]);
  });

  it('sends nothing on a test host, even over https', async () => {
    for (const hostname of ['localhost', '127.0.0.1', '[::1]', 'app.test', 'prestamo.localhost']) {
      start({ location: { ...productionPage, hostname } });
      logActivity('pageView');
      await vi.advanceTimersByTimeAsync(60_000);
      stop();
    }
    expect(transport.sent).toEqual([]);
  });

  it('test hosts are loopback names and the .test/.localhost domains; real hosts are not', () => {
    expect(['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]', 'a.test', 'x.y.localhost'].every(isTestHost)).toBe(
      true,
    );
    expect(
      ['prestamorapido.es', 'app.prestamorapido.example', 'testing.com', 'localhost.com', '10.0.0.1'].some(isTestHost),
    ).toBe(false);
  });
});

describe('sending', () => {
  it('first send is a POST-type record (firstInit) 2 s after start, and it parses with the contract schema', async () => {
    start({ getContext: () => ({ customerId: 42, email: 'ana@example.com', phone: '600000001' }) });
    logActivity('pageView', { path: '/dashboard' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(transport.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toHaveLength(1);
    const record = transport.sent[0];
    expect(clientLogRecordSchema.parse(record)).toEqual(record);
    expect(record).toEqual({
      deviceId: 'device-abc',
      sessionHash: 'session-1',
      application: 'prestamo-rapido-web',
      customerId: 42,
      email: { email: 'ana@example.com' },
      mobilePhone: { phone: '600000001' },
      userAgent: 'Mozilla/5.0 (test)',
      actions: [
        {
          type: 'pageView',
          activePage: '/dashboard',
          actionTime: '2025-03-01T10:00:00.000Z',
          payload: { path: '/dashboard' },
        },
      ],
      firstInit: true,
      update: false,
    });
  });

  it('leaves out the customer fields while the customer is unknown', async () => {
    start();
    await vi.advanceTimersByTimeAsync(2_000);
    const record = transport.sent[0];
    expect(record).not.toHaveProperty('customerId');
    expect(record).not.toHaveProperty('email');
    expect(record).not.toHaveProperty('mobilePhone');
    expect(clientLogRecordSchema.safeParse(record).success).toBe(true);
  });

  it('next send (update) 5 s after a success carries only the actions since the previous send', async () => {
    start();
    logActivity('first');
    await vi.advanceTimersByTimeAsync(2_000);
    logActivity('second');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(transport.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[1]).toMatchObject({ firstInit: false, update: true });
    expect(transport.sent[1]?.actions.map((action) => action.type)).toEqual(['second']);
  });

  it('a failed send is retried 5 s later with the same actions (plus the new ones)', async () => {
    transport.outcomes = [httpFailure(503)];
    start();
    logActivity('kept');
    await vi.advanceTimersByTimeAsync(2_000);
    logActivity('later');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(transport.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[1]).toMatchObject({ firstInit: true, update: false });
    expect(transport.sent[1]?.actions.map((action) => action.type)).toEqual(['kept', 'later']);
  });

  it('does not send an empty update; a change of customer is sent even without actions', async () => {
    const customer: { customerId?: number } = {};
    start({ getContext: () => customer });
    await vi.advanceTimersByTimeAsync(2_000 + 5_000 * 3);
    expect(transport.sent).toHaveLength(1);
    customer.customerId = 9;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[1]).toMatchObject({ customerId: 9, actions: [], update: true });
  });

  it('sends at most 100 actions per request, dropping the oldest', async () => {
    start();
    for (let index = 0; index < 130; index += 1) logActivity('step', { index });
    await vi.advanceTimersByTimeAsync(2_000);
    const actions = transport.sent[0]?.actions ?? [];
    expect(actions).toHaveLength(100);
    expect(actions[0]?.payload).toEqual({ index: 30 });
    expect(actions[99]?.payload).toEqual({ index: 129 });
  });

  it('when the server lost the record (404 on update) the next send creates it again', async () => {
    start();
    await vi.advanceTimersByTimeAsync(2_000);
    transport.outcomes = [httpFailure(404)];
    logActivity('a');
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.sent.map((record) => record.firstInit)).toEqual([true, false, true]);
    expect(transport.sent[2]?.actions.map((action) => action.type)).toEqual(['a']);
  });

  it('a batch the server refuses for good (400) is dropped instead of retried forever', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    transport.outcomes = [httpFailure(400)];
    start();
    logActivity('refused');
    await vi.advanceTimersByTimeAsync(2_000);
    logActivity('next');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.sent[1]?.actions.map((action) => action.type)).toEqual(['next']);
  });

  it('survives a failing context getter: that send counts as failed and is retried 5 s later', async () => {
    let calls = 0;
    start({
      getContext: () => {
        calls += 1;
        if (calls === 1) throw new Error('session not loaded yet');
        return { customerId: 3 };
      },
    });
    logActivity('kept');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ customerId: 3, firstInit: true });
    expect(transport.sent[0]?.actions.map((action) => action.type)).toEqual(['kept']);
  });

  it('stops: no more sends and nothing recorded after stop', async () => {
    start();
    stop();
    logActivity('after');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport.sent).toEqual([]);
  });
});

describe('what is recorded', () => {
  it('window errors: type, url, error text and line, on the page where they happened', async () => {
    start();
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: x is undefined',
        filename: 'https://app.prestamorapido.example/assets/index.js',
        lineno: 120,
        colno: 7,
        error: new TypeError('x is undefined'),
      }),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent[0]?.actions).toEqual([
      {
        type: 'browserError',
        activePage: '/dashboard',
        actionTime: '2025-03-01T10:00:00.000Z',
        payload: {
          type: 'error',
          url: 'https://app.prestamorapido.example/assets/index.js',
          error: 'TypeError: x is undefined',
          line: 120,
          column: 7,
        },
      },
    ]);
  });

  it('unhandled promise rejections are recorded', async () => {
    start();
    const event = Object.assign(new Event('unhandledrejection'), {
      reason: new Error('boom'),
      promise: Promise.resolve(),
    });
    window.dispatchEvent(event);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent[0]?.actions[0]?.payload).toEqual({
      type: 'unhandledrejection',
      url: '/dashboard',
      error: 'Error: boom',
      line: null,
    });
  });

  it('browser events are throttled to one per kind per second', async () => {
    start();
    const fire = (message: string) =>
      window.dispatchEvent(new ErrorEvent('error', { message, filename: 'a.js', lineno: 1 }));
    fire('one');
    fire('two (dropped)');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'other kind' }));
    await vi.advanceTimersByTimeAsync(1_000);
    fire('three');
    await vi.advanceTimersByTimeAsync(1_000);
    const errors = transport.sent[0]?.actions.map((action) => (action.payload as { error: string }).error);
    expect(errors).toEqual(['one', 'other kind', 'three']);
  });

  it('request and response events from the API client, except the log’s own calls', async () => {
    start();
    const base = { callName: 'LoginPost', method: 'POST', url: '/api/membership/login' } as const;
    emitRequestEvent({ type: 'request', requestId: 1, ...base });
    emitRequestEvent({
      type: 'response',
      requestId: 1,
      ...base,
      status: undefined,
      message: 'Timeout',
      correlationId: undefined,
      durationMs: 60_000,
      errorKind: 'timeout',
    });
    emitRequestEvent({
      type: 'request',
      requestId: 2,
      callName: 'ClientLogWritePut',
      method: 'PUT',
      url: '/logs/write',
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent[0]?.actions.map((action) => [action.type, action.payload])).toEqual([
      ['request', { url: '/api/membership/login', method: 'POST', call: 'LoginPost' }],
      [
        'response',
        {
          url: '/api/membership/login',
          method: 'POST',
          call: 'LoginPost',
          status: null,
          message: 'Timeout',
          correlationId: null,
          durationMs: 60_000,
        },
      ],
    ]);
  });

  it('an unserialisable payload is sent as the string "JSON stringify error"', async () => {
    start();
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    logActivity('screenVisit', circular);
    logActivity('big', { n: 10n });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent[0]?.actions.map((action) => action.payload)).toEqual([
      'JSON stringify error',
      'JSON stringify error',
    ]);
  });

  it('a payload longer than the contract allows is cut so the server still accepts the record', async () => {
    start();
    logActivity('huge', { text: 'é"'.repeat(10_000) });
    await vi.advanceTimersByTimeAsync(2_000);
    const record = transport.sent[0];
    expect(clientLogRecordSchema.safeParse(record).success).toBe(true);
    expect(typeof record?.actions[0]?.payload).toBe('string');
  });
});

describe('when the page is hidden or goes away', () => {
  /** A document whose visibility the test sets. */
  function fakeDocument() {
    const events = new EventTarget();
    const doc = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      hide() {
        doc.visibilityState = 'hidden';
        events.dispatchEvent(new Event('visibilitychange'));
      },
      show() {
        doc.visibilityState = 'visible';
        events.dispatchEvent(new Event('visibilitychange'));
      },
    };
    return doc;
  }

  it('hiding the page sends the pending actions at once, with keepalive; sending then resumes 5 s later', async () => {
    const doc = fakeDocument();
    start({ visibilityTarget: doc as unknown as Document });
    logActivity('pageView');
    await vi.advanceTimersByTimeAsync(500);
    doc.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sent).toHaveLength(1);
    expect(transport.keepalive).toEqual([true]);
    expect(transport.sent[0]).toMatchObject({ firstInit: true });
    expect(transport.sent[0]?.actions.map((action) => action.type)).toEqual(['pageView']);

    doc.show();
    logActivity('later');
    // The 2-second first send was replaced by the flush: nothing more until 5 s after it.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(transport.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toHaveLength(2);
    expect(transport.keepalive).toEqual([true, false]);
    expect(transport.sent[1]).toMatchObject({ update: true });
    expect(transport.sent[1]?.actions.map((action) => action.type)).toEqual(['later']);
  });

  it('pagehide flushes too', async () => {
    const target = new EventTarget();
    start({ target: target as unknown as Window, visibilityTarget: fakeDocument() as unknown as Document });
    logActivity('lastClick');
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sent.map((record) => record.actions.map((action) => action.type))).toEqual([['lastClick']]);
    expect(transport.keepalive).toEqual([true]);
  });

  it('nothing pending, a stopped log or a send in flight: no extra request', async () => {
    const doc = fakeDocument();
    let release: () => void = () => {};
    transport.send = async (record, _signal, options) => {
      transport.sent.push(structuredClone(record));
      transport.keepalive.push(options?.keepalive === true);
      await new Promise<void>((resolve) => (release = resolve));
    };
    start({ visibilityTarget: doc as unknown as Document });
    doc.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sent).toHaveLength(0);

    doc.show();
    logActivity('first');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(transport.sent).toHaveLength(1);
    logActivity('during');
    doc.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sent).toHaveLength(1);
    release();

    stop();
    doc.show();
    logActivity('afterStop');
    doc.hide();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transport.sent).toHaveLength(1);
  });
});
