import { createStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLoansWithoutSession, loansStateAtom } from '../../../../src/lib/loans/loans-state.ts';
import { loansCacheAtom, persistedAtoms, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { memberDetails } from '../../helpers/members.ts';

/** The loans kept for the offline dashboard live no longer than the session (issue 13). */

const kept = { customerId: 5, savedAt: 1, loans: [] };
let store: AppStore;

beforeEach(async () => {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  store = createStore();
  await hydrate(store, persistedAtoms);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('clearLoansWithoutSession', () => {
  it('keeps them while the session lasts and clears them (storage and memory) when it ends on its own', async () => {
    await store.set(sessionAtom, { token: 't', memberDetails: memberDetails({ id: 5 }) });
    await store.set(loansCacheAtom, kept);
    store.set(loansStateAtom, { kind: 'loading', customerId: 5 });
    const stop = clearLoansWithoutSession(store);
    await settle();
    expect(await store.get(loansCacheAtom)).toEqual(kept);
    await store.set(sessionAtom, RESET);
    await settle();
    expect(await store.get(loansCacheAtom)).toBeNull();
    expect(await storageBackend.get('loansCache')).toBeUndefined();
    expect(store.get(loansStateAtom)).toEqual({ kind: 'idle' });
    stop();
  });

  it('clears loans left on the device when the app starts without a session', async () => {
    await store.set(loansCacheAtom, kept);
    const stop = clearLoansWithoutSession(store);
    await settle();
    expect(await storageBackend.get('loansCache')).toBeUndefined();
    stop();
  });
});
