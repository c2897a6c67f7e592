import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellsOf, collectionCompanySession, pageOf, serve } from './customer-file-harness.ts';
import { location, ok, renderAt, requests, storedSession } from './harness.tsx';

/** The customer file's 'Banco' tab: the linked accounts (`StaffBankAccountsGet`) and the scrape sessions (paged). */

const account = {
  id: 8,
  iban: 'ES9100490001500512345678',
  bankName: 'Banco Santander',
  bankCode: '0049',
  holderName: 'María José Rodríguez Gil',
  source: 'scrape',
  status: 'active',
  scrapeSessionId: 'scr_1',
  linkedAt: '2026-01-15T09:30:00Z',
  transactionCount: 1234,
  salaryCount: 3,
  latestTransactionDate: '2026-03-01',
};
const manual = {
  ...account,
  id: 7,
  iban: 'ES7921000813610123456789',
  bankName: 'CaixaBank',
  bankCode: '2100',
  source: 'manual',
  status: 'inactive',
  scrapeSessionId: null,
  transactionCount: 0,
  salaryCount: 0,
  latestTransactionDate: null,
};
const session = {
  id: 'scr_1',
  provider: 'sandbox',
  status: 'succeeded',
  bankName: 'Banco Santander',
  polls: 4,
  accountCount: 1,
  createdAt: '2026-01-15T09:25:00Z',
  finishedAt: '2026-01-15T09:30:00Z',
};
const open = { ...session, id: 'scr_2', status: 'inProgress', bankName: null, accountCount: 0, finishedAt: null };

describe('the customer file’s ‘Banco’ tab', () => {
  it('shows each account as the server gives it, with its status in Spanish and its counts; then the sessions, paged', async () => {
    storedSession();
    serve((path) => {
      if (path === '/api/bankscraper/getAccountWithBankDetails/5') return ok([account, manual]);
      if (path.startsWith('/api/bankscraper/getScrapeCustomerInfo/5')) return ok(pageOf([open, session], 27, 2));
      return null;
    });
    await renderAt('/backoffice/clientes/5/banco?pagina=2');
    expect(screen.getByRole('tab', { name: 'Banco', selected: true })).toBeInTheDocument();
    const accounts = await screen.findByRole('grid', { name: 'Cuentas bancarias del cliente' });
    expect(cellsOf(accounts)).toEqual([
      [
        'ES9100490001500512345678',
        'Banco Santander (0049)',
        'María José Rodríguez Gil',
        'Conexión con el banco',
        'Activa',
        '15/01/2026 10:30',
        '1.234',
        '3',
        '01/03/2026',
      ],
      [
        'ES7921000813610123456789',
        'CaixaBank (2100)',
        'María José Rodríguez Gil',
        'Introducida por el cliente',
        'Inactiva',
        '15/01/2026 10:30',
        '0',
        '0',
        '—',
      ],
    ]);
    const sessions = await screen.findByRole('grid', { name: 'Conexiones del cliente con su banco' });
    expect(cellsOf(sessions)).toEqual([
      ['15/01/2026 10:25', 'sandbox', 'Sin elegir', 'En curso', '0', '4', '—'],
      ['15/01/2026 10:25', 'sandbox', 'Banco Santander', 'Completada', '1', '4', '15/01/2026 10:30'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Cuentas bancarias' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Conexiones con el banco' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(requests.map(({ path }) => path)).toContain('/api/bankscraper/getScrapeCustomerInfo/5?page=2&pageSize=25');
  });

  it('says when there is no account and no session', async () => {
    storedSession();
    serve((path) =>
      path.startsWith('/api/bankscraper/getAccountWithBankDetails/5')
        ? ok([])
        : path.startsWith('/api/bankscraper/getScrapeCustomerInfo/5')
          ? ok(pageOf([]))
          : null,
    );
    await renderAt('/backoffice/clientes/5/banco');
    expect(await screen.findByText('El cliente no ha vinculado ninguna cuenta.')).toBeInTheDocument();
    expect(await screen.findByText('El cliente no ha conectado con su banco desde la aplicación.')).toBeInTheDocument();
  });

  it('an error answer shows the server’s Spanish message in an alert', async () => {
    storedSession();
    serve((path) => (path.startsWith('/api/bankscraper/getScrapeCustomerInfo/5') ? ok(pageOf([])) : null));
    await renderAt('/backoffice/clientes/5/banco');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No hemos encontrado ese cliente.');
  });

  it('a collection company’s user has no ‘Banco’ tab, not even by URL, and nothing is asked', async () => {
    serve(() => null, collectionCompanySession());
    await renderAt('/backoffice/clientes/5/banco');
    await waitFor(() => expect(location()).toBe('/clientes/5'));
    expect(screen.queryByRole('tab', { name: 'Banco' })).toBeNull();
    expect(requests.some(({ path }) => path.includes('bankscraper'))).toBe(false);
  });
});
