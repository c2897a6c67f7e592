import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { formatErrorMessage } from '../../../../src/shared/api/errors.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { configureTestApi, NEW_CUSTOMER, renderOtp, storeWithNewCustomer } from './otp-harness.tsx';

/** The OTP page (first document §2, §4, §8) against a local HTTP server answering as the API does. */

let server: TestServer;
let store: AppStore;
let pinAnswer: (response: ServerResponse) => void;

function businessError(code: keyof typeof businessErrorCodes, values: Record<string, string | number> = {}) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [
        {
          code: { name: code, value: known.value },
          message: formatErrorMessage(known.message, values),
          title: known.title,
        },
      ],
    });
}

const preRegistered = { ...NEW_CUSTOMER, status: 'preRegistered' as const };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
});
beforeEach(async () => {
  server.requests = [];
  pinAnswer = (response) => json(response, 200, { data: { memberDetails: preRegistered } });
  server.handler = (request, response) => {
    if (request.url === '/api/customer/light/pinValidate') return pinAnswer(response);
    if (request.url === '/api/customer/light/resendPin') return json(response, 200, { data: true });
    if (request.url === '/api/membership/memberDetails') {
      return json(response, 200, { data: { memberDetails: preRegistered } });
    }
    return json(response, 404, {});
  };
  store = await storeWithNewCustomer();
  configureTestApi(server, store);
});

const codeField = () => screen.getByRole('textbox', { name: /Código del SMS/ });
const pinRequests = (): SeenRequest[] => server.requests.filter((r) => r.url === '/api/customer/light/pinValidate');

async function typeCode(code: string) {
  const user = userEvent.setup();
  await user.type(codeField(), code);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  return user;
}

describe('OTP page: the code', () => {
  it('shows the number the SMS went to and a one-time-code field named pin', async () => {
    await renderOtp(store);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifica tu teléfono' })).toBeInTheDocument();
    expect(screen.getByText(/al \+34 612 345 678\./)).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('name', 'pin');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('maxlength', '4');
  });

  it('refuses an empty code and one that is not 4 letters or digits, without calling the server', async () => {
    const user = userEvent.setup();
    await renderOtp(store);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(/Campo obligatorio/));
    await user.type(codeField(), 'A-1');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(/Patrón incorrecto/));
    expect(pinRequests()).toHaveLength(0);
  });

  it('the right code (typed in lower case) makes the customer preRegistered and leads to the address page', async () => {
    await renderOtp(store);
    await typeCode('k7mp');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/address-details'));
    expect(JSON.parse(pinRequests()[0]?.body.toString() ?? '{}')).toEqual({ pin: 'K7MP' });
    expect(pinRequests()[0]?.headers.authorization).toBe('Bearer token-of-81');
    expect((await store.get(sessionAtom))?.memberDetails.status).toBe('preRegistered');
  });

  for (const [code, values] of [
    ['PinNotValid', {}],
    ['PinExpired', {}],
    ['PinNotValidWithRemainingAttemptCount', { remaining: 3 }],
    ['PinNotValidLastAttempt', {}],
  ] as const) {
    it(`${code}: the message shows on the code field`, async () => {
      pinAnswer = businessError(code, values);
      await renderOtp(store);
      await typeCode('ABCD');
      const message = formatErrorMessage(businessErrorCodes[code].message, values);
      await waitFor(() => expect(codeField()).toHaveAccessibleDescription(new RegExp(escape(message))));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(codeField()).toHaveFocus();
    });
  }

  it("MemberBlocked: a dialog; '¿Olvidaste tu contraseña?' ends the session and goes to forgot-PIN with the phone", async () => {
    pinAnswer = businessError('MemberBlocked');
    await renderOtp(store);
    const user = await typeCode('ABCD');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(businessErrorCodes.MemberBlocked.message);
    expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login/forgot-pin?phone=612345678'));
    expect(await store.get(sessionAtom)).toBeNull();
  });

  it("MemberBlocked: 'Inicia sesión' ends the session and goes to login with the phone", async () => {
    pinAnswer = businessError('MemberBlocked');
    await renderOtp(store);
    const user = await typeCode('ABCD');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Inicia sesión' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?phone=612345678'));
    expect(await store.get(sessionAtom)).toBeNull();
  });

  it("another code: an 'Aviso' with the message; NotAllowedCustomerStatus also refreshes the customer's status", async () => {
    pinAnswer = businessError('NotAllowedCustomerStatus');
    await renderOtp(store);
    await typeCode('ABCD');
    const dialog = await screen.findByRole('alertdialog', { name: /Aviso/ });
    expect(dialog).toHaveTextContent(businessErrorCodes.NotAllowedCustomerStatus.message);
    await waitFor(async () => expect((await store.get(sessionAtom))?.memberDetails.status).toBe('preRegistered'));
  });
});

describe('OTP page: the WebOTP API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });

  function stubWebOtp(get: (options: CredentialRequestOptions) => Promise<unknown>) {
    vi.stubGlobal('OTPCredential', class {});
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: vi.fn(get) } });
    return navigator.credentials.get as unknown as ReturnType<typeof vi.fn>;
  }

  it('where supported, the code from the SMS is filled in and sent by itself', async () => {
    const get = stubWebOtp(async () => ({ code: 'k7mp', type: 'otp' }));
    await renderOtp(store);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/address-details'));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    expect(JSON.parse(pinRequests()[0]?.body.toString() ?? '{}')).toEqual({ pin: 'K7MP' });
  });

  it('the pending request is aborted when the customer leaves the page', async () => {
    let signal: AbortSignal | undefined;
    stubWebOtp((options) => {
      signal = options.signal ?? undefined;
      return new Promise(() => undefined);
    });
    const view = await renderOtp(store);
    expect(signal?.aborted).toBe(false);
    view.unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('after a new code is sent, the browser is asked again (the first request may be spent or dismissed)', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    try {
      const signals: AbortSignal[] = [];
      const get = stubWebOtp((options) => {
        if (options.signal) signals.push(options.signal);
        return Promise.reject(new DOMException('The user dismissed the prompt.', 'AbortError'));
      });
      await renderOtp(store);
      expect(get).toHaveBeenCalledTimes(1);
      await act(async () => void vi.advanceTimersByTime(60_000));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'No he recibido el PIN' }));
      await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
      expect(signals[0]?.aborted).toBe(true);
      expect(signals[1]?.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a browser without OTPCredential is not asked (feature detection); the field keeps one-time-code autofill', async () => {
    const get = vi.fn(async () => null);
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    await renderOtp(store);
    expect(get).not.toHaveBeenCalled();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
  });
});

/** Escapes a text for a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
