import { Route } from 'react-router';
import { RoutePage } from '../../../../src/app/shell/RoutePage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { configureTestApi, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute } from '../../harness/render-at-route.tsx';

/**
 * The bank credentials and limit pages as the app mounts them, on the client test harness: through the route guard
 * (RoutePage, which redirects by status). Other routes show where the customer landed.
 */

export { businessError } from '../../harness/api.ts';
export { location, visited } from '../../harness/render-at-route.tsx';

/** Any other route: the page the customer was sent to. */
function Elsewhere() {
  return <p data-testid="elsewhere">elsewhere</p>;
}

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  const store = await freshStore({ member, sessionReady: true });
  configureTestApi(server, { store });
  return store;
}

export async function renderAt(store: AppStore, url: string) {
  await renderAtRoute(
    store,
    url,
    <>
      <Route path="/bank-credentials" element={<RoutePage routeKey="bankCredentials" />} />
      <Route path="/loan-request/limit-approve" element={<RoutePage routeKey="loanRequestLimitApprove" />} />
      <Route path="*" element={<Elsewhere />} />
    </>,
  );
}
