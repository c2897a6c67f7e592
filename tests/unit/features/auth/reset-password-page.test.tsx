import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { VALIDATION_MESSAGES } from '../../../../src/shared/validation-messages.ts';
import { FIELD_MESSAGES, PASSWORD_TEXTS } from '../../../../src/shared/messages-identity.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import {
  bodyOf,
  businessError,
  configureFor,
  currentLocation,
  errorItem,
  freshStore,
  navigationType,
  renderAuth,
  sessionAnswer,
} from './harness.tsx';

/**
 * Reset password (first document §2, §3, §4, §5, §8) against a local HTTP server answering
 * ValidateAndChangePasswordPost and ForgotPinPost: the form, the 60-second wait before 'No he recibido el PIN', the
 * resend and its failures, and the Web OTP autofill.
 */

const RESET_URL = '/api/membership/validateAndChangePassword';
const FORGOT_URL = '/api/membership/forgotPin';
const PAGE = '/login/reset-password?phone=600000003&pin=4821';
let server: TestServer;
let store: AppStore;

beforeAll(async () => {
  server = await startTestServer();
  await import('../../../../src/lib/ui/ConfirmDialogLayer.tsx');
  await import('../../../../src/lib/ui/ToastLayer.tsx');
});
afterAll(() => server.close());

beforeEach(async () => {
  server.requests = [];
  server.handler = (request, response) =>
    request.url === FORGOT_URL
      ? json(response, 200, { data: true })
      : json(response, 200, sessionAnswer({ status: 'registered', phone: '600000003', firstName: 'Carmen' }));
  store = await freshStore();
  configureFor(server, store);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => {
    closeAllDialogs();
    clearToasts();
  });
  cleanup();
});

const described = (message: string) => expect.stringContaining(message);
const phoneField = () => screen.getByRole('textbox', { name: 'Teléfono móvil' });
const pinField = () => screen.getByRole('textbox', { name: 'PIN recibido por SMS' });
const passwordField = () => screen.getByLabelText('Nueva contraseña');
const confirmationField = () => screen.getByLabelText('Repite la nueva contraseña');
const submitButton = () => screen.getByRole('button', { name: 'Cambiar contraseña' });
const resendButton = () => screen.getByRole('button', { name: new RegExp(PASSWORD_TEXTS.pinNotReceived) });
const requestsTo = (url: string) => server.requests.filter((request) => request.url === url);

async function typePasswords(password = 'nueva123', confirmation = password) {
  const user = userEvent.setup();
  await user.type(passwordField(), password);
  await user.type(confirmationField(), confirmation);
  return user;
}

/** Renders the page with a controllable clock and lets the 60-second wait run out; real time again afterwards. */
async function renderPastTheWait(path = PAGE) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  await renderAuth(path, store);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(60_000);
  });
  vi.useRealTimers();
}

describe('the reset form', () => {
  it('fills the phone and the PIN from the query, with the spec field names', async () => {
    await renderAuth(PAGE, store);
    expect(screen.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('600000003');
    expect(pinField()).toHaveValue('4821');
    expect(phoneField()).toHaveAttribute('name', 'mobilePhone');
    expect(pinField()).toHaveAttribute('name', 'pin');
    expect(pinField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(passwordField()).toHaveAttribute('name', 'password');
    expect(confirmationField()).toHaveAttribute('name', 'password2');
  });

  it('sends the reset payload, starts the session and replaces the page with the landing of the status', async () => {
    await renderAuth(PAGE, store);
    const user = await typePasswords();
    await user.click(submitButton());

    await waitFor(() => expect(currentLocation()).toBe('/bank-credentials'));
    expect(navigationType()).toBe('REPLACE');
    expect(bodyOf(requestsTo(RESET_URL)[0])).toEqual({
      mobilePhone: '600000003',
      pin: '4821',
      password: 'nueva123',
      password2: 'nueva123',
      countryCode: '+34',
    });
    expect(store.get(sessionAtom)).toMatchObject({ token: 'header.payload.signature' });
  });

  it('the PIN must be 4 digits: empty gives Campo obligatorio, letters Patrón incorrecto', async () => {
    await renderAuth('/login/reset-password?phone=600000003', store);
    const user = await typePasswords();
    await user.click(submitButton());
    await waitFor(() => expect(pinField()).toHaveAccessibleDescription(VALIDATION_MESSAGES.required));
    expect(pinField()).toHaveFocus();

    await user.type(pinField(), '12a4');
    await waitFor(() => expect(pinField()).toHaveAccessibleDescription(VALIDATION_MESSAGES.pattern));
    await user.click(submitButton());
    expect(requestsTo(RESET_URL)).toHaveLength(0);
  });

  it("a confirmation that differs shows 'Los campos no coinciden'; a short password the 4–20 message", async () => {
    await renderAuth(PAGE, store);
    const user = await typePasswords('abc', 'abd');
    await user.click(submitButton());
    await waitFor(() => expect(confirmationField()).toHaveAccessibleDescription(VALIDATION_MESSAGES.sameAs));
    expect(passwordField()).toHaveAccessibleDescription(FIELD_MESSAGES.passwordLength);
    expect(passwordField()).toHaveFocus();
    expect(requestsTo(RESET_URL)).toHaveLength(0);
  });

  it('an error answer shows its first message in a dialog; then the PIN gets the focus and everything typed stays', async () => {
    const wrongPin = errorItem('PinNotValidWithRemainingAttemptCount', { remaining: 2 });
    const second = errorItem('PinExpired');
    server.handler = (_request, response) => businessError(response, wrongPin, second);
    await renderAuth(PAGE, store);
    const user = await typePasswords();
    await user.click(submitButton());

    const dialog = await screen.findByRole('alertdialog', { name: wrongPin.title });
    expect(dialog).toHaveTextContent(wrongPin.message);
    expect(dialog).not.toHaveTextContent(second.message);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(pinField()).toHaveFocus());
    expect(pinField()).toHaveValue('4821');
    expect(passwordField()).toHaveValue('nueva123');
    expect(currentLocation()).toBe(PAGE);
    expect(store.get(sessionAtom)).toBeNull();
  });
});

describe("'No he recibido el PIN'", () => {
  it('appears only once the 60-second wait is over, with the seconds left shown meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await renderAuth(PAGE, store);
    expect(screen.getByText('Podrás pedir un nuevo PIN en 60 s.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSWORD_TEXTS.pinNotReceived })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByText('Podrás pedir un nuevo PIN en 1 s.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSWORD_TEXTS.pinNotReceived })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(resendButton()).toBeInTheDocument();
    expect(screen.queryByText(/Podrás pedir un nuevo PIN/)).not.toBeInTheDocument();
  });

  it('is disabled while sending, sends once, then confirms and starts the wait again', async () => {
    let held: ServerResponse | undefined;
    server.handler = (_request, response) => {
      held = response;
    };
    await renderPastTheWait();
    const user = userEvent.setup();
    await user.click(resendButton());
    await waitFor(() => expect(held).toBeDefined());
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(resendButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(resendButton());
    expect(requestsTo(FORGOT_URL)).toHaveLength(1);
    expect(bodyOf(requestsTo(FORGOT_URL)[0])).toEqual({
      mobilePhone: '600000003',
      countryCode: '+34',
      redirect: 'resetPassword',
    });

    if (held) json(held, 200, { data: true });
    expect(await screen.findByText('Te hemos enviado un nuevo PIN por SMS.')).toBeInTheDocument();
    expect(screen.getByText('Podrás pedir un nuevo PIN en 60 s.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSWORD_TEXTS.pinNotReceived })).not.toBeInTheDocument();
    expect(pinField()).toHaveFocus();
  });

  it('an error code shows its message in a dialog', async () => {
    const tooSoon = errorItem('PinRequestTooSoon');
    server.handler = (_request, response) => businessError(response, tooSoon);
    await renderPastTheWait();
    await userEvent.setup().click(resendButton());
    expect(await screen.findByRole('alertdialog', { name: tooSoon.title })).toHaveTextContent(tooSoon.message);
  });

  it("an unexpected failure shows the toast 'No hemos podido enviar el código.' and no global error dialog", async () => {
    const onGlobalFailure = vi.fn();
    configureFor(server, store, onGlobalFailure);
    server.handler = (_request, response) => json(response, 500, { errors: [errorItem('InternalError')] });
    await renderPastTheWait();
    await userEvent.setup().click(resendButton());
    expect(await screen.findByText(PASSWORD_TEXTS.couldNotSendPin)).toBeInTheDocument();
    expect(onGlobalFailure).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog', { name: 'Aviso' })).not.toBeInTheDocument();
    expect(resendButton()).not.toHaveAttribute('aria-disabled');
  });

  it('an invalid phone is pointed out on its field instead of sending', async () => {
    await renderPastTheWait('/login/reset-password?phone=12');
    await userEvent.setup().click(resendButton());
    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(VALIDATION_MESSAGES.pattern)));
    expect(phoneField()).toHaveFocus();
    expect(requestsTo(FORGOT_URL)).toHaveLength(0);
  });
});

/** jsdom has no Credential Management API: give navigator one for the test. */
function stubCredentials(get: (...args: never[]) => unknown) {
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
}

describe('Web OTP', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'credentials');
  });

  it('where supported, the PIN of the incoming SMS is filled in; leaving the page aborts the request', async () => {
    const get = vi.fn((_options: { otp: { transport: string[] }; signal: AbortSignal }) =>
      Promise.resolve({ type: 'otp', id: '', code: '7395' }),
    );
    vi.stubGlobal('OTPCredential', class {});
    stubCredentials(get);
    await renderAuth('/login/reset-password?phone=600000003', store);

    await waitFor(() => expect(pinField()).toHaveValue('7395'));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    const { signal } = get.mock.calls[0]?.[0] ?? {};
    expect(signal?.aborted).toBe(false);
    cleanup();
    expect(signal?.aborted).toBe(true);
  });

  it('without the Web OTP API nothing is asked and the PIN is typed by hand', async () => {
    const get = vi.fn();
    stubCredentials(get);
    await renderAuth('/login/reset-password?phone=600000003', store);
    expect(pinField()).toHaveValue('');
    expect(get).not.toHaveBeenCalled();
  });
});
