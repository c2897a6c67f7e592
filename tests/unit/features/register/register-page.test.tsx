import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { REGISTER_TEXTS } from '../../../../src/shared/messages-identity.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { configureTestApi, freshStore, renderRegister, storeSignup } from './register-harness.tsx';

/** The register page's first step (first document §2 "Register page", §4 "Phone check") against a local API. */

let server: TestServer;
let phoneRegistered: boolean;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
});
beforeEach(() => {
  server.requests = [];
  phoneRegistered = false;
  server.handler = (request, response) => {
    if (request.url === '/api/customer/CheckPhoneDNI') {
      return json(response, 200, { data: { phoneregistered: phoneRegistered } });
    }
    return json(response, 404, {});
  };
  configureTestApi(server);
});

const signupHeading = () => screen.queryByRole('group', { name: 'Tus datos personales' });

describe('register page: which form shows first', () => {
  it('without a phone or skipPhoneCheck in the query the phone check shows, not the signup form', async () => {
    await renderRegister(await freshStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Crea una cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveAttribute('name', 'phone');
    expect(signupHeading()).not.toBeInTheDocument();
  });

  it('with a phone in the query the signup form shows at once, the phone filled in', async () => {
    await renderRegister(await freshStore(), '/registro/datos-personales?phone=612345678');
    expect(signupHeading()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveValue('612345678');
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveAttribute('name', 'mobilePhone');
  });

  it('with skipPhoneCheck in the query the signup form shows at once', async () => {
    await renderRegister(await freshStore(), '/registro/datos-personales?skipPhoneCheck=true');
    expect(signupHeading()).toBeInTheDocument();
  });

  it('after a customerNotFound redirect from login it says the number was not found', async () => {
    await renderRegister(await freshStore(), '/registro/datos-personales?phone=612345678&customerNotFound=1');
    expect(
      screen.getByText('No hemos encontrado ninguna cuenta con el número +34 612345678. Regístrate para continuar.'),
    ).toHaveAttribute('role', 'status');
    expect(signupHeading()).toBeInTheDocument();
  });

  it('the phone check starts with the number of an unfinished signup kept on this device', async () => {
    const store = await freshStore();
    await storeSignup(store, { mobilePhone: '698765432', firstName: 'Ana' });
    await renderRegister(store);
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveValue('698765432');
  });
});

describe('register page: the phone check', () => {
  it('refuses an empty or a non-mobile number with the Spanish messages, without calling the server', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '912345678');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Patrón incorrecto')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('an unregistered number goes on to the signup form with the phone (kept in the query for a reload)', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '612 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(signupHeading()).toBeInTheDocument());
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '{}')).toEqual({ countryCode: '+34', phone: '612345678' });
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveValue('612345678');
    expect(screen.getByTestId('where')).toHaveTextContent('/registro/datos-personales?phone=612345678');
  });

  it("a registered number gets 'Ya hay un cliente registrado…' and 'Inicia sesión' goes to login with the phone", async () => {
    phoneRegistered = true;
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '612345678');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(REGISTER_TEXTS.phoneAlreadyRegistered);
    await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?phone=612345678'));
  });

  it('a registered number: choosing another number stays on the phone check', async () => {
    phoneRegistered = true;
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '612345678');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Usar otro número' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(signupHeading()).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/registro\/datos-personales$/);
  });

  it('InvalidPhone from the server is shown on the phone field', async () => {
    server.handler = (_request, response) =>
      json(response, 422, {
        errors: [
          {
            code: { name: 'InvalidPhone', value: 1006 },
            message: 'El número de teléfono no es válido.',
            title: 'Aviso',
          },
        ],
      });
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '612345678');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El número de teléfono no es válido.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('when the check itself fails, the customer goes on to the signup form with the phone', async () => {
    server.handler = (_request, response) => json(response, 503, { errors: [] });
    const user = userEvent.setup();
    await renderRegister(await freshStore());
    await user.type(screen.getByRole('textbox', { name: /Teléfono móvil/ }), '612345678');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(signupHeading()).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Teléfono móvil/ })).toHaveValue('612345678');
  });
});
