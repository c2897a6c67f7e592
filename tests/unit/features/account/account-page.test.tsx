import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../../../src/features/account/AccountPage.tsx';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { endSession } from '../../../../src/lib/session/session.ts';
import { accountCacheAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, newStore, renderPage } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /account (issue 14): details, e-mail update, address, bank accounts, cards, permissions and history, slots. */

let server: TestServer;
let store: AppStore;
let customer: Record<string, unknown>;
let cards: Array<Record<string, unknown>>;
let permissions: { allowEmail: boolean; allowSms: boolean; allow3CxCalls: boolean };
let history: Array<Record<string, unknown>>;
let addEmail: (response: ServerResponse) => void;
let updatePermissions: (request: SeenRequest, response: ServerResponse) => void;

const member = memberDetails({ id: 5, status: 'securityChecked', phone: '600000005' });

let customerDown = false;

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0] ?? '';
  // A lost connection, as the API client sees it: the socket closes without an answer.
  if (customerDown && path === '/api/customer/customer') return void response.destroy();
  if (path === '/api/membership/memberDetails') return json(response, 200, { data: { memberDetails: member } });
  if (path === '/api/customer/customer') return json(response, 200, { data: customer });
  if (path === '/api/bankscraper/getAccountWithBankDetails')
    return json(response, 200, {
      data: [
        {
          accountId: 7,
          accountNumber: 'ES9121000418450200051332',
          bankValue: 'CaixaBank',
          status: 'active',
          latestLoanDate: null,
          loanCount: 0,
          salaryCount: 3,
          transactionCount: 10,
          transactions: [],
        },
      ],
    });
  if (path === '/api/card/customer/mini') return json(response, 200, { data: cards });
  if (path === '/api/communication/checkPermissions')
    return json(response, 200, { data: [{ customerId: 5, ...permissions, lastChoiceDate: null }] });
  if (path === '/api/communication/permissionHistory') return json(response, 200, { data: history });
  if (path === '/api/communication/updateCommunicationPermission') return updatePermissions(request, response);
  if (path === '/api/customer/communication') return addEmail(response);
  return json(response, 404, {});
}

const requests = (path: string) => server.requests.filter((request) => request.url.split('?')[0] === path);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  customerDown = false;
  customer = {
    id: 5,
    status: 'securityChecked',
    memberDetails: member,
    isRtb: true,
    isBlacklist: false,
    additionalField: 'REF5',
    firstName: 'Lucía',
    lastName: 'García Pérez',
    email: 'lucia@example.com',
    phone: '600000005',
    gender: null,
    dni: '12345678Z',
    birthDate: '1990-05-01',
    address: {
      street: 'Calle Mayor',
      streetNumber: '10',
      floor: '2º B',
      postcode: '28013',
      city: 'Madrid',
      province: 'Madrid',
    },
  };
  cards = [
    {
      id: 1,
      cardStatus: 'Valid',
      maskedCardNumber: '411111******1111',
      cardSubStatus: null,
      isActive: true,
      brand: 'visa',
    },
    {
      id: 2,
      cardStatus: 'Valid',
      maskedCardNumber: '******5454',
      cardSubStatus: null,
      isActive: false,
      brand: 'other',
    },
  ];
  permissions = { allowEmail: true, allowSms: false, allow3CxCalls: true };
  history = [
    {
      allowEmail: true,
      allowSms: false,
      allow3CxCalls: true,
      createdDate: '2026-11-20T09:30:00.000Z',
      changedBy: 'customer',
    },
  ];
  addEmail = (response) => json(response, 200, { data: true });
  updatePermissions = (request, response) => {
    const body = JSON.parse(request.body.toString()) as typeof permissions;
    permissions = { allowEmail: body.allowEmail, allowSms: body.allowSms, allow3CxCalls: body.allow3CxCalls };
    history = [{ ...permissions, createdDate: '2026-11-25T10:15:00.000Z', changedBy: 'customer' }, ...history];
    json(response, 200, { data: true });
  };
  store = await newStore(server, member);
});
afterEach(() => {
  cleanup();
  clearToasts();
});

const callbacks = { onChangePassword: vi.fn(), onLogout: vi.fn() };

const open = () =>
  renderPage(
    store,
    '/account',
    <AccountPage
      notifications={<p>interruptor de recordatorios</p>}
      callMe={<p>formulario de llamada</p>}
      onChangePassword={callbacks.onChangePassword}
      onLogout={callbacks.onLogout}
    />,
    '/account',
  );

describe('the account page offline (issue 23 §7: it failed where the dashboard showed its last data)', () => {
  it('offline it shows the details it had with their age; back online it loads them again', async () => {
    await open();
    expect(await screen.findByText('Lucía García Pérez')).toBeInTheDocument();
    cleanup();
    act(() => store.set(onlineAtom, false));
    customerDown = true;
    const detailsAsked = requests('/api/membership/memberDetails').length;
    await open();
    expect(await screen.findByText('Lucía García Pérez')).toBeInTheDocument();
    // Nothing refreshed offline, so no 'Aviso' about a request the customer did not make.
    expect(requests('/api/membership/memberDetails')).toHaveLength(detailsAsked);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('12345678Z')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Cuentas bancarias' })).toHaveTextContent('ES91 2100 0418 4502 0005 1332');
    expect(within(screen.getByRole('list', { name: 'Tarjetas' })).getAllByRole('listitem')).toHaveLength(2);
    const note = screen.getByText(/Sin conexión: te mostramos tus datos/).closest<HTMLElement>('[role="status"]')!;
    expect(note).toHaveTextContent(
      'Datos de hace menos de 1 minSin conexión: te mostramos tus datos tal como estaban.',
    );
    expect(screen.queryByText('No hemos podido cargar tus datos.')).not.toBeInTheDocument();

    customerDown = false;
    const before = requests('/api/customer/customer').length;
    act(() => store.set(onlineAtom, true));
    await waitFor(() => expect(requests('/api/customer/customer').length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText(/Sin conexión: te mostramos/)).not.toBeInTheDocument());
    expect(await screen.findByText('Lucía García Pérez')).toBeInTheDocument();
  });

  it('a failed load online shows the kept data with the reason and Reintentar; without a kept copy, the error', async () => {
    customerDown = true;
    await open();
    expect(await screen.findByText('No hemos podido cargar tus datos.')).toBeInTheDocument();
    cleanup();
    customerDown = false;
    await open();
    await screen.findByText('Lucía García Pérez');
    cleanup();
    customerDown = true;
    await open();
    const note = (await screen.findByText(/No hemos podido actualizar tus datos/)).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(screen.getByText('Lucía García Pérez')).toBeInTheDocument();
    customerDown = false;
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText(/No hemos podido actualizar/)).not.toBeInTheDocument());
    expect(await screen.findByText('Lucía García Pérez')).toBeInTheDocument();
  });

  it("never shows another customer's kept copy, and logout forgets it", async () => {
    await open();
    await screen.findByText('Lucía García Pérez');
    await waitFor(async () => expect(await store.get(accountCacheAtom)).toMatchObject({ customerId: 5 }));
    await store.set(accountCacheAtom, { ...(await store.get(accountCacheAtom))!, customerId: 6 });
    cleanup();
    customerDown = true;
    await open();
    expect(await screen.findByText('No hemos podido cargar tus datos.')).toBeInTheDocument();
    expect(screen.queryByText('Lucía García Pérez')).not.toBeInTheDocument();
    await endSession(store);
    expect(await store.get(accountCacheAtom)).toBeNull();
  });
});

describe('the account page', () => {
  it('shows the details of CustomerGet, the address, the bank accounts and the cards with the principal one', async () => {
    await open();
    expect(await screen.findByText('Lucía García Pérez')).toBeInTheDocument();
    expect(screen.getByText('12345678Z')).toBeInTheDocument();
    expect(screen.getByText('+34 600000005')).toBeInTheDocument();
    expect(screen.getByText('lucia@example.com')).toBeInTheDocument();
    expect(screen.getByText('Calle Mayor, 10, 2º B')).toBeInTheDocument();
    expect(screen.getByText('28013 Madrid')).toBeInTheDocument();
    const accounts = screen.getByRole('list', { name: 'Cuentas bancarias' });
    expect(accounts).toHaveTextContent('CaixaBank · ES91 2100 0418 4502 0005 1332');
    // RTB, securityChecked, not blacklisted: the loan request's rule and link.
    expect(screen.getByRole('link', { name: 'Añadir nueva cuenta bancaria' })).toHaveAttribute(
      'href',
      '/bank-credentials',
    );
    const [first, second] = within(screen.getByRole('list', { name: 'Tarjetas' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('**** **** **** 1111');
    expect(first).toHaveTextContent('Principal');
    expect(second).toHaveTextContent('**** **** **** 5454');
    expect(second).not.toHaveTextContent('Principal');
    expect(screen.getByRole('link', { name: 'Cambiar mi tarjeta principal' })).toHaveAttribute(
      'href',
      '/financial-info/active-cards',
    );
  });

  it.each([
    ['blacklisted', { isBlacklist: true }],
    ['not RTB', { isRtb: false }],
    ['systemApproved', { status: 'systemApproved' }],
  ])('offers no new bank account to a customer %s', async (_label, overrides) => {
    customer = { ...customer, ...overrides };
    await open();
    await screen.findByText('Lucía García Pérez');
    expect(screen.queryByRole('link', { name: 'Añadir nueva cuenta bancaria' })).not.toBeInTheDocument();
  });

  it('shows no cards before securityChecked and does not ask for them', async () => {
    customer = { ...customer, status: 'registered' };
    await open();
    await screen.findByText('Lucía García Pérez');
    expect(screen.queryByRole('heading', { name: 'Tus tarjetas' })).not.toBeInTheDocument();
    expect(requests('/api/card/customer/mini')).toHaveLength(0);
  });

  it("the e-mail update modal: 'Email no válido', a refusal keeps it open, a valid address is saved (ENVIAR)", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Actualizar mi email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualiza tu email' });
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(field).toHaveValue('lucia@example.com');
    await user.clear(field);
    await user.type(field, 'lucia@');
    await user.click(within(dialog).getByRole('button', { name: 'ENVIAR' }));
    expect(await within(dialog).findByText('Email no válido')).toBeInTheDocument();
    expect(requests('/api/customer/communication')).toHaveLength(0);

    addEmail = businessError('EmailNotAvailable', 'Este email ya está en uso.');
    await user.clear(field);
    await user.type(field, 'ocupado@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'ENVIAR' }));
    expect(await screen.findByText('Este email ya está en uso.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Actualiza tu email' })).toBeInTheDocument();
    expect(field).toHaveValue('ocupado@example.com');

    addEmail = (response) => json(response, 200, { data: true });
    await user.clear(field);
    await user.type(field, 'nueva@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'ENVIAR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Los cambios se han guardado.')).toBeInTheDocument();
    expect(screen.getByText('nueva@example.com')).toBeInTheDocument();
    expect(JSON.parse(requests('/api/customer/communication').at(-1)!.body.toString())).toEqual({
      type: 'email',
      subType: 'personal',
      value: 'nueva@example.com',
    });
  });

  it("switches a permission: UpdateCommunicationPermissionPost with the three, 'Los cambios se han guardado.', the history", async () => {
    const user = userEvent.setup();
    await open();
    const sms = await screen.findByRole('switch', { name: 'Comunicaciones por SMS' });
    expect(sms).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Comunicaciones por email' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Llamadas telefónicas' })).toBeChecked();
    const list = screen.getByRole('list', { name: 'Historial de cambios' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('20/11/2026 10:30:00: email sí, SMS no, llamadas sí (por ti)');

    await user.click(sms);
    expect(await screen.findByText('Los cambios se han guardado.')).toBeInTheDocument();
    expect(JSON.parse(requests('/api/communication/updateCommunicationPermission')[0]!.body.toString())).toEqual({
      allowEmail: true,
      allowSms: true,
      allow3CxCalls: true,
      source: 'account',
    });
    expect(screen.getByRole('switch', { name: 'Comunicaciones por SMS' })).toBeChecked();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Historial de cambios' })).getAllByRole('listitem')).toHaveLength(
        2,
      ),
    );
    const [newest] = within(screen.getByRole('list', { name: 'Historial de cambios' })).getAllByRole('listitem');
    expect(newest).toHaveTextContent('25/11/2026 11:15:00: email sí, SMS sí, llamadas sí (por ti)');
  });

  it('a refused permission change leaves the switch as it was, with no success toast', async () => {
    const user = userEvent.setup();
    updatePermissions = (_request, response) => json(response, 500, { errors: [] });
    await open();
    const calls = await screen.findByRole('switch', { name: 'Llamadas telefónicas' });
    await user.click(calls);
    await waitFor(() => expect(requests('/api/communication/updateCommunicationPermission').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Llamadas telefónicas' })).not.toHaveAttribute('aria-readonly'),
    );
    expect(screen.getByRole('switch', { name: 'Llamadas telefónicas' })).toBeChecked();
    expect(screen.queryByText('Los cambios se han guardado.')).not.toBeInTheDocument();
  });

  it('renders the slots under their headings; the password change and logout call the app', async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByText('Lucía García Pérez');
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.getByText('interruptor de recordatorios')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Te llamamos' })).toBeInTheDocument();
    expect(screen.getByText('formulario de llamada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(callbacks.onChangePassword).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(callbacks.onLogout).toHaveBeenCalledTimes(1);
  });
});
