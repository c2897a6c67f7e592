import { act, render, screen } from '@testing-library/react';
import { clear, createStore as createIdbStore } from 'idb-keyval';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import ForgotPinPage from '../../../../src/features/auth/ForgotPinPage.tsx';
import LoginPage from '../../../../src/features/auth/LoginPage.tsx';
import ResetPasswordPage from '../../../../src/features/auth/ResetPasswordPage.tsx';
import { UpdatePasswordHost } from '../../../../src/features/auth/update-password/UpdatePasswordHost.tsx';
import { configureApi, type ApiConfig } from '../../../../src/lib/api/configure.ts';
import { currentSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import { apiErrorOf, type ErrorCodeName } from '../../../../src/shared/api/errors.ts';
import type { ApiError } from '../../../../src/shared/api/define.ts';
import type { CustomerDetails, Session } from '../../../../src/shared/api/customer-schemas.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';

/**
 * The auth pages as the customer meets them: the three pages under their real paths in one router, the shell's
 * dialog, toast and update-password hosts, a fresh jotai store over an emptied IndexedDB, and the API pointed at a
 * local HTTP server (tests/unit/lib/api/test-server.ts) that answers in the spec's shapes.
 */

/** The location after navigation, and whether it replaced the history entry. */
function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return <output data-testid="location" data-navigation={type}>{`${location.pathname}${location.search}`}</output>;
}

export const currentLocation = () => screen.getByTestId('location').textContent ?? '';
export const navigationType = () => screen.getByTestId('location').getAttribute('data-navigation');

/** A jotai store with the persisted atoms hydrated from an emptied IndexedDB (nothing leaks between tests). */
export async function freshStore(): Promise<AppStore> {
  await clear(createIdbStore('prestamo-rapido', 'state'));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  return store;
}

/** Points the API client at the test server; the session headers come from the store, as in the app. */
export function configureFor(
  server: TestServer,
  store: AppStore,
  onGlobalFailure?: ApiConfig['onGlobalFailure'],
): void {
  configureApi({
    onGlobalFailure,
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => {
      const session = currentSession(store);
      return session ? { token: session.token, memberId: session.memberDetails.id, role: 'user' } : null;
    },
    getClientUniqueId: () => 'client-1',
  });
}

export async function renderAuth(path: string, store: AppStore): Promise<void> {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>cargando</p>}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/login/forgot-pin" element={<ForgotPinPage />} />
              <Route path="/login/reset-password" element={<ResetPasswordPage />} />
              <Route path="*" element={<h1>Otra página</h1>} />
            </Routes>
          </Suspense>
          <LocationProbe />
          <DialogHost />
          <ToastHost />
          <UpdatePasswordHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

/** One item of the spec's error shape, with the server catalogue's message and title. */
export const errorItem = (name: ErrorCodeName, values?: Record<string, string | number>): ApiError =>
  apiErrorOf(name, values);

export function businessError(response: Parameters<typeof json>[0], ...items: ApiError[]): void {
  json(response, 422, { errors: items });
}

export function customerDetails(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return { ...memberDetails(), passwordRequired: false, ...overrides };
}

export function sessionAnswer(overrides: Partial<CustomerDetails> = {}): { data: Session } {
  return { data: { token: 'header.payload.signature', customerDetails: customerDetails(overrides) } };
}

export const bodyOf = (request: SeenRequest | undefined): unknown =>
  request ? (JSON.parse(request.body.toString()) as unknown) : undefined;

/**
 * Polls `check` on the event loop (setImmediate, which the tests never fake) until it passes or `timeoutMs` of real
 * time is over: usable while setTimeout is faked.
 */
export async function until(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}
