import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Suspense, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cameFromDocuments, FROM_DOCUMENTS_STATE } from '../../../../src/lib/loan-flow/from-documents.ts';
import { LoanFlowGate } from '../../../../src/lib/loan-flow/LoanFlowGate.tsx';
import { cancelScheduledDrafts, clearFlow, forgetCurrentFlow } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { startSession } from '../../../../src/lib/session/session.ts';
import { loanFlowIdsAtom, persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { memberDetails } from '../../helpers/members.ts';

/** The loan flow after the request (documents, add card, success): read-only gate, forgetting and clearing. */

let store: AppStore;
const FLOW = { id: 'flow0009', dto: { ...defaultFlow(todayInMadrid()) }, formValues: {}, step: 'loanRequest' as const };

beforeEach(async () => {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  await storageBackend.del(loanFlowAtom(FLOW.id).key);
  store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: 'token-of-4', memberDetails: memberDetails({ id: 4 }) });
  await store.set(loanFlowAtom(FLOW.id), FLOW);
  await store.set(loanFlowIdsAtom, { '4': FLOW.id, '5': 'other001' });
});
afterEach(() => {
  cleanup();
  cancelScheduledDrafts();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

async function renderGate(url: string) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route
                path="/screen"
                element={<LoanFlowGate>{(flow) => <p data-testid="flow">{flow.id}</p>}</LoanFlowGate>}
              />
              <Route path="*" element={<Where />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
  });
}

describe('LoanFlowGate without a step (screens after the request)', () => {
  it('gives the saved flow of l and leaves its step alone', async () => {
    await renderGate(`/screen?l=${FLOW.id}`);
    expect(await screen.findByTestId('flow')).toHaveTextContent(FLOW.id);
    expect((await store.get(loanFlowAtom(FLOW.id)))?.step).toBe('loanRequest');
  });

  it('without l it creates no flow: the dashboard', async () => {
    await renderGate('/screen');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });
});

describe('LoanFlowGate with a step, without l', () => {
  it('a customer who leaves while the flow is being created is not taken back to the screen', async () => {
    await store.set(loanFlowIdsAtom, {});
    // Saving the new flow to IndexedDB takes a while (a busy device).
    const set = storageBackend.set.bind(storageBackend);
    const slowSet = vi.spyOn(storageBackend, 'set').mockImplementation(async (key, value) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await set(key, value);
    });
    const navigation: { navigate?: (to: string) => void } = {};
    function Navigator() {
      const navigate = useNavigate();
      useEffect(() => {
        navigation.navigate = (to) => void navigate(to);
      }, [navigate]);
      return null;
    }
    await act(async () => {
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/bank']}>
            <Navigator />
            <Suspense fallback={null}>
              <Routes>
                <Route
                  path="/bank"
                  element={
                    <LoanFlowGate step="bankCredentials">{(flow) => <p data-testid="flow">{flow.id}</p>}</LoanFlowGate>
                  }
                />
                <Route path="*" element={<Where />} />
              </Routes>
            </Suspense>
          </MemoryRouter>
        </Provider>,
      );
    });
    // The logout sends the customer home before the flow is saved.
    await act(async () => navigation.navigate?.('/'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(slowSet).toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    slowSet.mockRestore();
  });
});

describe('finishing a flow', () => {
  it('forgetCurrentFlow: no longer the current flow of the customer, the saved copy stays', async () => {
    await forgetCurrentFlow(store, FLOW.id);
    expect(await store.get(loanFlowIdsAtom)).toEqual({ '5': 'other001' });
    expect(await store.get(loanFlowAtom(FLOW.id))).not.toBeNull();
  });

  it('clearFlow: the saved copy goes too', async () => {
    await clearFlow(store, FLOW.id);
    expect(await store.get(loanFlowIdsAtom)).toEqual({ '5': 'other001' });
    expect(await store.get(loanFlowAtom(FLOW.id))).toBeNull();
    expect(await storageBackend.get(loanFlowAtom(FLOW.id).key)).toBeUndefined();
  });

  it("another flow than the customer's current one leaves the current id alone", async () => {
    await forgetCurrentFlow(store, 'someother');
    expect(await store.get(loanFlowIdsAtom)).toEqual({ '4': FLOW.id, '5': 'other001' });
  });
});

describe('comes from documents', () => {
  it('is the navigation state the documents page passes', () => {
    expect(cameFromDocuments(FROM_DOCUMENTS_STATE)).toBe(true);
    expect(cameFromDocuments(null)).toBe(false);
    expect(cameFromDocuments({ from: 'loanRequest' })).toBe(false);
    expect(cameFromDocuments('documents')).toBe(false);
  });
});
