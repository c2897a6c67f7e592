import { atom } from 'jotai';
import { RESET } from 'jotai/utils';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { accountCacheAtom, loansCacheAtom, sessionAtom } from '../storage/atoms.ts';
import type { AppStore } from '../storage/store.ts';
import { clearReopenSnapshot } from './reopen-snapshot.ts';

/**
 * The customer's loans as the dashboard, the side menu's credit balance and the header's pay shortcut read them
 * (one loan data for the three). Loaded with CustomerAllLoansGet by load-loans.ts; this file stays tiny
 * (no schemas) because the session code imports it to clear the loans at logout.
 */
export type LoansState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly customerId: number }
  | {
      readonly kind: 'ready';
      readonly customerId: number;
      readonly loans: readonly Loan[];
      /** When the server gave this answer (epoch ms). */
      readonly savedAt: number;
      /** The last load failed: these are the answer kept from before (memory or the session's storage). */
      readonly stale: boolean;
      /**
       * The answer kept in the session's storage, shown at once when the app opens while start-up checks the session
       * (src/lib/loans/load-loans.ts `showKeptLoans`); also `stale` (paying disabled) until the fresh answer replaces it.
       */
      readonly checking?: boolean;
    }
  | { readonly kind: 'failed'; readonly customerId: number };

export const loansStateAtom = atom<LoansState>({ kind: 'idle' });

/**
 * Forget the loans (logout, session over): in memory and in the session's storage — and the account page's kept copy,
 * the other piece of the customer's data kept for offline.
 */
export async function clearLoans(store: AppStore): Promise<void> {
  store.set(loansStateAtom, { kind: 'idle' });
  clearReopenSnapshot();
  await Promise.all([store.set(loansCacheAtom, RESET), store.set(accountCacheAtom, RESET)]);
}

/**
 * The kept loans live no longer than the session: whenever there is no session (it expired on its own, was ended in
 * another tab, or was already gone when the app started) they are cleared. Call once at start-up, after hydration.
 * Returns the unsubscribe function.
 */
export function clearLoansWithoutSession(store: AppStore): () => void {
  const check = () => {
    if (store.get(sessionAtom) === null) void clearLoans(store);
  };
  check();
  return store.sub(sessionAtom, check);
}
