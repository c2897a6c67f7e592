// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { contractPrefetch, prefetchContract, PREFETCH_TIMEOUT_MS } from '../../../../src/lib/api/prefetch-contract.ts';

/** The contract's zod schemas, loaded in an idle moment once a customer is logged in (the first load has none). */

describe('prefetchContract', () => {
  it('waits for an idle moment (at most PREFETCH_TIMEOUT_MS); cancelled before it, it loads nothing', () => {
    const idle = vi.fn((_callback: () => void, _options: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const cancel = prefetchContract(idle);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: PREFETCH_TIMEOUT_MS });
    expect(contractPrefetch()).toBeUndefined();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    vi.unstubAllGlobals();
  });

  it('then loads zod and the shared schemas once', async () => {
    let run: (() => void) | undefined;
    const idle = vi.fn((callback: () => void) => {
      run = callback;
      return 1;
    });
    prefetchContract(idle);
    run?.();
    const [define, common] = (await contractPrefetch()) as [Record<string, unknown>, Record<string, unknown>];
    expect(typeof define.defineCall).toBe('function');
    expect(common.moneySchema).toBeDefined();
    // Started once: later sessions (another login in the same page) do not schedule it again.
    prefetchContract(idle);
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
