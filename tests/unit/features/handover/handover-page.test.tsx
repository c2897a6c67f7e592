import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { Route } from 'react-router';
import HandoverPage from '../../../../src/features/handover/HandoverPage.tsx';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { formatErrorMessage } from '../../../../src/shared/api/errors.ts';
import { bodyOf, configureTestApi, json, startTestServer, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute, Where, where } from '../../harness/render-at-route.tsx';
import { memberDetails } from '../../helpers/members.ts';

/**
 * The handover page (/handover/v1/:introductionId, docs/backoffice.md §5) against a local HTTP server answering as
 * the API does: the greeting, the code by SMS, the login and the landing of the customer's status; a spent link,
 * wrong codes and a customer already logged in.
 */

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const BASE = `/api/customer/handover/${ID}`;
const CUSTOMER = memberDetails({ id: 57, status: 'securityChecked', firstName: 'Marta' });
const HANDOVER = { firstName: 'Marta', maskedPhone: '*** *** 512', expiresAt: '2026-12-04T10:00:00.000Z' };

let server: TestServer;
let store: AppStore;
let answers: Record<string, (response: ServerResponse) => void>;

const businessError =
  (code: keyof typeof businessErrorCodes, values: Record<string, string | number> = {}) =>
  (response: ServerResponse) =>
    json(response, 422, {
      errors: [
        {
          code: { name: code, value: businessErrorCodes[code].value },
          message: formatErrorMessage(businessErrorCodes[code].message, values),
          title: 'Aviso',
        },
      ],
    });

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
  answers = {
    [`GET ${BASE}`]: (response) => json(response, 200, { data: HANDOVER }),
    [`POST ${BASE}/otp`]: (response) => json(response, 200, { data: HANDOVER }),
    [`POST ${BASE}/login`]: (response) =>
      json(response, 200, {
        data: { token: 'token-of-57', customerDetails: { ...CUSTOMER, passwordRequired: false } },
      }),
  };
  server.handler = (request, response) => {
    const answer = answers[`${request.method} ${request.url}`];
    return answer ? answer(response) : json(response, 404, {});
  };
  store = await freshStore({ sessionReady: true, online: true });
  configureTestApi(server, { store });
});

const renderPage = () =>
  renderAtRoute(
    store,
    `/handover/v1/${ID}`,
    <>
      <Route path="/handover/v1/:introductionId" element={<HandoverPage />} />
      <Route path="*" element={<Where />} />
    </>,
  );

const codeField = () => screen.getByRole('textbox', { name: /Código del SMS/ });
const sent = (path: string) => server.requests.filter((request) => request.url === path);

async function askForCode() {
  await userEvent.click(await screen.findByRole('button', { name: 'Enviarme el código' }));
  await screen.findByText(/Te hemos enviado un SMS con un código de 4 caracteres al \*\*\* \*\*\* 512/);
}

describe('HandoverPage', () => {
  it('greets the customer, sends the code, logs in with it and lands on the page of their status', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido' })).toBeInTheDocument();
    expect(
      await screen.findByText('Hola, Marta. Tu gestor te ha preparado el acceso a tu área de clientes.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/te enviaremos un código por SMS al \*\*\* \*\*\* 512/)).toBeInTheDocument();
    await askForCode();
    expect(sent(`${BASE}/otp`)).toHaveLength(1);
    await userEvent.type(codeField(), 'ab2c');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(bodyOf(sent(`${BASE}/login`)[0])).toEqual({ code: 'AB2C' });
    expect(store.get(sessionAtom)).toMatchObject({ token: 'token-of-57', memberDetails: { id: 57 } });
  });

  it('shows a wrong code on the field with the attempts left, and a spent link as no longer valid', async () => {
    answers[`POST ${BASE}/login`] = businessError('PinNotValidWithRemainingAttemptCount', { remaining: 3 });
    await renderPage();
    await askForCode();
    await userEvent.type(codeField(), 'ZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('El PIN no es correcto. Te quedan 3 intentos.')).toBeInTheDocument();
    await waitFor(() => expect(codeField()).toHaveFocus());

    answers[`POST ${BASE}/login`] = businessError('TokenNotValid');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no es válido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('says so at once when the link was used, replaced or expired', async () => {
    answers[`GET ${BASE}`] = businessError('TokenNotValid');
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no es válido' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviarme el código' })).toBeNull();
  });

  it('shows a blocked customer the server’s message, and lets a customer who already has a code type it', async () => {
    answers[`POST ${BASE}/otp`] = businessError('MemberBlocked');
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviarme el código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(businessErrorCodes.MemberBlocked.message);

    answers[`POST ${BASE}/otp`] = businessError('PinRequestTooSoon', { seconds: 42 });
    cleanup();
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviarme el código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Espera 42 segundos antes de solicitar un nuevo PIN.');
    expect(codeField()).toBeInTheDocument();
  });

  it('sends a customer already logged in on this device to their own landing, without calling the link', async () => {
    store = await freshStore({ member: CUSTOMER, sessionReady: true, online: true });
    configureTestApi(server, { store });
    await renderPage();
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(sent(BASE)).toHaveLength(0);
  });
});
