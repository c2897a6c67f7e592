import { act, render, screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { currentSession, startSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { json, type TestServer } from '../../lib/api/test-server.ts';

/** The cards and loan outcome pages against a local HTTP server standing in for the API. */

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  store.set(onlineAtom, true);
  await startSession(store, { token: `token-of-${member.id}`, memberDetails: member });
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => {
      const session = currentSession(store);
      return session ? { token: session.token, memberId: session.memberDetails.id, role: 'user' } : null;
    },
    getClientUniqueId: () => 'client-1',
  });
  return store;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

export async function renderPage(store: AppStore, path: string, page: ReactNode, entry: InitialEntry) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[entry]}>
          <Suspense fallback={<p>cargando</p>}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<Where />} />
            </Routes>
          </Suspense>
          <ToastHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

export const where = () => screen.getByTestId('where').textContent;

export function businessError(code: keyof typeof businessErrorCodes, message?: string) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: message ?? known.message, title: 'Aviso' }],
    });
}

/** CardCreateAndValidatePost's answer: a card added at once (`success`), with `data` changed. */
export const createdCard =
  (data: Record<string, unknown> = {}) =>
  (response: ServerResponse) =>
    json(response, 200, {
      data: {
        result: 'success',
        editPaymentInfoSubReason: null,
        card3dsFlowResponse: null,
        cardId: 31,
        message: '',
        payload: null,
        ...data,
      },
    });

/** Picks an option of a design-system select by its label. */
export async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
