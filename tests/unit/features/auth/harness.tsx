import { act } from '@testing-library/react';
import { Route } from 'react-router';
import ForgotPinPage from '../../../../src/features/auth/ForgotPinPage.tsx';
import LoginPage from '../../../../src/features/auth/LoginPage.tsx';
import ResetPasswordPage from '../../../../src/features/auth/ResetPasswordPage.tsx';
import { UpdatePasswordHost } from '../../../../src/features/auth/update-password/UpdatePasswordHost.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { ApiError } from '../../../../src/shared/api/define.ts';
import type { CustomerDetails, Session } from '../../../../src/shared/api/customer-schemas.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi, json, type TestApiOptions, type TestServer } from '../../harness/api.ts';
import { renderAtRoute } from '../../harness/render-at-route.tsx';

/**
 * The auth pages as the customer meets them, on the client test harness: the three pages under their real paths,
 * the shell's update-password host beside the dialog and toast hosts.
 */

export { bodyOf, errorItem } from '../../harness/api.ts';
export { currentLocation, freshStore, navigationType } from '../../harness/render-at-route.tsx';

/** Points the API client at the test server; the session headers come from the store, as in the app. */
export function configureFor(
  server: TestServer,
  store: AppStore,
  onGlobalFailure?: TestApiOptions['onGlobalFailure'],
): void {
  configureTestApi(server, { store, onGlobalFailure });
}

export async function renderAuth(path: string, store: AppStore): Promise<void> {
  await renderAtRoute(
    store,
    path,
    <>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/forgot-pin" element={<ForgotPinPage />} />
      <Route path="/login/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<h1>Otra página</h1>} />
    </>,
    { hosts: <UpdatePasswordHost /> },
  );
}

export function businessError(response: Parameters<typeof json>[0], ...items: ApiError[]): void {
  json(response, 422, { errors: items });
}

export function customerDetails(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return { ...memberDetails(), passwordRequired: false, ...overrides };
}

export function sessionAnswer(overrides: Partial<CustomerDetails> = {}): { data: Session } {
  return { data: { token: 'header.payload.signature', customerDetails: customerDetails(overrides) } };
}

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
