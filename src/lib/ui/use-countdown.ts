import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left (rounded up), 0 once the time is over. */
  readonly secondsLeft: number;
  /** Starts the full wait again (after a new code was sent). */
  readonly restart: () => void;
}

const TICK_MS = 1000;

/**
 * A wait of `durationMs` from mount (first document §9 "PIN resend wait 60 seconds": the OTP page and the PIN reset
 * page), ticking once a second; `restart` starts it again. Each tick reads the clock, so a throttled background tab
 * still shows the right time and ends on time.
 */
export function useCountdown(durationMs: number): Countdown {
  const [deadline, setDeadline] = useState(() => Date.now() + durationMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);
  const restart = useCallback(() => {
    const started = Date.now();
    setNow(started);
    setDeadline(started + durationMs);
  }, [durationMs]);
  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / TICK_MS)), restart };
}
