import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** What a page loaded on mount: loading, the value, or failed (the page offers 'Reintentar'). */
export type Load<T> =
  { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly value: T } | { readonly kind: 'failed' };

export interface Loaded<T> {
  readonly load: Load<T>;
  /** Loads again, showing `loading` meanwhile (the 'Reintentar' button). */
  readonly retry: () => void;
  /** Changes the loaded value in place (after an action that the page applies itself). */
  readonly setLoad: Dispatch<SetStateAction<Load<T>>>;
}

/**
 * Loads a page's data on mount with `fetch(signal)`: the request is aborted when the page unmounts, an answer that
 * arrives after that is ignored, and `retry` loads again. For pages that read one thing and show loading, failure
 * with 'Reintentar', or the value (the active cards, the credit history). `fetch` is read when a load starts.
 */
export function useLoad<T>(fetch: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoad({ kind: 'ready', value });
      },
      () => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { load, retry, setLoad };
}
