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
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { configureTestApi, NEW_CUSTOMER, renderOtp, storeWithNewCustomer } from './otp-harness.tsx';

/** 'No he recibido el PIN' after the 60-second wait, and the change of mobile (first document §2, §9). */

let server: TestServer;
let store: AppStore;
let resendAnswer: (response: ServerResponse) => void;
let changeAnswer: (response: ServerResponse) => void;

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

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
  vi.useRealTimers();
});
beforeEach(async () => {
  server.requests = [];
  resendAnswer = (response) => json(response, 200, { data: true });
  changeAnswer = (response) =>
    json(response, 200, { data: { memberDetails: { ...NEW_CUSTOMER, phone: '698765432' } } });
  server.handler = (request, response) => {
    if (request.url === '/api/customer/light/resendPin') return resendAnswer(response);
    if (request.url === '/api/customer/light/changeMobile') return changeAnswer(response);
    return json(response, 404, {});
  };
  store = await storeWithNewCustomer();
  configureTestApi(server, store);
});

const resendButton = () => screen.queryByRole('button', { name: 'No he recibido el PIN' });
const resendRequests = () => server.requests.filter((r) => r.url === '/api/customer/light/resendPin');

/** Fake clock (Date and timers) that still lets real I/O (the local server) run. */
function fakeClock() {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('OTP page: a new code', () => {
  it("'No he recibido el PIN' is offered only after the 60-second countdown", async () => {
    fakeClock();
    await renderOtp(store);
    expect(screen.getByRole('timer')).toHaveTextContent('Podrás pedir un nuevo código en 60 s.');
    expect(resendButton()).not.toBeInTheDocument();
    await advance(30_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Podrás pedir un nuevo código en 30 s.');
    await advance(29_000);
    expect(screen.getByRole('timer')).toHaveTextContent('en 1 s.');
    expect(resendButton()).not.toBeInTheDocument();
    await advance(1_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(resendButton()).toBeInTheDocument();
  });

  it('sends a new code (disabled while sending), confirms it and starts the wait again', async () => {
    const user = fakeClock();
    let release: () => void = () => undefined;
    resendAnswer = (response) => {
      release = () => json(response, 200, { data: true });
    };
    await renderOtp(store);
    await advance(60_000);
    await user.click(resendButton() as HTMLElement);
    await waitFor(() => expect(resendRequests()).toHaveLength(1));
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(resendButton() as HTMLElement);
    expect(resendRequests()).toHaveLength(1);
    expect(resendRequests()[0]?.method).toBe('POST');
    expect(resendRequests()[0]?.headers.authorization).toBe('Bearer token-of-81');

    release();
    expect(await screen.findByText('Te hemos enviado un nuevo código por SMS al +34 612 345 678.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Podrás pedir un nuevo código en 60 s.');
    expect(resendButton()).not.toBeInTheDocument();
  });

  it("a refused request (PinRequestTooSoon) shows an 'Aviso' with the message and offers the button again", async () => {
    const user = fakeClock();
    resendAnswer = businessError('PinRequestTooSoon', { seconds: 12 });
    await renderOtp(store);
    await advance(60_000);
    await user.click(resendButton() as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: /Aviso/ });
    expect(dialog).toHaveTextContent('Espera 12 segundos antes de solicitar un nuevo PIN.');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(resendButton()).not.toHaveAttribute('aria-disabled'));
  });

  it('the page links to the change of mobile', async () => {
    const user = userEvent.setup();
    await renderOtp(store);
    await user.click(screen.getByRole('link', { name: 'Cambiar mi número de teléfono' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambia tu número de teléfono' })).toBeInTheDocument();
  });
});

describe('change of mobile (/otp/change-mobile)', () => {
  const mobileField = () => screen.getByRole('textbox', { name: /Nuevo número de móvil/ });
  const changeRequests = () => server.requests.filter((r) => r.url === '/api/customer/light/changeMobile');

  it('refuses an empty number and one that is not a Spanish mobile, without calling the server', async () => {
    const user = userEvent.setup();
    await renderOtp(store, '/otp/change-mobile');
    expect(screen.getByText('Número actual: +34 612 345 678')).toBeInTheDocument();
    expect(mobileField()).toHaveAttribute('name', 'mobilePhone');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(mobileField()).toHaveAccessibleDescription(/Campo obligatorio/));
    await user.type(mobileField(), '912345678');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(mobileField()).toHaveAccessibleDescription(/Patrón incorrecto/));
    expect(changeRequests()).toHaveLength(0);
  });

  it('a new number is saved, and the customer is back on /otp with the new number shown', async () => {
    const user = userEvent.setup();
    await renderOtp(store, '/otp/change-mobile');
    await user.type(mobileField(), '698 765 432');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Verifica tu teléfono' })).toBeInTheDocument(),
    );
    expect(JSON.parse(changeRequests()[0]?.body.toString() ?? '{}')).toEqual({
      mobilePhone: '698765432',
      countryCode: '+34',
    });
    expect(screen.getByText(/al \+34 698 765 432\./)).toBeInTheDocument();
    expect((await store.get(sessionAtom))?.memberDetails.phone).toBe('698765432');
  });

  for (const code of ['PhoneAlreadyRegistered', 'InvalidPhone', 'PinRequestTooSoon'] as const) {
    it(`${code}: the message shows on the phone field`, async () => {
      changeAnswer = businessError(code, { seconds: 40 });
      const user = userEvent.setup();
      await renderOtp(store, '/otp/change-mobile');
      await user.type(mobileField(), '698765432');
      await user.click(screen.getByRole('button', { name: 'Enviar código' }));
      const message = formatErrorMessage(businessErrorCodes[code].message, { seconds: 40 });
      await waitFor(() => expect(mobileField()).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect((await store.get(sessionAtom))?.memberDetails.phone).toBe('612345678');
    });
  }
});
