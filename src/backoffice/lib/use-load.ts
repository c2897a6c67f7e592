import { useEffect, useState } from 'react';

/** A read's state: not asked (`idle`), under way, answered, or failed with the error. */
export type Load<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown };

/**
 * Runs `read` whenever `key` changes (null: nothing to read) and keeps the latest answer; an answer to an older key
 * is dropped, so a quick second search never shows the first one's results.
 */
export function useLoad<T>(key: string | null, read: () => Promise<T>): Load<T> {
  const [state, setState] = useState<{ key: string | null; load: Load<T> }>({ key: null, load: { status: 'idle' } });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    read().then(
      (data) => live && setState({ key, load: { status: 'done', data } }),
      (error: unknown) => live && setState({ key, load: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // `read` is a new function each render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return { status: 'idle' };
  return state.key === key ? state.load : { status: 'loading' };
}
