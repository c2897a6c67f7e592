import { useState } from 'react';
import { useLoad, type Load } from './use-load.ts';

/**
 * A page's read and the notice of its last write: `done(text)` shows the notice and reads again (the key carries a
 * count of the writes made since). Null `key`: nothing is read (the staff member may not).
 */
export function useNoticedLoad<T>(
  key: string | null,
  read: () => Promise<T>,
): { load: Load<T>; notice: string | null; done: (notice: string) => void } {
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useLoad(key === null ? null : `${key}#${version}`, read);
  const done = (text: string) => {
    setNotice(text);
    setVersion((count) => count + 1);
  };
  return { load, notice, done };
}
