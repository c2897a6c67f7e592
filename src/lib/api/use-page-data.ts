import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { onlineAtom } from '../pwa/network-status.ts';
import { isApiError } from './errors.ts';

/**
 * What a page loaded: loading, the value, or failed (the page offers 'Reintentar'). A load that failed for lack of
 * connection is `offline`: it loads again by itself when the connection comes back.
 */
export type PageData<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly value: T }
  | { readonly kind: 'failed'; readonly offline: boolean };

export interface PageDataState<T> {
  readonly load: PageData<T>;
  /** Loads again, showing `loading` meanwhile (the 'Reintentar' button). */
  readonly retry: () => void;
  /** Changes the loaded value in place (after an action that the page applies itself). */
  readonly setLoad: Dispatch<SetStateAction<PageData<T>>>;
}

export interface PageDataOptions<T> {
  /** What the data is of (e.g. the loan id of the address): when it changes, the page's data loads again. */
  readonly key?: string | number | null;
  /** A value kept from an earlier visit (shown offline with its age): it too loads again when the connection returns. */
  readonly isKeptCopy?: (value: T) => boolean;
}

const failedForLackOfConnection = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'offline' || error.kind === 'network');

/**
 * The one way a page loads its data: `fetch(signal)` runs on mount, is aborted when the page unmounts (an
 * answer that arrives after that is ignored), and `retry` runs it again. Its failures reach the global error
 * catalogue through the API client as for any call: `fetch` calls `callApi` with the page's `signal` and, for the
 * failures the page shows itself (a 404 shown as 'not found', a business refusal), `handledByCaller` or
 * `ignoreErrors`; the hook itself shows nothing global. A load that fails while offline (`onlineAtom`, or the
 * client's offline/network failure) is `failed` with `offline`, and loads again once when the connection comes back
 * (as does a kept copy, `isKeptCopy`), never in a loop. `fetch` is read when a load starts.
 */
export function usePageData<T>(
  fetch: (signal: AbortSignal) => Promise<T>,
  options: PageDataOptions<T> = {},
): PageDataState<T> {
  const online = useAtomValue(onlineAtom);
  const [load, setLoad] = useState<PageData<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetch);
  const onlineRef = useRef(online);
  useEffect(() => {
    fetchRef.current = fetch;
    onlineRef.current = online;
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoad({ kind: 'ready', value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ kind: 'failed', offline: !onlineRef.current || failedForLackOfConnection(error) });
      },
    );
    return () => controller.abort();
  }, [attempt, options.key]);

  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  // Back online: load again what failed for lack of connection, or the kept copy (once per return, not in a loop).
  const { isKeptCopy } = options;
  const waitsForConnection =
    (load.kind === 'failed' && load.offline) || (load.kind === 'ready' && isKeptCopy?.(load.value) === true);
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && waitsForConnection) retry();
  }, [online, waitsForConnection, retry]);

  return { load, retry, setLoad };
}
