import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { VALIDATION_MESSAGES } from '../../../../src/shared/validation-messages.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { bodyOf, businessError, configureFor, currentLocation, errorItem, freshStore, renderAuth } from './harness.tsx';

/** Forgot PIN (first document §2, §3, §4, §8) against a local HTTP server answering ForgotPinPost. */

const FORGOT_URL = '/api/membership/forgotPin';
let server: TestServer;
let store: AppStore;

beforeAll(async () => {
  server = await startTestServer();
  await import('../../../../src/lib/ui/ConfirmDialogLayer.tsx');
});
afterAll(() => server.close());

beforeEach(async () => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, { data: true });
  store = await freshStore();
  configureFor(server, store);
});

afterEach(() => {
  act(() => closeAllDialogs());
  cleanup();
});

const described = (message: string) => expect.stringContaining(message);
const phoneField = () => screen.getByRole('textbox', { name: 'Teléfono móvil' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar PIN' });
const forgotRequests = () => server.requests.filter((request) => request.url === FORGOT_URL);

describe('forgot PIN', () => {
  it('fills the phone from the query; sends { mobilePhone, countryCode, redirect } and opens the reset page', async () => {
    await renderAuth('/login/forgot-pin?phone=600000004', store);
    expect(screen.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('600000004');
    expect(phoneField()).toHaveAttribute('name', 'mobilePhone');
    await userEvent.setup().click(sendButton());

    await waitFor(() => expect(currentLocation()).toBe('/login/reset-password?phone=600000004'));
    expect(bodyOf(forgotRequests()[0])).toEqual({
      mobilePhone: '600000004',
      countryCode: '+34',
      redirect: 'resetPassword',
    });
  });

  it('an empty phone shows Campo obligatorio with the focus on it; a landline Patrón incorrecto; nothing sent', async () => {
    await renderAuth('/login/forgot-pin', store);
    const user = userEvent.setup();
    await user.click(sendButton());
    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(VALIDATION_MESSAGES.required)));
    expect(phoneField()).toHaveFocus();

    await user.type(phoneField(), '912345678');
    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(VALIDATION_MESSAGES.pattern)));
    await user.click(sendButton());
    expect(forgotRequests()).toHaveLength(0);
  });

  it.each(['MemberNotFoundException', 'CustomerNotFound'] as const)(
    '%s: its message on the phone field, focused, no dialog',
    async (code) => {
      const item = errorItem(code);
      server.handler = (_request, response) => businessError(response, item);
      await renderAuth('/login/forgot-pin?phone=612345678', store);
      await userEvent.setup().click(sendButton());
      await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(item.message)));
      expect(phoneField()).toHaveFocus();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(currentLocation()).toBe('/login/forgot-pin?phone=612345678');
    },
  );

  it('any other code: a dialog with its message, and the page stays', async () => {
    const invalid = errorItem('InvalidPhone');
    server.handler = (_request, response) => businessError(response, invalid);
    await renderAuth('/login/forgot-pin?phone=600000004', store);
    const user = userEvent.setup();
    await user.click(sendButton());
    const dialog = await screen.findByRole('alertdialog', { name: invalid.title });
    expect(dialog).toHaveTextContent(invalid.message);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/login/forgot-pin?phone=600000004');
    expect(phoneField()).toHaveValue('600000004');
  });

  it('PinRequestTooSoon: its dialog, then the reset page to type the PIN sent a moment ago', async () => {
    const tooSoon = errorItem('PinRequestTooSoon');
    server.handler = (_request, response) => businessError(response, tooSoon);
    await renderAuth('/login/forgot-pin?phone=600000004', store);
    const user = userEvent.setup();
    await user.click(sendButton());
    const dialog = await screen.findByRole('alertdialog', { name: tooSoon.title });
    expect(dialog).toHaveTextContent(tooSoon.message);
    expect(currentLocation()).toBe('/login/forgot-pin?phone=600000004');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(currentLocation()).toBe('/login/reset-password?phone=600000004'));
  });

  it("'Volver a Inicia sesión' carries the typed phone", async () => {
    await renderAuth('/login/forgot-pin', store);
    await userEvent.setup().type(phoneField(), '612 345 678');
    expect(screen.getByRole('link', { name: 'Volver a Inicia sesión' })).toHaveAttribute(
      'href',
      '/login?phone=612345678',
    );
  });
});
