import { useCallback, useEffect, useRef } from 'react';

/**
 * A promise that settles when the component unmounts, or after `fallbackMs` if it stays on screen.
 *
 * After a registration the access guard replaces the register page as soon as the new session's status is known
 * (the page is for visitors only) and redirects to the status's landing page. Waiting for that before navigating to
 * `/otp?q=…` makes the page's own navigation the last one, so the hint in `q` is never overwritten by the guard's
 * redirect, whichever of the two React runs first.
 */
export function useAfterUnmount(fallbackMs: number): () => Promise<void> {
  const unmounted = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  useEffect(() => {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    unmounted.current = { promise, resolve };
    return () => resolve();
  }, []);
  return useCallback(() => {
    const current = unmounted.current;
    if (current === null) return Promise.resolve();
    return Promise.race([current.promise, new Promise<void>((done) => setTimeout(done, fallbackMs))]);
  }, [fallbackMs]);
}
