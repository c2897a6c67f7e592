import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellsOf, collectionCompanySession, serve } from './customer-file-harness.ts';
import { staffLoans as loans, visaCard } from './fixtures.ts';
import { location, ok, renderAt, requests, staffError, storedSession } from './harness.tsx';

/** The customer file's read tabs 'Estado', 'Préstamos' and 'Límite' over a mocked fetch (money on the wire in euros). */

const statusPage = (page: number, total: number) => ({
  customerId: 5,
  status: 'securityChecked',
  items: [
    {
      id: 12,
      at: '2026-03-02T11:05:00Z',
      from: 'systemApproved',
      to: 'securityChecked',
      changedBy: 'staff:7',
      reason: 'documentsApproved',
    },
    { id: 11, at: '2026-02-20T08:00:00Z', from: null, to: 'new', changedBy: 'customer', reason: null },
  ],
  page,
  pageSize: 25,
  total,
  totalCapped: false,
});

const creditPage = {
  customerId: 5,
  creditLimit: 3500,
  miniLimit: 400,
  availableLimit: 1208.33,
  miniAvailableLimit: 400,
  items: [
    {
      id: 9,
      at: '2026-02-01T10:00:00Z',
      trigger: 'loanRepaid',
      outcome: 'systemApproved',
      limit: 3500,
      miniLimit: 400,
      rulesVersion: 'v3',
      inputs: {},
      reasons: [{ rule: 'ageInRange', passed: true, detail: 'age 42' }],
    },
    {
      id: 8,
      at: '2025-10-01T10:00:00Z',
      trigger: 'firstAccountLinked',
      outcome: 'declined',
      limit: 0,
      miniLimit: 0,
      rulesVersion: 'v3',
      inputs: {},
      reasons: [
        { rule: 'salaryPayments', passed: false, detail: '1 salary payments' },
        { rule: 'newRuleOfTomorrow', passed: false, detail: 'x' },
      ],
    },
  ],
  page: 1,
  pageSize: 25,
  total: 2,
  totalCapped: false,
};

describe('the customer file’s tabs', () => {
  it('‘Estado’: the status now and its changes in Spanish, who made them, paged from the URL', async () => {
    storedSession();
    serve((path) => (path.startsWith('/api/customer/status/5') ? ok(statusPage(2, 27)) : null));
    await renderAt('/backoffice/clientes/5/estado?pagina=2');
    const table = await screen.findByRole('grid', { name: 'Cambios de estado' });
    expect(screen.getByText('Estado actual:').parentElement).toHaveTextContent('Estado actual: Verificado');
    const rows = cellsOf(table);
    expect(rows).toEqual([
      ['02/03/2026 12:05', 'Aprobado por el sistema', 'Verificado', 'Empleado nº 7', 'documentsApproved'],
      ['20/02/2026 09:00', '—', 'Nuevo: falta confirmar el SMS', 'El cliente', '—'],
    ]);
    expect(requests.at(-1)?.path).toBe('/api/customer/status/5?page=2&pageSize=25');
    await userEvent.setup().click(screen.getByRole('button', { name: /anterior/i }));
    await waitFor(() => expect(location()).toBe('/clientes/5/estado?pagina=1'));
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/api/customer/status/5?page=1&pageSize=25'));
  });

  it('‘Préstamos’: each loan with its product, state, instalments paid and what is due, then its instalments', async () => {
    storedSession();
    serve((path) => (path === '/api/loan/loans?customerId=5' ? ok(loans) : null));
    await renderAt('/backoffice/clientes/5/prestamos');
    const table = await screen.findByRole('grid', { name: 'Préstamos del cliente' });
    const rows = cellsOf(table);
    expect(rows).toEqual([
      [
        'Nº 40',
        'Préstamo a plazos',
        '2.500,00\u00a0€',
        '10/01/2026',
        'Activo',
        '1 de 12',
        '10/03/2026 (4 días de retraso)',
        '2.291,67\u00a0€',
      ],
      [
        'Nº 39',
        'Minipréstamo · al 0 %',
        '300,00\u00a0€',
        '01/11/2025',
        'Devuelto',
        '1 de 1',
        'Nada pendiente',
        '0,00\u00a0€',
      ],
    ]);
    const first = screen.getByRole('grid', { name: 'Cuotas del préstamo nº 40' });
    expect(cellsOf(first)).toEqual([
      ['10/02/2026', '208,33\u00a0€', '42,17\u00a0€', '250,50\u00a0€', '250,50\u00a0€', 'Pagada'],
      ['10/03/2026', '208,33\u00a0€', '42,17\u00a0€', '250,50\u00a0€', '0,00\u00a0€', 'Pendiente'],
    ]);
  });

  it('‘Préstamos’ of a customer without loans says so', async () => {
    storedSession();
    serve((path) => (path === '/api/loan/loans?customerId=5' ? ok([]) : null));
    await renderAt('/backoffice/clientes/5/prestamos');
    expect(await screen.findByText('El cliente no tiene préstamos.')).toBeInTheDocument();
  });

  it('‘Límite’: the limits, what is available, and each decision with the rules it failed in Spanish', async () => {
    storedSession();
    serve((path) => (path.startsWith('/api/customer/creditlimit/5') ? ok(creditPage) : null));
    await renderAt('/backoffice/clientes/5/limite');
    const table = await screen.findByRole('grid', { name: 'Decisiones de crédito' });
    const panel = screen.getByRole('tabpanel');
    const value = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(value('Límite de crédito')).toBe('3.500,00\u00a0€');
    expect(value('Disponible')).toBe('1.208,33\u00a0€');
    expect(value('Disponible en minipréstamos')).toBe('400,00\u00a0€');
    const rows = cellsOf(table);
    expect(rows).toEqual([
      ['01/02/2026 11:00', 'Préstamo devuelto', 'Aprobado', '3.500,00\u00a0€', '400,00\u00a0€', '—'],
      [
        '01/10/2025 12:00',
        'Primera cuenta vinculada',
        'Rechazado',
        '0,00\u00a0€',
        '0,00\u00a0€',
        'Pocas nóminas; newRuleOfTomorrow',
      ],
    ]);
    expect(requests.at(-1)?.path).toBe('/api/customer/creditlimit/5?page=1&pageSize=25');
  });

  it('‘Tarjetas’: each card masked as stored, its state, proof, 3-D Secure and whether it is the principal one', async () => {
    storedSession();
    const card = visaCard;
    const deleted = {
      ...card,
      id: 2,
      maskedCardNumber: '522222******2222',
      lastFour: '2222',
      brand: 'other',
      cardStatus: 'Deleted',
      cardSubStatus: null,
      isActive: false,
      threeDsState: null,
      createdAt: '2025-12-01T09:00:00Z',
    };
    serve((path) => (path === '/api/card/customer/ordered/5' ? ok([card, deleted]) : null));
    await renderAt('/backoffice/clientes/5/tarjetas');
    const table = await screen.findByRole('grid', { name: 'Tarjetas del cliente' });
    expect(cellsOf(table)).toEqual([
      // The last cell: the proof actions the card's state allows (a proof already asked, a deleted card: none).
      [
        '411111******1111',
        'Visa',
        '04/2029',
        'Válida',
        'Justificante pedido',
        'Completada',
        'Sí',
        '12/01/2026 17:45',
        '—',
      ],
      ['522222******2222', 'Otra', '04/2029', 'Eliminada', '—', 'Sin 3-D Secure', 'No', '01/12/2025 10:00', '—'],
    ]);
  });

  it('‘Mensajes’: the SMS (codes masked by the server) and the reminder pushes, with why each was sent', async () => {
    storedSession();
    const messages = {
      items: [
        {
          channel: 'push',
          id: 4,
          sentAt: '2026-03-07T09:00:00Z',
          text: 'Tu cuota vence en 3 días',
          purpose: 'dueIn3Days',
          status: 'sent',
          readAt: null,
          phone: null,
          installmentId: 402,
          dueDate: '2026-03-10',
        },
        {
          channel: 'sms',
          id: 4,
          sentAt: '2026-02-20T08:00:00Z',
          text: 'Tu código de Préstamo Rápido es ••••',
          purpose: 'registration',
          status: 'read',
          readAt: '2026-02-20T08:01:00Z',
          phone: '600000005',
          installmentId: null,
          dueDate: null,
        },
      ],
      page: 1,
      pageSize: 25,
      total: 2,
      totalCapped: false,
    };
    serve((path) => (path.startsWith('/api/communication/sms/historypaged/5') ? ok(messages) : null));
    await renderAt('/backoffice/clientes/5/mensajes');
    const table = await screen.findByRole('grid', { name: 'Mensajes enviados al cliente' });
    expect(cellsOf(table)).toEqual([
      ['07/03/2026 10:00', 'Notificación push', 'Recordatorio: vence en 3 días', 'Tu cuota vence en 3 días', 'Enviado'],
      [
        '20/02/2026 09:00',
        'SMS al 600000005',
        'Código de registro',
        'Tu código de Préstamo Rápido es ••••',
        'Leído el 20/02/2026 09:01',
      ],
    ]);
    expect(requests.at(-1)?.path).toBe('/api/communication/sms/historypaged/5?page=1&pageSize=25');
  });

  it('a read that fails shows the server’s Spanish message in the tab', async () => {
    storedSession();
    serve(() => staffError('StaffCustomerNotFound'));
    await renderAt('/backoffice/clientes/5/estado');
    const panel = await screen.findByRole('tabpanel');
    const alert = await within(panel).findByText('No hemos encontrado ese cliente.');
    expect(alert).toHaveAttribute('role', 'alert');
  });

  it('a collection company’s user sees ‘Estado’, ‘Préstamos’, ‘Tarjetas’ and ‘Comentarios’, never ‘Límite’ (not even by URL)', async () => {
    serve(() => null, collectionCompanySession());
    await renderAt('/backoffice/clientes/5/limite');
    await waitFor(() => expect(location()).toBe('/clientes/5'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Resumen',
      'Estado',
      'Préstamos',
      'Tarjetas',
      'Comentarios',
    ]);
    expect(requests.some(({ path }) => path.includes('creditlimit'))).toBe(false);
  });
});
