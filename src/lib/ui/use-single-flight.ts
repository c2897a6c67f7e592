import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Runs `task` at most once at a time: a call while one is running (a second Enter, a double tap) is ignored. Returns
 * the guarded function and whether it is running (the submit button's spinner). The guard is a ref, so two calls in
 * the same tick cannot both pass before React re-renders.
 */
export function useSingleFlight<A extends unknown[]>(
  task: (...args: A) => Promise<void>,
): [run: (...args: A) => Promise<void>, isRunning: boolean] {
  const running = useRef(false);
  const [isRunning, setRunning] = useState(false);
  const latest = useRef(task);
  // The task of the last render, for calls from its handlers (set after the commit, before any event can reach it).
  useLayoutEffect(() => {
    latest.current = task;
  });
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setRunning(true);
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
      setRunning(false);
    }
  }, []);
  return [run, isRunning];
}
