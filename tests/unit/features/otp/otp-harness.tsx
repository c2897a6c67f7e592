import { configure, act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import ChangeMobilePage from '../../../../src/features/otp/ChangeMobilePage.tsx';
import OtpPage from '../../../../src/features/otp/OtpPage.tsx';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { currentSession, startSession } from '../../../../src/lib/session/session.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { memberDetails } from '../../helpers/members.ts';
import { ZERO_CENTS } from '../../../../src/shared/money.ts';
import type { TestServer } from '../../lib/api/test-server.ts';

/** The machine running the tests is shared and slow at times: wait up to 5 s for what the page shows. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export const NEW_CUSTOMER: MemberDetails = memberDetails({
  id: 81,
  status: 'new',
  phone: '612345678',
  fullName: 'Lucía Fernández Gómez',
  firstName: 'Lucía',
  twoLetterName: 'LF',
  customerCreditLimit: ZERO_CENTS,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The API client with the store's session as the auth headers (as the app wires it). */
export function configureTestApi(server: TestServer, store: AppStore): void {
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => {
      const session = currentSession(store);
      return session ? { token: session.token, memberId: session.memberDetails.id, role: 'user' } : null;
    },
    getClientUniqueId: () => 'client-1',
  });
}

/** A store hydrated from a cleared IndexedDB with a session of a customer in status new. */
export async function storeWithNewCustomer(member: MemberDetails = NEW_CUSTOMER): Promise<AppStore> {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: 'token-of-81', memberDetails: member });
  return store;
}

/** The OTP pages at `url` with the dialog and toast hosts and stand-ins for where they lead. */
export async function renderOtp(store: AppStore, url = '/otp?q=hint') {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/otp" element={<OtpPage />} />
            <Route path="/otp/change-mobile" element={<ChangeMobilePage />} />
            <Route path="*" element={<Where />} />
          </Routes>
          <DialogHost />
          <ToastHost />
        </MemoryRouter>
      </Provider>,
    );
  });
  return view!;
}
