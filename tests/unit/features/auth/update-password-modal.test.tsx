import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissPasswordUpdate,
  isPasswordUpdateRequested,
  requestPasswordUpdate,
} from '../../../../src/features/auth/update-password/update-password-store.ts';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { VALIDATION_MESSAGES } from '../../../../src/shared/validation-messages.ts';
import { FIELD_MESSAGES, PASSWORD_TEXTS } from '../../../../src/shared/messages-identity.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { bodyOf, businessError, configureFor, currentLocation, errorItem, freshStore, renderAuth } from './harness.tsx';

/**
 * The update-password modal 'Cambiar Contraseña?' (first document §2, §8) as the shell shows it through
 * UpdatePasswordHost, against a local HTTP server answering ChangePasswordPost.
 */

const CHANGE_URL = '/api/membership/changePassword';
let server: TestServer;
let store: AppStore;

beforeAll(async () => {
  server = await startTestServer();
  await import('../../../../src/lib/ui/ConfirmDialogLayer.tsx');
  await import('../../../../src/features/auth/update-password/UpdatePasswordModal.tsx');
});
afterAll(() => server.close());

beforeEach(async () => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, { data: true });
  store = await freshStore();
  await store.set(sessionAtom, { token: 'header.payload.signature', memberDetails: memberDetails() });
  configureFor(server, store);
});

afterEach(() => {
  act(() => {
    closeAllDialogs();
    dismissPasswordUpdate();
  });
  cleanup();
});

const modal = () => screen.getByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle });
const newPassword = () => within(modal()).getByLabelText('Nueva contraseña');
const confirmation = () => within(modal()).getByLabelText('Repite la nueva contraseña');
const saveButton = () => within(modal()).getByRole('button', { name: 'Guardar contraseña' });
const changeRequests = () => server.requests.filter((request) => request.url === CHANGE_URL);

async function open() {
  await renderAuth('/dashboard', store);
  await act(async () => requestPasswordUpdate());
  await screen.findByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle });
}

async function fill(password = 'nueva123', repeat = password) {
  const user = userEvent.setup();
  await user.type(newPassword(), password);
  await user.type(confirmation(), repeat);
  await user.click(saveButton());
  return user;
}

describe("'Cambiar Contraseña?'", () => {
  it('shows nothing until it is asked for, then the new password and its confirmation', async () => {
    await renderAuth('/dashboard', store);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => requestPasswordUpdate());
    await screen.findByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle });
    expect(newPassword()).toHaveAttribute('name', 'newPassword');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('name', 'newPassword2');
  });

  it('is not shown to a visitor, and the request is dropped', async () => {
    await store.set(sessionAtom, null);
    await renderAuth('/', store);
    await act(async () => requestPasswordUpdate());
    await waitFor(() => expect(isPasswordUpdateRequested()).toBe(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates: Campo obligatorio, the 4–20 characters message and Los campos no coinciden; nothing sent', async () => {
    await open();
    const user = userEvent.setup();
    await user.click(saveButton());
    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(VALIDATION_MESSAGES.required));
    expect(confirmation()).toHaveAccessibleDescription(VALIDATION_MESSAGES.required);
    expect(newPassword()).toHaveFocus();

    await user.type(newPassword(), 'abc');
    await user.type(confirmation(), 'abcd');
    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(FIELD_MESSAGES.passwordLength));
    expect(confirmation()).toHaveAccessibleDescription(VALIDATION_MESSAGES.sameAs);
    await user.click(saveButton());
    expect(changeRequests()).toHaveLength(0);
  });

  it("sends { newPassword } with the session, closes and says '¡Éxito!' / 'Contraseña actualizada. ¡Mantenla segura!'", async () => {
    await open();
    await fill();
    const success = await screen.findByRole('alertdialog', { name: PASSWORD_TEXTS.changePasswordSuccessTitle });
    expect(success).toHaveTextContent(PASSWORD_TEXTS.changePasswordSuccess);
    expect(screen.queryByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle })).not.toBeInTheDocument();
    expect(bodyOf(changeRequests()[0])).toEqual({ newPassword: 'nueva123' });
    expect(changeRequests()[0]?.headers['authorization']).toBe('Bearer header.payload.signature');
    expect(currentLocation()).toBe('/dashboard');
  });

  it('a refusal shows a warning dialog with its message and goes home', async () => {
    const invalid = errorItem('InvalidPassword');
    server.handler = (_request, response) => businessError(response, invalid);
    await open();
    await fill();
    const warning = await screen.findByRole('alertdialog', { name: invalid.title });
    expect(warning).toHaveAttribute('data-type', 'warning');
    expect(warning).toHaveTextContent(invalid.message);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle })).not.toBeInTheDocument();
  });

  it('offline: the modal stays with what was typed', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await open();
      await fill();
      await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-busy'));
      expect(newPassword()).toHaveValue('nueva123');
      expect(confirmation()).toHaveValue('nueva123');
      expect(changeRequests()).toHaveLength(0);
      expect(currentLocation()).toBe('/dashboard');
    } finally {
      onLine.mockRestore();
    }
  });

  it("'Cerrar' closes it without sending", async () => {
    await open();
    await userEvent.setup().click(within(modal()).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isPasswordUpdateRequested()).toBe(false);
    expect(changeRequests()).toHaveLength(0);
  });
});
