import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi } from '../../../../src/lib/api/client.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import type { GlobalOutcome } from '../../../../src/lib/api/error-catalogue.ts';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { usePageData } from '../../../../src/lib/api/use-page-data.ts';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { defineCall } from '../../../../src/shared/api/define.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

const ThingGet = defineCall({
  name: 'TestThingGet',
  method: 'GET',
  path: '/api/thing',
  auth: 'customer',
  roles: ['user'],
  response: z.object({ name: z.string() }),
});

let server: TestServer;
let failures: GlobalOutcome['kind'][];
let store: ReturnType<typeof createStore>;
const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  store = createStore();
  store.set(onlineAtom, true);
  server.requests = [];
  failures = [];
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => ({ token: 'jwt', memberId: 7, role: 'user' }),
    getClientUniqueId: () => 'id',
    onGlobalFailure: (outcome) => failures.push(outcome.kind),
  });
});

const networkError = () =>
  new ApiError({
    kind: 'network',
    message: 'Error de red',
    callName: 'TestThingGet',
    method: 'GET',
    url: '/api/thing',
  });

describe('usePageData', () => {
  it('loads on mount, fails, and loads again on retry', async () => {
    const fetch = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(new Error('caído'))
      .mockResolvedValueOnce('datos');
    const { result } = renderHook(() => usePageData(fetch), { wrapper });
    expect(result.current.load).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed', offline: false }));
    act(() => result.current.retry());
    expect(result.current.load).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: 'datos' }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('aborts the request when the page unmounts and ignores a late answer', async () => {
    let signal: AbortSignal | undefined;
    let answer: (value: string) => void = () => undefined;
    const fetch = (received: AbortSignal) => {
      signal = received;
      return new Promise<string>((resolve) => {
        answer = resolve;
      });
    };
    const { result, unmount } = renderHook(() => usePageData(fetch), { wrapper });
    unmount();
    expect(signal?.aborted).toBe(true);
    answer('tarde');
    await Promise.resolve();
    expect(result.current.load).toEqual({ kind: 'loading' });
  });

  it('a retry aborts the load before it: the first answer, arriving last, never replaces the second', async () => {
    const answers: ((value: string) => void)[] = [];
    const signals: AbortSignal[] = [];
    const fetch = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve) => answers.push(resolve));
    };
    const { result } = renderHook(() => usePageData(fetch), { wrapper });
    act(() => result.current.retry());
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    act(() => answers[1]?.('nuevo'));
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: 'nuevo' }));
    act(() => answers[0]?.('viejo'));
    await Promise.resolve();
    expect(result.current.load).toEqual({ kind: 'ready', value: 'nuevo' });
  });

  it('another key (the loan of the address) loads that one’s data, aborting the load of the one before', async () => {
    const signals: AbortSignal[] = [];
    const fetchOf = (id: number) => (signal: AbortSignal) => {
      signals.push(signal);
      return id === 1 ? new Promise<string>(() => undefined) : Promise.resolve(`préstamo ${id}`);
    };
    const { result, rerender } = renderHook(({ id }) => usePageData(fetchOf(id), { key: id }), {
      wrapper,
      initialProps: { id: 1 },
    });
    rerender({ id: 2 });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: 'préstamo 2' }));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('a load that fails offline is shown as offline and loads again once when the connection comes back', async () => {
    store.set(onlineAtom, false);
    const fetch = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce('de vuelta');
    const { result } = renderHook(() => usePageData(fetch), { wrapper });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed', offline: true }));
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => store.set(onlineAtom, true));
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: 'de vuelta' }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the client’s network failure counts as offline; a server failure does not reload on reconnection', async () => {
    const fetch = vi.fn<(signal: AbortSignal) => Promise<string>>().mockRejectedValue(networkError());
    const { result } = renderHook(() => usePageData(fetch), { wrapper });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed', offline: true }));

    const failing = vi.fn<(signal: AbortSignal) => Promise<string>>().mockRejectedValue(new Error('500'));
    const other = renderHook(() => usePageData(failing), { wrapper });
    await waitFor(() => expect(other.result.current.load).toEqual({ kind: 'failed', offline: false }));
    act(() => store.set(onlineAtom, false));
    act(() => store.set(onlineAtom, true));
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('a kept copy (isKeptCopy) loads again when the connection comes back, a fresh value does not', async () => {
    const fetch = vi
      .fn<(signal: AbortSignal) => Promise<{ stale: boolean }>>()
      .mockResolvedValueOnce({ stale: true })
      .mockResolvedValue({ stale: false });
    const { result } = renderHook(() => usePageData(fetch, { isKeptCopy: (value) => value.stale }), { wrapper });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: { stale: true } }));
    act(() => store.set(onlineAtom, false));
    act(() => store.set(onlineAtom, true));
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: { stale: false } }));
    act(() => store.set(onlineAtom, false));
    act(() => store.set(onlineAtom, true));
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('usePageData with the API client', () => {
  const getThing = (signal: AbortSignal) =>
    callApi(ThingGet, {}, { signal, handledByCaller: (error) => error.status === 404 });

  it('a global failure (401) goes to the global handling once; the page shows it failed', async () => {
    server.handler = (_request, response) => json(response, 401, { errors: [] });
    const { result } = renderHook(() => usePageData(getThing), { wrapper });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed', offline: false }));
    expect(failures).toEqual(['sessionExpired']);
  });

  it('a failure the page shows itself (here 404) stays the page’s; the answer is the page’s value', async () => {
    server.handler = (_request, response) => json(response, 404, { errors: [] });
    const { result } = renderHook(() => usePageData(getThing), { wrapper });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed', offline: false }));
    expect(failures).toEqual([]);
    server.handler = (_request, response) => json(response, 200, { data: { name: 'cosa' } });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'ready', value: { name: 'cosa' } }));
  });

  it('leaving the page cancels the request without any global dialog', async () => {
    server.handler = () => undefined; // never answers
    const { unmount } = renderHook(() => usePageData(getThing), { wrapper });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failures).toEqual([]);
  });
});
