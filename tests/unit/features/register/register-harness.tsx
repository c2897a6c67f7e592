import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { vi } from 'vitest';
import RegisterPage from '../../../../src/features/register/RegisterPage.tsx';
import { useSession } from '../../../../src/lib/session/session.ts';
import { signupFormAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { addYearsIso } from '../../../../src/shared/dates.ts';
import { birthDateBounds } from '../../../../src/shared/validators/birth-date.ts';
import { configureTestApi as configureHarnessApi, type TestServer } from '../../harness/api.ts';
import { renderAtRoute, Where } from '../../harness/render-at-route.tsx';

/** The machine running the tests is shared and slow at times: wait up to 5 s for what the page shows. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export { freshStore, Where } from '../../harness/render-at-route.tsx';

/** The shell's rule for anonymous-only pages: a logged-in customer is sent to the status page (new → /otp). */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === null ? children : <Navigate to="/otp" replace />;
}

/** The API client for a visitor (no session). */
export function configureTestApi(server: TestServer): void {
  configureHarnessApi(server);
}

/** The register page at `url`, with `where` shown beside it and stand-ins for /otp and /login. */
export function renderRegister(store: AppStore, url = '/registro/datos-personales') {
  return renderAtRoute(
    store,
    url,
    <>
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
    </>,
  );
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
