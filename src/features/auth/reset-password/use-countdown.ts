import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/**
 * Seconds left until `durationMs` after the last (re)start; 0 once over. `restartKey` restarts it (a new PIN was
 * sent). The time left is read from the clock at every tick, so a throttled background tab does not drift.
 */
export function useCountdown(durationMs: number, restartKey: number): number {
  const [secondsLeft, setSecondsLeft] = useState(() => Math.ceil(durationMs / TICK_MS));

  useEffect(() => {
    const deadline = Date.now() + durationMs;
    const update = () => setSecondsLeft(Math.max(0, Math.ceil((deadline - Date.now()) / TICK_MS)));
    update();
    const timer = setInterval(() => {
      update();
      if (Date.now() >= deadline) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [durationMs, restartKey]);

  return secondsLeft;
}
