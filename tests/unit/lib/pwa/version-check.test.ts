import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkVersionOnce,
  RELOADED_FOR_KEY,
  startVersionCheck,
  type VersionCheckDeps,
} from '../../../../src/lib/pwa/version-check.ts';

/** First document §4 "Version check": first after 10 s, then every 5 minutes; a new version updates and reloads once. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function deps(server: () => Promise<string | null>, overrides: Partial<VersionCheckDeps> = {}) {
  const update = vi.fn(async () => undefined);
  return { update, deps: { currentVersion: '1.0.0', fetchServerVersion: vi.fn(server), update, ...overrides } };
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('one check', () => {
  it('the same version: nothing happens', async () => {
    const { deps: d, update } = deps(async () => '1.0.0');
    expect(await checkVersionOnce(d)).toBe('same');
    expect(update).not.toHaveBeenCalled();
  });

  it('an unknown server version (offline) is not a new version', async () => {
    const { deps: d, update } = deps(async () => null);
    expect(await checkVersionOnce(d)).toBe('unknown');
    expect(update).not.toHaveBeenCalled();
  });

  it('a different version updates (new SW, reload) once; the reloaded page does not reload again for it', async () => {
    const { deps: d, update } = deps(async () => '2.0.0');
    expect(await checkVersionOnce(d)).toBe('updating');
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe('2.0.0');
    // After the reload the page still runs 1.0.0 (no new SW could be installed): no loop.
    expect(await checkVersionOnce(d)).toBe('alreadyTried');
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('a later, different version is tried again; reaching the server version clears the guard', async () => {
    sessionStorage.setItem(RELOADED_FOR_KEY, '2.0.0');
    const { deps: later, update } = deps(async () => '3.0.0');
    expect(await checkVersionOnce(later)).toBe('updating');
    expect(update).toHaveBeenCalledTimes(1);
    const { deps: current } = deps(async () => '3.0.0', { currentVersion: '3.0.0' });
    expect(await checkVersionOnce(current)).toBe('same');
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  });
});

describe('the schedule', () => {
  it('checks first after 10 s, then every 5 minutes, and stops', async () => {
    const { deps: d } = deps(async () => '1.0.0');
    const stop = startVersionCheck(d);
    await vi.advanceTimersByTimeAsync(10 * SECOND - 1);
    expect(d.fetchServerVersion).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.fetchServerVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(d.fetchServerVersion).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(d.fetchServerVersion).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(d.fetchServerVersion).toHaveBeenCalledTimes(4);
  });

  it('a slow check is not overlapped by the next one, and a failing check is reported, not thrown', async () => {
    let release: (value: string) => void = () => undefined;
    const onError = vi.fn();
    const slow = vi.fn(
      () =>
        new Promise<string | null>((resolve) => {
          release = resolve;
        }),
    );
    const stop = startVersionCheck({ currentVersion: '1', fetchServerVersion: slow, update: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(10 * SECOND + 15 * MINUTE);
    expect(slow).toHaveBeenCalledTimes(1);
    release('1');
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(slow).toHaveBeenCalledTimes(2);
    stop();

    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    const stopFailing = startVersionCheck({
      currentVersion: '1',
      fetchServerVersion: failing,
      update: vi.fn(),
      onError,
    });
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    stopFailing();
  });
});
