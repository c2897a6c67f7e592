import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RoutePage } from '../../../../src/app/shell/RoutePage.tsx';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { currentSession, sessionReadyAtom, startSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { json, type TestServer } from '../../lib/api/test-server.ts';

/**
 * The bank credentials and limit pages as the app mounts them: through the route guard (RoutePage, which redirects
 * by status), against a local HTTP server. Other routes show where the customer landed.
 */

/** Every location the router showed, in order (a redirect on the way shows up here). */
export const visited: string[] = [];

/** Where the router is (path and query), shown on every page. */
function Location() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (visited.at(-1) !== path) visited.push(path);
  }, [path]);
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Any other route: the page the customer was sent to. */
function Elsewhere() {
  return <p data-testid="elsewhere">elsewhere</p>;
}

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: `token-of-${member.id}`, memberDetails: member });
  store.set(sessionReadyAtom, true);
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

export async function renderAt(store: AppStore, url: string) {
  visited.length = 0;
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/bank-credentials" element={<RoutePage routeKey="bankCredentials" />} />
            <Route path="/loan-request/limit-approve" element={<RoutePage routeKey="loanRequestLimitApprove" />} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
          <Location />
          <DialogHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

export function businessError(code: keyof typeof businessErrorCodes) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: known.message, title: 'Aviso' }],
    });
}

/** The location element: `await waitFor(() => expect(location()).toHaveTextContent(…))`. */
export const location = () => screen.getByTestId('location');
