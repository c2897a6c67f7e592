import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from '../../../../src/lib/ui/use-single-flight.ts';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useSingleFlight', () => {
  it('ignores calls while one runs (even in the same tick) and reports running until it settles', async () => {
    const calls: string[] = [];
    let pending = deferred();
    const { result } = renderHook(() =>
      useSingleFlight(async (value: string) => {
        calls.push(value);
        await pending.promise;
      }),
    );
    expect(result.current[1]).toBe(false);
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current[0]('a');
      void result.current[0]('b');
    });
    expect(calls).toEqual(['a']);
    expect(result.current[1]).toBe(true);
    await act(async () => {
      pending.resolve();
      await first;
    });
    expect(result.current[1]).toBe(false);

    pending = deferred();
    pending.resolve();
    await act(() => result.current[0]('c'));
    expect(calls).toEqual(['a', 'c']);
  });

  it('a failure is the caller’s, and the next call runs again', async () => {
    const pending = deferred();
    let attempts = 0;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        attempts += 1;
        if (attempts === 1) await pending.promise;
      }),
    );
    let failed: Promise<void> = Promise.resolve();
    act(() => {
      failed = result.current[0]();
    });
    pending.reject(new Error('boom'));
    await act(async () => {
      await expect(failed).rejects.toThrow('boom');
    });
    expect(result.current[1]).toBe(false);
    await act(() => result.current[0]());
    expect(attempts).toBe(2);
  });

  it('always runs the latest task it was given', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ n }) => useSingleFlight(async () => void seen.push(n)), {
      initialProps: { n: 1 },
    });
    rerender({ n: 2 });
    await act(() => result.current[0]());
    expect(seen).toEqual([2]);
  });
});
