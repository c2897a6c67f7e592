import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '../../../../src/lib/ui/use-countdown.ts';

/** The PIN resend wait (first document §9) of the OTP page and the PIN reset page: one hook. */
describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down from the duration and stops at 0', () => {
    const { result } = renderHook(() => useCountdown(60_000));
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('starts the full wait again on restart', () => {
    const { result } = renderHook(() => useCountdown(60_000));
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.restart());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.secondsLeft).toBe(50);
  });
});
