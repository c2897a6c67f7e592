import { useEffect, useRef } from 'react';
import { usePageData } from '../api/use-page-data.ts';

/**
 * A document a modal shows, loaded when the modal opens (and again when `key` changes) through `usePageData`: null
 * while it loads. The request is aborted when the modal closes; a failed load is logged and handed to `onFailed`
 * (the modals warn and close, second document §8). `load` and `onFailed` are read when a load starts or fails, so
 * they need not be stable.
 */
export function useDocument<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onFailed: (error: unknown) => void,
): T | null {
  const onFailedRef = useRef(onFailed);
  useEffect(() => {
    onFailedRef.current = onFailed;
  });
  const { load: loaded } = usePageData(
    (signal) =>
      load(signal).then(
        (value) => ({ key, value }),
        (error: unknown) => {
          if (!signal.aborted) {
            console.warn('The document could not be loaded', error);
            onFailedRef.current(error);
          }
          throw error;
        },
      ),
    { key },
  );
  return loaded.kind === 'ready' && loaded.value.key === key ? loaded.value.value : null;
}
