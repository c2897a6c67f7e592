import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwToPageMessage } from '../../../src/shared/sw-messages.ts';
import { registerMessageHandlers } from '../../../sw/messages.ts';
import type { MessageEventLike } from '../../../sw/scope.ts';

/** The service worker's page messages (version check, skip waiting, status) against a fake global scope. */

const ORIGIN = 'https://app.prestamorapido.example';

function fakeScope() {
  let onMessage: ((event: unknown) => void) | undefined;
  const broadcasts: unknown[] = [];
  const scope = {
    location: { origin: ORIGIN },
    skipWaiting: vi.fn(async () => undefined),
    clients: { matchAll: async () => [{ postMessage: (message: unknown) => broadcasts.push(message) }] },
    addEventListener: (type: 'message', listener: (event: MessageEventLike) => void) => {
      if (type === 'message') onMessage = listener as (event: unknown) => void;
    },
  };
  registerMessageHandlers(scope);

  /** Sends a message as a page would (with a reply port) and resolves with the SW's answer. */
  const send = async (data: unknown, origin = ORIGIN): Promise<SwToPageMessage | undefined> => {
    const pending: Promise<unknown>[] = [];
    let reply: SwToPageMessage | undefined;
    onMessage?.({
      data,
      origin,
      ports: [{ postMessage: (message: SwToPageMessage) => (reply = message) }],
      source: null,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
    return reply;
  };
  return { scope, send, broadcasts };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('__APP_VERSION__', '1.0.0+build');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('service worker messages', () => {
  it('CHECK_VERSION fetches /version.json?v=… with no cache and answers the server and SW versions', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ version: '2.0.0+new' }), { status: 200 }));
    const { send } = fakeScope();
    const reply = await send({ type: 'CHECK_VERSION' });
    expect(reply).toEqual({ type: 'VERSION', serverVersion: '2.0.0+new', swVersion: '1.0.0+build' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/^\/version\.json\?v=\d+$/);
    expect(init.cache).toBe('no-store');
  });

  it('reads the version inside a data envelope too', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: { version: '3.0.0' } })));
    expect(await fakeScope().send({ type: 'CHECK_VERSION' })).toMatchObject({ serverVersion: '3.0.0' });
  });

  it('answers null (unknown) when offline, and tells the pages the network is gone, then back', async () => {
    const { send, broadcasts } = fakeScope();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ version: '1.0.0+build' })));
    await send({ type: 'CHECK_VERSION' }); // online to start with
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await send({ type: 'CHECK_VERSION' })).toEqual({
      type: 'VERSION',
      serverVersion: null,
      swVersion: '1.0.0+build',
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(broadcasts).toEqual([{ type: 'NETWORK_STATUS', online: false }]);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ version: '1.0.0+build' })));
    await send({ type: 'CHECK_VERSION' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(broadcasts).toEqual([
      { type: 'NETWORK_STATUS', online: false },
      { type: 'NETWORK_STATUS', online: true },
    ]);
  });

  it('a non-200 answer is an unknown version, not a new one', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 503 }));
    expect(await fakeScope().send({ type: 'CHECK_VERSION' })).toMatchObject({ serverVersion: null });
  });

  it('SKIP_WAITING lets the waiting service worker take over', async () => {
    const { scope, send } = fakeScope();
    await send({ type: 'SKIP_WAITING' });
    expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('GET_STATUS answers the build version', async () => {
    expect(await fakeScope().send({ type: 'GET_STATUS' })).toMatchObject({ type: 'STATUS', swVersion: '1.0.0+build' });
  });

  it('ignores unknown messages and messages from other origins', async () => {
    const { scope, send } = fakeScope();
    expect(await send({ type: 'DELETE_EVERYTHING' })).toBeUndefined();
    expect(await send({ type: 'SKIP_WAITING' }, 'https://evil.example')).toBeUndefined();
    expect(scope.skipWaiting).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
