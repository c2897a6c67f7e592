import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissPasswordUpdate } from '../../../../src/features/auth/update-password/update-password-store.ts';
import { basicDetailsAtom, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { VALIDATION_MESSAGES } from '../../../../src/shared/validation-messages.ts';
import { FIELD_MESSAGES, LOGIN_TEXTS, PASSWORD_TEXTS } from '../../../../src/shared/messages-identity.ts';
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
  until,
} from './harness.tsx';

/**
 * The login page (first document §2 "Login page", §3, §4, §8) against a local HTTP server answering LoginPost in
 * the spec's shapes: validation, the payload, where a successful login goes, the welcome-back banner, and every
 * login error code.
 */

const LOGIN_URL = '/api/membership/login';
let server: TestServer;
let store: AppStore;

beforeAll(async () => {
  server = await startTestServer();
  // Load the lazily imported overlays once, so they render within act.
  await import('../../../../src/lib/ui/ConfirmDialogLayer.tsx');
  await import('../../../../src/features/auth/update-password/UpdatePasswordModal.tsx');
});
afterAll(() => server.close());

beforeEach(async () => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, sessionAnswer());
  store = await freshStore();
  configureFor(server, store);
});

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    closeAllDialogs();
    clearToasts();
    dismissPasswordUpdate();
  });
  cleanup();
});

/** The phone's description is its '+34' prefix followed by the error message, if any. */
const described = (message: string) => expect.stringContaining(message);
const phoneField = () => screen.getByRole('textbox', { name: 'Teléfono móvil' });
const passwordField = () => screen.getByLabelText('Contraseña');
const submitButton = () => screen.getByRole('button', { name: 'Entrar' });
const loginRequests = () => server.requests.filter((request) => request.url === LOGIN_URL);

async function logIn(phone = '600000004', password = '1234') {
  const user = userEvent.setup();
  await user.clear(phoneField());
  if (phone) await user.type(phoneField(), phone);
  if (password) await user.type(passwordField(), password);
  await user.click(submitButton());
  return user;
}

describe('login form validation', () => {
  it('an empty submit shows Campo obligatorio on the phone and the password, focuses the phone, sends nothing', async () => {
    await renderAuth('/login', store);
    await userEvent.setup().click(submitButton());

    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(VALIDATION_MESSAGES.required)));
    expect(passwordField()).toHaveAccessibleDescription(VALIDATION_MESSAGES.required);
    expect(phoneField()).toBeInvalid();
    expect(phoneField()).toHaveFocus();
    expect(phoneField()).toHaveAttribute('name', 'phoneNumber');
    expect(passwordField()).toHaveAttribute('name', 'password');
    expect(loginRequests()).toHaveLength(0);
  });

  it('a landline is refused with Patrón incorrecto once the field is left', async () => {
    await renderAuth('/login', store);
    const user = userEvent.setup();
    await user.type(phoneField(), '912345678');
    expect(phoneField()).not.toHaveAccessibleDescription(described(VALIDATION_MESSAGES.pattern));
    await user.tab();
    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(VALIDATION_MESSAGES.pattern)));
  });

  it.each([
    ['3 characters', 'abc'],
    ['21 characters', 'a'.repeat(21)],
  ])('a password of %s shows the 4–20 characters message', async (_label, password) => {
    await renderAuth('/login', store);
    const user = userEvent.setup();
    await user.type(passwordField(), password);
    await user.tab();
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(FIELD_MESSAGES.passwordLength));
    await user.click(submitButton());
    expect(loginRequests()).toHaveLength(0);
  });

  it('the password has a show/hide toggle', async () => {
    await renderAuth('/login', store);
    const user = userEvent.setup();
    await user.type(passwordField(), '1234');
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
  });
});

describe('a successful login', () => {
  it('sends the spec payload, stores the session and the greeting, and replaces /login with the status landing', async () => {
    await renderAuth('/login', store);
    const user = userEvent.setup();
    await user.type(phoneField(), '600 000 004');
    await user.type(passwordField(), '1234');
    await user.click(screen.getByRole('checkbox', { name: 'Recordarme en este dispositivo' }));
    await user.click(submitButton());

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(navigationType()).toBe('REPLACE');
    expect(bodyOf(loginRequests()[0])).toEqual({
      phoneNumber: '600000004',
      password: '1234',
      rememberMe: true,
      countryCode: '+34',
    });
    expect(store.get(sessionAtom)).toMatchObject({ token: 'header.payload.signature', memberDetails: { id: 4 } });
    expect(store.get(basicDetailsAtom)).toEqual({ firstName: 'Javier', phone: '600000004' });
  });

  it('without «Recordarme» keeps no greeting, and forgets the one this device kept', async () => {
    await store.set(basicDetailsAtom, { firstName: 'Lucía', phone: '600000005' });
    await renderAuth('/login?phone=600000004', store);
    const user = userEvent.setup();
    await user.type(passwordField(), '1234');
    await user.click(submitButton());
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(bodyOf(loginRequests()[0])).toMatchObject({ phoneNumber: '600000004', rememberMe: false });
    expect(store.get(basicDetailsAtom)).toBeNull();
  });

  it.each([
    ['new', '/otp'],
    ['preRegistered', '/address-details'],
    ['registered', '/bank-credentials'],
    ['securityChecked', '/dashboard'],
  ] as const)('without redirectTo a %s customer lands on %s', async (status, landing) => {
    server.handler = (_request, response) => json(response, 200, sessionAnswer({ status }));
    await renderAuth('/login', store);
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe(landing));
  });

  it('goes to the redirectTo of the query, with its own query, replacing the login page', async () => {
    await renderAuth(`/login?redirectTo=${encodeURIComponent('/account?tab=datos')}`, store);
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/account?tab=datos'));
    expect(navigationType()).toBe('REPLACE');
  });

  it.each([
    'https://evil.example/account',
    '//evil.example/account',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/esto-no-existe',
  ])('refuses the redirectTo %s (open redirect) and lands on the status page', async (target) => {
    await renderAuth(`/login?redirectTo=${encodeURIComponent(target)}`, store);
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it("passwordRequired opens 'Cambiar Contraseña?' over the landing page", async () => {
    server.handler = (_request, response) => json(response, 200, sessionAnswer({ passwordRequired: true }));
    await renderAuth('/login', store);
    await logIn();
    expect(await screen.findByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle })).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
  });

  it('without passwordRequired no update-password modal opens', async () => {
    await renderAuth('/login', store);
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle })).not.toBeInTheDocument();
  });
});

describe('welcome back', () => {
  it('greets the remembered customer by first name with the phone filled in', async () => {
    await store.set(basicDetailsAtom, { firstName: 'Lucía', phone: '600000005' });
    await renderAuth('/login', store);
    expect(screen.getByRole('heading', { name: '¡Hola de nuevo, Lucía!' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('600000005');
  });

  it("'Cambiar cuenta' forgets the remembered account, empties the phone and puts the focus on it", async () => {
    await store.set(basicDetailsAtom, { firstName: 'Lucía', phone: '600000005' });
    await renderAuth('/login', store);
    await userEvent.setup().click(screen.getByRole('button', { name: LOGIN_TEXTS.changeAccount }));

    expect(screen.queryByRole('heading', { name: /Hola de nuevo/ })).not.toBeInTheDocument();
    expect(phoneField()).toHaveValue('');
    expect(phoneField()).toHaveFocus();
    await waitFor(() => expect(store.get(basicDetailsAtom)).toBeNull());
  });

  it('a phone in the query for another number fills that number and greets nobody', async () => {
    await store.set(basicDetailsAtom, { firstName: 'Lucía', phone: '600000005' });
    await renderAuth('/login?phone=612345678', store);
    expect(phoneField()).toHaveValue('612345678');
    expect(screen.queryByRole('heading', { name: /Hola de nuevo/ })).not.toBeInTheDocument();
  });

  it('no greeting for a first visit', async () => {
    await renderAuth('/login', store);
    expect(phoneField()).toHaveValue('');
    expect(screen.queryByRole('heading', { name: /Hola de nuevo/ })).not.toBeInTheDocument();
  });
});

describe('links of the login page', () => {
  it("'Crea una cuenta' and '¿Olvidaste tu contraseña?' carry the typed phone", async () => {
    await renderAuth('/login', store);
    const navigation = screen.getByRole('navigation', { name: 'Acceso a tu cuenta' });
    expect(within(navigation).getByText(LOGIN_TEXTS.loginTab)).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().type(phoneField(), '612 345 678');
    expect(within(navigation).getByRole('link', { name: LOGIN_TEXTS.registerTab })).toHaveAttribute(
      'href',
      '/registro/datos-personales?phone=612345678',
    );
    expect(screen.getByRole('link', { name: LOGIN_TEXTS.forgotPassword })).toHaveAttribute(
      'href',
      '/login/forgot-pin?phone=612345678',
    );
  });
});

describe('login errors (first document §8)', () => {
  it.each([
    ['PinNotValidWithRemainingAttemptCount', 3],
    ['PinNotValidLastAttempt', 1],
  ] as const)(
    'WrongPasswordException: its dialog, then %s on the password field 200 ms later',
    async (attemptsCode, remaining) => {
      const wrong = errorItem('WrongPasswordException', { remaining });
      const attempts = errorItem(attemptsCode, { remaining });
      let held: ServerResponse | undefined;
      server.handler = (_request, response) => {
        held = response; // answered below, once the clock is under the test's control
      };
      await renderAuth('/login', store);
      await logIn('600000004', '9999');
      await until(() => expect(held).toBeDefined());

      // From the answer on, time only moves when the test says so.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
      if (held) businessError(held, wrong, attempts);
      await until(() =>
        expect(screen.getByRole('alertdialog', { name: wrong.title })).toHaveTextContent(wrong.message),
      );
      expect(passwordField()).not.toHaveAccessibleDescription(attempts.message);

      await act(async () => {
        await vi.advanceTimersByTimeAsync(199);
      });
      expect(passwordField()).not.toHaveAccessibleDescription(attempts.message);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(passwordField()).toHaveAccessibleDescription(attempts.message);
      vi.useRealTimers();

      // Closing the dialog puts the customer back on the password, which still holds what was typed.
      await userEvent.setup().click(screen.getByRole('button', { name: 'Aceptar' }));
      await waitFor(() => expect(passwordField()).toHaveFocus());
      expect(passwordField()).toHaveValue('9999');
      expect(currentLocation()).toBe('/login');
    },
  );

  it("MemberBlocked: a dialog whose '¿Olvidaste tu contraseña?' opens forgot-PIN with the phone", async () => {
    const blocked = errorItem('MemberBlocked');
    server.handler = (_request, response) => businessError(response, blocked);
    await renderAuth('/login', store);
    const user = await logIn('600000004', '9999');

    const dialog = await screen.findByRole('alertdialog', { name: blocked.title });
    expect(dialog).toHaveTextContent(blocked.message);
    await user.click(within(dialog).getByRole('button', { name: LOGIN_TEXTS.forgotPassword }));
    await waitFor(() => expect(currentLocation()).toBe('/login/forgot-pin?phone=600000004'));
    expect(screen.getByRole('textbox', { name: 'Teléfono móvil' })).toHaveValue('600000004');
  });

  it('CustomerNotFound: goes to registration with the phone and customerNotFound=1', async () => {
    server.handler = (_request, response) => businessError(response, errorItem('CustomerNotFound'));
    await renderAuth('/login', store);
    await logIn('612345678', '1234');
    await waitFor(() =>
      expect(currentLocation()).toBe('/registro/datos-personales?phone=612345678&customerNotFound=1'),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('MemberNotAllowedToLoginWithPasswordException: its message on the password field, focused', async () => {
    const notAllowed = errorItem('MemberNotAllowedToLoginWithPasswordException');
    server.handler = (_request, response) => businessError(response, notAllowed);
    await renderAuth('/login', store);
    await logIn();
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(notAllowed.message));
    expect(passwordField()).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('MemberNotFoundException: its message on the phoneNumber field, focused; typing again clears it', async () => {
    const notFound = errorItem('MemberNotFoundException');
    server.handler = (_request, response) => businessError(response, notFound);
    await renderAuth('/login', store);
    const user = await logIn();
    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(described(notFound.message)));
    expect(phoneField()).toHaveFocus();
    await user.clear(phoneField());
    await user.type(phoneField(), '600000005');
    await waitFor(() => expect(phoneField()).not.toHaveAccessibleDescription(described(notFound.message)));
  });

  it('CustomerAlreadyRegistered (closed or none status): a dialog with its message', async () => {
    const closed = errorItem('CustomerAlreadyRegistered');
    server.handler = (_request, response) => businessError(response, closed);
    await renderAuth('/login', store);
    await logIn();
    expect(await screen.findByRole('alertdialog', { name: closed.title })).toHaveTextContent(closed.message);
    expect(currentLocation()).toBe('/login');
  });

  it("any other code: a generic dialog titled 'Aviso' with the server's message", async () => {
    server.handler = (_request, response) =>
      businessError(response, {
        code: { name: 'SomethingElse', value: 4242 },
        message: 'Inténtalo más tarde.',
        title: 'Otro',
      });
    await renderAuth('/login', store);
    await logIn();
    const dialog = await screen.findByRole('alertdialog', { name: LOGIN_TEXTS.errorTitle });
    expect(dialog).toHaveTextContent('Inténtalo más tarde.');
  });

  it('offline: nothing is sent and the form keeps what was typed', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderAuth('/login', store);
      await logIn('600000004', '1234');
      await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-busy'));
      expect(loginRequests()).toHaveLength(0);
      expect(phoneField()).toHaveValue('600000004');
      expect(passwordField()).toHaveValue('1234');
      expect(currentLocation()).toBe('/login');
    } finally {
      onLine.mockRestore();
    }
  });
});
