import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoad } from '../../../../src/lib/ui/use-load.ts';

describe('useLoad', () => {
  it('loads on mount, fails, and loads again on retry', async () => {
    const fetch = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('datos');
    const { result } = renderHook(() => useLoad(fetch));
    expect(result.current.load).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.load).toEqual({ kind: 'failed' }));
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
    const { result, unmount } = renderHook(() => useLoad(fetch));
    unmount();
    expect(signal?.aborted).toBe(true);
    answer('tarde');
    await Promise.resolve();
    expect(result.current.load).toEqual({ kind: 'loading' });
  });
});
