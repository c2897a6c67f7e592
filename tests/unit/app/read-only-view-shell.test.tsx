import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../src/app/router.tsx';
import { PaymentRemindersSwitch } from '../../../src/features/push/PaymentRemindersSwitch.tsx';
import { ApiError } from '../../../src/lib/api/errors.ts';
import { globalOutcomeFor } from '../../../src/lib/api/error-catalogue.ts';
import { callApi } from '../../../src/lib/api/client.ts';
import { enterReadOnlyView, isReadOnlyView } from '../../../src/lib/session/read-only-view.ts';
import { sessionReadyAtom } from '../../../src/lib/session/session.ts';
import { sessionAtom } from '../../../src/lib/storage/atoms.ts';
import { clearToasts } from '../../../src/lib/ui/toast-store.ts';
import { UpdateCommunicationPermissionPost } from '../../../src/shared/api/communication.ts';
import { businessErrorCodes } from '../../../src/shared/api/business-error-codes.ts';
import { PUSH_SUBSCRIPTION_MESSAGES } from '../../../src/shared/push.ts';
import type { CustomerStatus } from '../../../src/shared/statuses.ts';
import { configureTestApi, json, startTestServer } from '../harness/api.ts';
import { memberDetails } from '../helpers/members.ts';

/**
 * The shell of a staff member's read-only view (this file's tab is one, for its whole life, as a real tab): `/morph`
 * goes to the landing page once start-up has logged in, or to login with the reason; the banner shows on every page;
 * no cookie banner; the payment reminders switch asks nothing of the browser; a 403 ReadOnlySession is shown by the
 * global error handling, even for a call that ignores its errors, without a logout.
 */

const BANNER = 'Vista de empleado: solo lectura';
const EXPIRED = 'La vista de empleado ha caducado. Ábrela de nuevo desde el panel de gestión.';
const READ_ONLY_MESSAGE = 'Estás en la vista de empleado, que es solo de lectura: esta acción no está disponible.';

beforeAll(() => {
  enterReadOnlyView({
    location: { href: 'https://app.test/morph#t=view.token' },
    history: { state: null, replaceState: () => undefined },
    tabStorage: null,
  });
});
afterEach(() => {
  cleanup();
  act(() => clearToasts());
});

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

async function renderAt(path: string, status: CustomerStatus | null) {
  const store = createStore();
  await store.set(
    sessionAtom,
    status === null ? null : { token: 'view.token', memberDetails: memberDetails({ status }) },
  );
  store.set(sessionReadyAtom, true);
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </Provider>,
    );
  });
}

describe('the read-only view shell', () => {
  it('is the mode of this tab', () => {
    expect(isReadOnlyView()).toBe(true);
  });

  it.each([
    ['securityChecked', '/dashboard'],
    ['registered', '/bank-credentials'],
  ] as const)('/morph, logged in as a %s customer: their landing page %s, under the banner', async (status, to) => {
    await renderAt('/morph', status);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(to));
    const banner = await screen.findByText(BANNER);
    expect(banner.closest('[role="status"]')).toBeVisible();
    expect(screen.queryByText(/ya no está abierta/)).toBeNull();
  });

  it('/morph without a session (a refused token, a reload): the login page with the reason; the banner says so', async () => {
    await renderAt('/morph', null);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    const banner = (await screen.findByText(BANNER)).closest('[role="status"]');
    expect(banner).toHaveTextContent(
      'La sesión del cliente ya no está abierta en esta pestaña. Ábrela de nuevo desde el panel de gestión.',
    );
  });

  it('shows no cookie banner (nothing is kept or tracked in the view)', async () => {
    await renderAt('/como-funciona', null);
    await screen.findByText(BANNER);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/cookies/i, { selector: 'h2' })).toBeNull();
  });

  it("the payment reminders switch never reads the browser's push subscription", async () => {
    const getRegistration = vi.fn(() => Promise.resolve(undefined));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration } });
    try {
      await act(async () => {
        render(<PaymentRemindersSwitch />);
      });
      expect(screen.getByText(PUSH_SUBSCRIPTION_MESSAGES.unsupported)).toBeInTheDocument();
      expect(screen.getByRole('switch')).toBeDisabled();
      expect(getRegistration).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});

describe('403 ReadOnlySession', () => {
  const refusal = () =>
    new ApiError({
      kind: 'http',
      status: 403,
      message: READ_ONLY_MESSAGE,
      callName: 'UpdateCommunicationPermissionPost',
      method: 'POST',
      url: '/api/communication/permissions',
      errors: [{ code: { name: 'ReadOnlySession', value: 1600 }, title: 'Aviso', message: 'El mensaje del servidor.' }],
    });

  it('is a warning dialog with the server’s Spanish message (no logout, no retry)', () => {
    expect(globalOutcomeFor(refusal())).toEqual({
      kind: 'dialog',
      id: 'read-only-session',
      title: 'Aviso',
      message: 'El mensaje del servidor.',
    });
    expect(businessErrorCodes.ReadOnlySession.message).toBe(READ_ONLY_MESSAGE);
  });

  it('reaches the global handling once, even from a call that ignores its errors', async () => {
    const server = await startTestServer();
    try {
      server.handler = (_request, response) =>
        json(response, 403, {
          errors: [{ code: { name: 'ReadOnlySession', value: 1600 }, title: 'Aviso', message: READ_ONLY_MESSAGE }],
        });
      const onGlobalFailure = vi.fn();
      const store = createStore();
      await store.set(sessionAtom, { token: 'view.token', memberDetails: memberDetails() });
      configureTestApi(server, { store, onGlobalFailure });
      const body = { email: true, sms: true, phone: true, source: 'account' } as never;
      await expect(callApi(UpdateCommunicationPermissionPost, { body }, { ignoreErrors: true })).rejects.toMatchObject({
        status: 403,
      });
      expect(server.requests).toHaveLength(1);
      expect(onGlobalFailure).toHaveBeenCalledTimes(1);
      expect(onGlobalFailure.mock.calls[0]?.[0]).toEqual({
        kind: 'dialog',
        id: 'read-only-session',
        title: 'Aviso',
        message: READ_ONLY_MESSAGE,
      });
    } finally {
      server.close();
    }
  });
});
