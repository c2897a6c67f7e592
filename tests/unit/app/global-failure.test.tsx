import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleGlobalFailure } from '../../../src/app/global-failure.tsx';
import { ApiError, type ApiErrorKind } from '../../../src/lib/api/errors.ts';
import { globalOutcomeFor } from '../../../src/lib/api/error-catalogue.ts';
import { sessionAtom } from '../../../src/lib/storage/atoms.ts';
import { closeAllDialogs, getDialogs } from '../../../src/lib/ui/dialog-store.ts';
import { DialogHost } from '../../../src/lib/ui/DialogHost.tsx';
import { clearToasts, getToasts } from '../../../src/lib/ui/toast-store.ts';
import { ToastHost } from '../../../src/lib/ui/ToastHost.tsx';
import { memberDetails } from '../helpers/members.ts';

/**
 * First document §8 "Global by HTTP outcome", end to end in the client: a failed call's outcome → what the customer
 * sees (the dialog or toast texts, the buttons) and where the app goes.
 */

const failure = (kind: ApiErrorKind, status?: number) =>
  new ApiError({
    kind,
    status,
    message: 'x',
    callName: 'MemberDetailsGet',
    method: 'GET',
    url: '/api/membership/memberDetails',
  });

const member = memberDetails({ id: 5, status: 'securityChecked', hasActiveLoan: true });

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, pathname: '/account', search: '?tab=datos', reload },
  });
});
afterEach(() => {
  cleanup();
  act(() => {
    closeAllDialogs();
    clearToasts();
  });
});

async function renderHosts() {
  await act(async () => {
    render(
      <>
        <DialogHost />
        <ToastHost />
      </>,
    );
  });
}

async function fail(kind: ApiErrorKind, status?: number) {
  const store = createStore();
  await store.set(sessionAtom, { token: 'a.b.c', memberDetails: member });
  const navigate = vi.fn();
  await renderHosts();
  await act(async () => {
    handleGlobalFailure(globalOutcomeFor(failure(kind, status)), { store, navigate });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return { store, navigate };
}

describe('each global outcome shows the spec texts', () => {
  it.each([
    ['a timeout', 'timeout' as const, undefined],
    ['a cancelled request', 'cancelled' as const, undefined],
  ])('%s: "Aviso" / "¿Estás sin conexión?" with "Recargar", which reloads', async (_name, kind, status) => {
    await fail(kind, status);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Aviso')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('¿Estás sin conexión?');
    expect(dialog).toHaveTextContent('Comprueba tu conexión a Internet y vuelve a intentarlo.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a network failure', 'network' as const],
    ['offline', 'offline' as const],
  ])('%s: "¿Estás sin conexión?" / "Su solicitud ha expirado..." with "Recargar"', async (_name, kind) => {
    await fail(kind);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Estás sin conexión?');
    // The spec's «Su solicitud ha expirado...» is the key; the customer reads that they are offline.
    expect(dialog).toHaveTextContent(
      'No hemos podido enviar tu solicitud: parece que no tienes conexión a internet. Compruébala y vuelve a intentarlo.',
    );
    expect(dialog).not.toHaveTextContent('expirado');
    expect(within(dialog).getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
  });

  it('401: clears the session, goes to login with redirectTo and says the session expired', async () => {
    const { store, navigate } = await fail('http', 401);
    expect(await screen.findByText('Su sesión ha caducado. Por favor ingrese nuevamente.')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(`/login?redirectTo=${encodeURIComponent('/account?tab=datos')}`, {
      replace: true,
    });
    expect(await store.get(sessionAtom)).toBeNull();
    expect(getDialogs()).toHaveLength(0);
  });

  it('404: warning "404" / "No conseguimos encontrar lo que estás buscando." then home', async () => {
    const { navigate } = await fail('http', 404);
    expect(await screen.findByText('No conseguimos encontrar lo que estás buscando.')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('429: "Se han realizado demasiados intentos" / "Por favor, inténtelo de nuevo más tarde." without reload', async () => {
    await fail('http', 429);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Se han realizado demasiados intentos');
    expect(dialog).toHaveTextContent('Por favor, inténtelo de nuevo más tarde.');
    expect(within(dialog).queryByRole('button', { name: 'Recargar' })).toBeNull();
  });

  it('500: "Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo." with "Recargar"', async () => {
    await fail('http', 500);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['422 (business: handled by the caller)', 'business' as const, 422],
    ['another status (passes through)', 'http' as const, 409],
  ])('%s: no dialog, no toast, no navigation', async (_name, kind, status) => {
    const { navigate, store } = await fail(kind, status);
    expect(getDialogs()).toHaveLength(0);
    expect(getToasts()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect((await store.get(sessionAtom))?.token).toBe('a.b.c');
  });

  it('the same offline dialog fired twice shows once', async () => {
    await fail('network');
    await act(async () => {
      handleGlobalFailure(globalOutcomeFor(failure('network')), { store: createStore(), navigate: vi.fn() });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });
});
