import { configure, act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import RegisterPage from '../../../../src/features/register/RegisterPage.tsx';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { useSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms, signupFormAtom } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { birthDateBounds } from '../../../../src/shared/validators/birth-date.ts';
import { addYearsIso } from '../../../../src/shared/dates.ts';
import type { TestServer } from '../../lib/api/test-server.ts';

/** The machine running the tests is shared and slow at times: wait up to 5 s for what the page shows. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** Where the app is now (path and query), shown by the stand-in pages of other routes. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The shell's rule for anonymous-only pages: a logged-in customer is sent to the status page (new → /otp). */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === null ? children : <Navigate to="/otp" replace />;
}

export function configureTestApi(server: TestServer): void {
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => null,
    getClientUniqueId: () => 'client-1',
  });
}

/** A fresh store hydrated from a cleared IndexedDB (each test starts from nothing stored). */
export async function freshStore(): Promise<AppStore> {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  return store;
}

/** The register page at `url` inside a router, with the dialog host and stand-ins for /otp and /login. */
export async function renderRegister(store: AppStore, url = '/registro/datos-personales') {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/registro/datos-personales"
              element={
                <VisitorsOnly>
                  <RegisterPage />
                  <Where />
                </VisitorsOnly>
              }
            />
            <Route path="/otp" element={<Where />} />
            <Route path="/login" element={<Where />} />
          </Routes>
          <DialogHost />
        </MemoryRouter>
      </Provider>,
    );
  });
  return view!;
}

/** A birth date that passes the age rule (30 years ago). */
export const adultBirthDate = (): string => addYearsIso(birthDateBounds().latest, -12);

/** A complete, valid signup as kept on the device (everything but the passwords), marketing not ticked. */
export function validStoredSignup(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Lucía',
    lastName: 'Fernández Gómez',
    nationalID: '12345678Z',
    emailAddress: 'lucia.fernandez@gmail.com',
    birthDate: adultBirthDate(),
    mobilePhone: '612345678',
    employmentStatus: 'selfEmployed',
    companyName: '',
    monthlyIncome: '1500',
    acceptPolicy: true,
    acceptAgreement: false,
    ...overrides,
  };
}

export async function storeSignup(store: AppStore, values: Record<string, unknown>): Promise<void> {
  await store.set(signupFormAtom, values);
}

/** jsdom has no layout: record which element the form scrolled into view. */
export function spyOnScrollIntoView() {
  const spy = vi.fn(function (this: HTMLElement) {
    return this;
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, writable: true, value: spy });
  return spy;
}
