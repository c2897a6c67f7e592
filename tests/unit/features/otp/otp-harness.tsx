import { configure } from '@testing-library/react';
import { Route } from 'react-router';
import { vi } from 'vitest';
import ChangeMobilePage from '../../../../src/features/otp/ChangeMobilePage.tsx';
import OtpPage from '../../../../src/features/otp/OtpPage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { ZERO_CENTS } from '../../../../src/shared/money.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi as configureHarnessApi, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute, Where } from '../../harness/render-at-route.tsx';

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

/** The API client with the store's session as the auth headers (as the app wires it). */
export function configureTestApi(server: TestServer, store: AppStore): void {
  configureHarnessApi(server, { store });
}

/** A store hydrated from a cleared IndexedDB with a session of a customer in status new. */
export function storeWithNewCustomer(member: MemberDetails = NEW_CUSTOMER): Promise<AppStore> {
  return freshStore({ member });
}

/** The OTP pages at `url` with stand-ins for where they lead. */
export function renderOtp(store: AppStore, url = '/otp?q=hint') {
  return renderAtRoute(
    store,
    url,
    <>
      <Route path="/otp" element={<OtpPage />} />
      <Route path="/otp/change-mobile" element={<ChangeMobilePage />} />
      <Route path="*" element={<Where />} />
    </>,
  );
}
