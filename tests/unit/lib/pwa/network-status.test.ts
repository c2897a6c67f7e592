import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineAtom, reportNetwork, startNetworkStatus } from '../../../../src/lib/pwa/network-status.ts';

function setNavigatorOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

describe('network status', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.restoreAllMocks();
  });

  it('follows the browser online and offline events', () => {
    setNavigatorOnline(true);
    const store = createStore();
    stop = startNetworkStatus(store);
    expect(store.get(onlineAtom)).toBe(true);
    setNavigatorOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(store.get(onlineAtom)).toBe(false);
    setNavigatorOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(store.get(onlineAtom)).toBe(true);
  });

  it('a failed request marks the app offline even when the browser thinks it is online', () => {
    setNavigatorOnline(true);
    const store = createStore();
    reportNetwork(store, false);
    expect(store.get(onlineAtom)).toBe(false);
    reportNetwork(store, true);
    expect(store.get(onlineAtom)).toBe(true);
  });

  it('a late success does not hide the banner while the browser says it is offline', () => {
    const store = createStore();
    stop = startNetworkStatus(store);
    setNavigatorOnline(false);
    window.dispatchEvent(new Event('offline'));
    reportNetwork(store, true);
    expect(store.get(onlineAtom)).toBe(false);
    setNavigatorOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(store.get(onlineAtom)).toBe(true);
  });
});
