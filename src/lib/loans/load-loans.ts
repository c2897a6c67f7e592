import { z } from 'zod';
import { loanSchema, type Loan } from '../../shared/api/loan-schemas.ts';
import { getCustomerAllLoans } from '../api/calls/customer-loans.ts';
import { currentSession } from '../session/session.ts';
import { loansCacheAtom } from '../storage/atoms.ts';
import type { AppStore } from '../storage/store.ts';
import { loansStateAtom, type LoansState } from './loans-state.ts';

const loansSchema = z.array(loanSchema);

/** The loans kept in the session's storage for this customer, or null (none, another customer's, unreadable). */
async function cachedLoans(store: AppStore, customerId: number): Promise<{ loans: Loan[]; savedAt: number } | null> {
  const cache = await store.get(loansCacheAtom);
  if (cache === null || cache.customerId !== customerId) return null;
  const parsed = loansSchema.safeParse(cache.loans);
  return parsed.success ? { loans: parsed.data, savedAt: cache.savedAt } : null;
}

/**
 * Start-up paints the customer's data at once: while start-up checks the stored session (at least 1 s and
 * the member details), the loans kept in the session's storage for the stored session's customer are shown as they
 * were, marked `stale` and `checking` (their age shows, paying is disabled), until the fresh answer, asked once the
 * session is checked, replaces them. Does nothing without a stored session, when this customer's loans are already
 * known (or being loaded), or when nothing is kept for this customer (another customer's copy is never read).
 * Resolves with the state.
 */
export async function showKeptLoans(store: AppStore): Promise<LoansState> {
  const customerId = currentSession(store)?.memberDetails.id;
  const untouched = () => {
    const state = store.get(loansStateAtom);
    return state.kind === 'idle' || (state.kind === 'failed' && state.customerId === customerId);
  };
  if (customerId === undefined || !untouched()) return store.get(loansStateAtom);
  const kept = await cachedLoans(store, customerId);
  // The session may have ended, or a load may have answered, while the kept copy was being read.
  if (kept === null || currentSession(store)?.memberDetails.id !== customerId || !untouched()) {
    return store.get(loansStateAtom);
  }
  const state: LoansState = { kind: 'ready', customerId, ...kept, stale: true, checking: true };
  store.set(loansStateAtom, state);
  return state;
}

/** The load running in each store (the app has one; tests make one per test). */
const inFlight = new WeakMap<AppStore, { customerId: number; promise: Promise<LoansState> }>();

/**
 * Loads the logged-in customer's loans (CustomerAllLoansGet) into `loansStateAtom` and keeps the answer with its
 * time in the session's storage. A failed load (offline, server error) falls back on the answer kept from before,
 * marked stale; without one the state is `failed`. Calls made while the request runs share it. Resolves with the new
 * state.
 */
export function loadLoans(store: AppStore, now: () => number = Date.now): Promise<LoansState> {
  const customerId = currentSession(store)?.memberDetails.id;
  if (customerId === undefined) return Promise.resolve(store.get(loansStateAtom));
  const running = inFlight.get(store);
  if (running?.customerId === customerId) return running.promise;
  const previous = store.get(loansStateAtom);
  if (previous.kind !== 'ready' || previous.customerId !== customerId) {
    store.set(loansStateAtom, { kind: 'loading', customerId });
  }
  const isCurrent = () => currentSession(store)?.memberDetails.id === customerId;
  const entry = { customerId, promise: Promise.resolve(previous) };
  const settled = () => {
    if (inFlight.get(store) === entry) inFlight.delete(store);
  };
  entry.promise = (async (): Promise<LoansState> => {
    try {
      const loans = await getCustomerAllLoans({ ignoreErrors: true });
      const savedAt = now();
      // The request is over: a load asked from here on (a page opened while the answer is being kept) asks again
      // rather than sharing an answer it did not see start.
      settled();
      if (!isCurrent()) return store.get(loansStateAtom);
      const state: LoansState = { kind: 'ready', customerId, loans, savedAt, stale: false };
      store.set(loansStateAtom, state);
      await store.set(loansCacheAtom, { customerId, savedAt, loans: loansSchema.encode(loans) });
      return state;
    } catch (error) {
      if (!isCurrent()) return store.get(loansStateAtom);
      console.warn('The loans could not be loaded', error);
      const kept = await cachedLoans(store, customerId);
      const inMemory = store.get(loansStateAtom);
      const state: LoansState = kept
        ? { kind: 'ready', customerId, ...kept, stale: true }
        : inMemory.kind === 'ready' && inMemory.customerId === customerId
          ? { ...inMemory, stale: true, checking: false }
          : { kind: 'failed', customerId };
      store.set(loansStateAtom, state);
      return state;
    } finally {
      settled();
    }
  })();
  inFlight.set(store, entry);
  return entry.promise;
}
