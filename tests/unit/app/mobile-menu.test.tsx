import { plain } from '../helpers/plain-text.ts';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerMenuLinks } from '../../../src/app/shell/menu-links.ts';
import MobileMenuPanel from '../../../src/app/shell/MobileMenuPanel.tsx';
import { endSession } from '../../../src/lib/session/session.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import { formatMoney, type Cents } from '../../../src/shared/money.ts';
import { customerStatuses, type CustomerStatus } from '../../../src/shared/statuses.ts';
import { memberDetails } from '../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../lib/api/test-server.ts';
import { newStore, renderPage } from '../features/cards/cards-harness.tsx';
import { wireLoan } from '../features/payment/payment-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The side menu (first document §2, second document §2): balance, links by status, logout, contact cards. */

const AREA = ['Área de clientes', 'Historial de préstamos', 'Gestión de la cuenta'];
const labels = (status: CustomerStatus | null, hasActiveLoan = false) =>
  customerMenuLinks(status, { hasActiveLoan, loanCta: '/cta' }).map((link) => link.label);

describe('the menu links by customer status', () => {
  it('visitors get none (the panel shows login, register and the call-to-action)', () => {
    expect(labels(null)).toEqual([]);
  });

  it('new and preRegistered: only how to go on with the registration', () => {
    for (const status of ['new', 'preRegistered'] as const) {
      expect(customerMenuLinks(status, { hasActiveLoan: false, loanCta: '/otp' })).toEqual([
        { label: 'Completa tu registro', to: '/otp', primary: true },
      ]);
    }
  });

  it('registered, securityChecked and systemApproved: the area and, without a running loan, the loan request', () => {
    for (const status of ['registered', 'securityChecked', 'systemApproved'] as const) {
      expect(customerMenuLinks(status, { hasActiveLoan: false, loanCta: '/loan-request' })).toEqual([
        { label: 'Área de clientes', to: '/dashboard' },
        { label: 'Historial de préstamos', to: '/credit-history' },
        { label: 'Gestión de la cuenta', to: '/account' },
        { label: 'Solicita tu préstamo', to: '/loan-request', primary: true },
      ]);
      expect(labels(status, true)).toEqual(AREA);
    }
  });

  it('declined and the collection, legal and fraud statuses: the area only, never a loan request', () => {
    for (const status of [
      'declined',
      'internalCollection',
      'externalCollection',
      'processCollection',
      'legal',
      'fraud',
      'legalCollection',
    ] as const) {
      expect(labels(status), status).toEqual(AREA);
      expect(labels(status, true), status).toEqual(AREA);
    }
  });

  it('closed and none (logged out at once): nothing but logout', () => {
    expect(labels('closed')).toEqual([]);
    expect(labels('none')).toEqual([]);
  });

  it('covers every status the spec lists', () => {
    for (const status of customerStatuses) expect(() => labels(status)).not.toThrow();
  });
});

let server: TestServer;
let store: AppStore;
let loans: unknown[];

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url.startsWith('/api/loan/customerAllLoans')) return json(response, 200, { data: loans });
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  server.handler = handle;
  loans = [];
});
afterEach(cleanup);

const openMenu = async (status: CustomerStatus | null, overrides: Parameters<typeof memberDetails>[0] = {}) => {
  store = await newStore(server, memberDetails({ id: 9, status: status ?? 'registered', ...overrides }));
  if (status === null) endSession(store);
  await renderPage(store, '/', <MobileMenuPanel isOpen onOpenChange={() => undefined} />, '/');
  return screen.findByRole('dialog');
};
const loanRequests = () => server.requests.filter((request) => request.url.startsWith('/api/loan/customerAllLoans'));

describe('the side menu panel', () => {
  it('a customer with a running loan: what they owe, the area links, no loan request, logout, the contact cards', async () => {
    loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    const menu = await openMenu('securityChecked', { hasActiveLoan: true });
    const balance = await within(menu).findByText('Tu deuda actual');
    expect(balance.parentElement).toHaveTextContent(/Tu deuda actual\s*200,20\s€/);
    const nav = within(menu).getByRole('navigation', { name: 'Menú móvil' });
    for (const [name, href] of [
      ['Área de clientes', '/dashboard'],
      ['Historial de préstamos', '/credit-history'],
      ['Gestión de la cuenta', '/account'],
    ] as const) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).queryByRole('link', { name: 'Solicita tu préstamo' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    const contact = within(menu).getByRole('list', { name: 'Contacto' });
    const cards = within(contact).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Escríbenosayuda@prestamorapido.example',
      'Llámanos910 000 000De lunes a viernes de 9:00 a 21:00 y sábados de 10:00 a 14:00',
      'Te llamamosElige el día y la hora',
    ]);
    expect(within(contact).getByRole('link', { name: 'ayuda@prestamorapido.example' })).toHaveAttribute(
      'href',
      'mailto:ayuda@prestamorapido.example',
    );
    expect(within(contact).getByRole('link', { name: '910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
    expect(within(contact).getByRole('link', { name: 'Elige el día y la hora' })).toHaveAttribute(
      'href',
      '/account#te-llamamos',
    );
  });

  it('systemApproved without a running loan: the credit limits and the loan request', async () => {
    const menu = await openMenu('systemApproved', {
      customerCreditLimit: 60_000 as Cents,
      miniCreditLimit: 30_000 as Cents,
    });
    const limit = await within(menu).findByText('TU LÍMITE');
    expect(limit.parentElement).toHaveTextContent(
      `TU LÍMITE ${plain(formatMoney(60_000 as Cents))} · Minipréstamo ${plain(formatMoney(30_000 as Cents))}`,
    );
    expect(within(menu).getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/loan-request');
    expect(within(menu).queryByText('Tu deuda actual')).toBeNull();
  });

  it('registered without a loan: no balance, the area and the loan request', async () => {
    const menu = await openMenu('registered');
    await waitFor(() => expect(loanRequests()).toHaveLength(1));
    expect(within(menu).queryByText('TU LÍMITE')).toBeNull();
    expect(within(menu).queryByText('Tu deuda actual')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Área de clientes' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/loan-request');
  });

  it('a collection customer: what they owe, the area, no loan request', async () => {
    loans = [wireLoan([-50, -20], { paidCount: 0 })];
    const menu = await openMenu('externalCollection', { hasActiveLoan: true });
    expect(await within(menu).findByText('Tu deuda actual')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Gestión de la cuenta' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Solicita tu préstamo' })).toBeNull();
  });

  it('a new customer: no balance (no loan read), only the registration to complete, logout and the contact cards', async () => {
    const menu = await openMenu('new');
    expect(within(menu).getByRole('link', { name: 'Completa tu registro' })).toHaveAttribute('href', '/otp');
    expect(within(menu).queryByRole('link', { name: 'Área de clientes' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Elige el día y la hora' })).toBeNull();
    expect(within(menu).getByRole('link', { name: '910 000 000' })).toBeInTheDocument();
    expect(loanRequests()).toHaveLength(0);
  });

  it('a visitor: login, create an account, the call-to-action to login, the contact cards without the call-me card', async () => {
    const menu = await openMenu(null);
    expect(within(menu).getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Crea una Cuenta' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/login');
    expect(within(menu).queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Elige el día y la hora' })).toBeNull();
    expect(loanRequests()).toHaveLength(0);
  });
});
