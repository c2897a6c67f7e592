import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDocument } from '../../../../src/lib/ui/use-document.ts';

/** The document a modal shows: loaded per key, aborted when the modal closes, a failure handed on once. */

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useDocument', () => {
  it('is null while loading, then the document; a new key loads again and never shows the old key’s answer', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return signals.length === 1 ? first.promise : second.promise;
    });
    const { result, rerender } = renderHook(({ id }) => useDocument(id, load, () => undefined), {
      initialProps: { id: 'a' },
    });
    expect(result.current).toBeNull();
    rerender({ id: 'b' });
    expect(signals[0]!.aborted).toBe(true);
    await act(async () => first.resolve('documento A'));
    expect(result.current).toBeNull();
    await act(async () => second.resolve('documento B'));
    expect(result.current).toBe('documento B');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to onFailed (once), but not one that comes after the modal closed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = deferred<string>();
    const onFailed = vi.fn();
    const { unmount } = renderHook(() => useDocument('a', () => failing.promise, onFailed));
    await act(async () => failing.reject(new Error('500')));
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));

    const late = deferred<string>();
    const lateFailed = vi.fn();
    const closed = renderHook(() => useDocument('b', () => late.promise, lateFailed));
    closed.unmount();
    await act(async () => late.reject(new Error('500')));
    expect(lateFailed).not.toHaveBeenCalled();
    unmount();
  });
});
