import { whenIdle, type Idle } from '../scheduling/when-idle.ts';

/**
 * The first load carries no zod (src/shared/api/wire). A logged-in customer's pages, though, all validate with the
 * contract's zod schemas: once a session starts, the library and the contract's shared schemas are loaded in an idle
 * moment, so the first page of the customer's area waits only for its own code. An anonymous visitor never loads
 * them unless a page needs them.
 */

/** At the latest this long after the session starts, even if the page is never idle. */
export const PREFETCH_TIMEOUT_MS = 2000;

let loading: Promise<unknown> | undefined;

/** Loads the contract's shared modules once (the same promise after), in an idle moment; returns a cancel function. */
export function prefetchContract(idle?: Idle): () => void {
  if (loading) return () => undefined;
  const start = () => {
    loading ??= Promise.all([import('../../shared/api/define.ts'), import('../../shared/api/common.ts')]).catch(
      () => (loading = undefined), // offline or a new deployment: the page that needs them loads them itself
    );
  };
  return whenIdle(start, PREFETCH_TIMEOUT_MS, idle);
}

/** The loading prefetch, if started (for the tests). */
export const contractPrefetch = (): Promise<unknown> | undefined => loading;
