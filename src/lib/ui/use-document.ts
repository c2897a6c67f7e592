import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A document a modal shows, loaded when the modal opens (and again when `key` changes): null while it loads. The
 * request is aborted when the modal closes; a failed load is logged and handed to `onFailed` (the modals warn and
 * close, second document §8). `load` and `onFailed` are read when a load starts or fails, so they need not be stable.
 */
export function useDocument<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onFailed: (error: unknown) => void,
): T | null {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  const failed = useEffectEvent((error: unknown) => onFailed(error));
  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoaded({ key, value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The document could not be loaded', error);
        failed(error);
      },
    );
    return () => controller.abort();
  }, [key]);
  return loaded?.key === key ? loaded.value : null;
}
