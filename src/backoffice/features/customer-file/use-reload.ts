import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { PAGE_PARAM, pageFromUrl } from '../../lib/paths.ts';
import { useLoad, type Load } from '../../lib/use-load.ts';

/** A read that a write can ask again (`reload`): its key carries a count of the writes made since. */
export function useReloadableLoad<T>(
  key: string | null,
  read: () => Promise<T>,
): { load: Load<T>; reload: () => void } {
  const [version, setVersion] = useState(0);
  const load = useLoad(key === null ? null : `${key}#${version}`, read);
  return { load, reload: () => setVersion((count) => count + 1) };
}

/** `usePagedRead` (the `?pagina=` read of a tab) that a write can ask again. */
export function useReloadablePagedRead<T>(
  customerId: number,
  read: (query: { page: number; pageSize: number }) => Promise<T>,
): { load: Load<T>; onPage: (page: number) => void; reload: () => void } {
  const [params, setParams] = useSearchParams();
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const { load, reload } = useReloadableLoad(JSON.stringify([customerId, page]), () =>
    read({ page, pageSize: DEFAULT_PAGE_SIZE }),
  );
  return { load, reload, onPage: (next) => setParams({ [PAGE_PARAM]: String(next) }) };
}
