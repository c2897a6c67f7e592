import { screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import type { ReactNode } from 'react';
import { Route, type InitialEntry } from 'react-router';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { configureTestApi, json, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute, Where } from '../../harness/render-at-route.tsx';

/** The cards and loan outcome pages on the client test harness (a logged-in member, online). */

export { businessError } from '../../harness/api.ts';
export { where } from '../../harness/render-at-route.tsx';

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  const store = await freshStore({ member, online: true });
  configureTestApi(server, { store });
  return store;
}

/** `page` under `path` at `entry`; any other route shows where the app went (`where()`). */
export async function renderPage(store: AppStore, path: string, page: ReactNode, entry: InitialEntry) {
  await renderAtRoute(
    store,
    entry,
    <>
      <Route path={path} element={page} />
      <Route path="*" element={<Where />} />
    </>,
  );
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
