import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { PAGE_PARAM, pageFromUrl } from '../../lib/paths.ts';
import { useLoad, type Load } from '../../lib/use-load.ts';

export interface PagedRead<T> {
  load: Load<T>;
  /** Goes to another page of the list (the URL's `?pagina=`, so the back button returns). */
  onPage: (page: number) => void;
}

/**
 * A tab's paged read of the customer: the page from the URL's `?pagina=`, read again when the customer or the page
 * changes, `DEFAULT_PAGE_SIZE` rows a page.
 */
export function usePagedRead<T>(
  customerId: number,
  read: (query: { page: number; pageSize: number }) => Promise<T>,
): PagedRead<T> {
  const [params, setParams] = useSearchParams();
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const load = useLoad(JSON.stringify([customerId, page]), () => read({ page, pageSize: DEFAULT_PAGE_SIZE }));
  return { load, onPage: (next) => setParams({ [PAGE_PARAM]: String(next) }) };
}
