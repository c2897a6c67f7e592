// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../../src/lib/scheduling/when-idle.ts';

/** Work that can wait (the service worker's start, the contract prefetch) runs when the main thread is idle. */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('asks for an idle moment with the given deadline, and runs the work there', () => {
    let run: (() => void) | undefined;
    const idle = vi.fn((callback: () => void, _options: { timeout: number }) => {
      run = callback;
      return 3;
    });
    const work = vi.fn();
    whenIdle(work, 1234, idle);
    expect(idle).toHaveBeenCalledWith(work, { timeout: 1234 });
    expect(work).not.toHaveBeenCalled();
    run?.();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancelled before that moment, the work never runs', () => {
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const cancel = whenIdle(vi.fn(), 1000, () => 9);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(9);
  });

  it('without requestIdleCallback (Safari), the work runs in the next task unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 1000);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled, 1000)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
