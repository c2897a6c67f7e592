import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellsOf, collectionCompanySession, serve } from './customer-file-harness.ts';
import { visaCard } from './fixtures.ts';
import { ok, renderAt, requests, staffError, storedSession } from './harness.tsx';

/**
 * 'Ver historial' of a card in 'Tarjetas' (`CardStatusHistoryGet`) and of a loan in 'Préstamos'
 * (`LoanStatusHistoryGet`): read when opened, statuses and who changed them in Spanish.
 */

const card = { ...visaCard, cardStatus: 'Deleted', cardSubStatus: null, isActive: false };
const cardHistory = [
  {
    kind: 'cardStatus',
    id: 21,
    fromStatus: 'Valid',
    toStatus: 'Deleted',
    changedBy: 'customer',
    reason: null,
    at: '2026-02-01T10:00:00Z',
  },
  {
    kind: 'cardSubStatus',
    id: 5,
    fromStatus: 'askForProof',
    toStatus: 'uploaded',
    changedBy: 'customer',
    reason: null,
    at: '2026-01-20T09:30:00Z',
  },
  {
    kind: 'cardStatus',
    id: 20,
    fromStatus: null,
    toStatus: 'Valid',
    changedBy: 'seed',
    reason: null,
    at: '2026-01-12T16:45:00Z',
  },
];
const loan = {
  id: 40,
  loanAmount: 300,
  createdDate: '2026-01-10',
  status: 'repaid',
  earlyClosureAmount: 0,
  installments: [],
  initialPayment: 300,
  firstRepaymentDate: '2026-02-10',
  overdueDay: 0,
  isRestructured: false,
  toAccountId: null,
  product: 'mini',
  productName: 'Minipréstamo',
  installmentCount: 1,
  interestFree: false,
  interestFreeLapsedAt: null,
};
const loanHistory = [
  {
    id: 9,
    fromStatus: 'issued',
    toStatus: 'repaid',
    changedBy: 'payment-job',
    reason: 'paid',
    at: '2026-02-10T09:00:00Z',
  },
  {
    id: 8,
    fromStatus: 'requested',
    toStatus: 'issued',
    changedBy: 'staff:7',
    reason: null,
    at: '2026-01-10T12:00:00Z',
  },
];

describe('the status history of a card and of a loan', () => {
  it('‘Tarjetas’: ‘Ver historial’ of a card reads its history only when opened', async () => {
    storedSession();
    serve((path) =>
      path === '/api/card/customer/ordered/5'
        ? ok([card])
        : path === '/api/card/statusHistory/3'
          ? ok(cardHistory)
          : null,
    );
    await renderAt('/backoffice/clientes/5/tarjetas');
    const trigger = await screen.findByRole('button', {
      name: 'Ver historial de estados de la tarjeta 411111******1111',
    });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(requests.some(({ path }) => path.startsWith('/api/card/statusHistory'))).toBe(false);
    await userEvent.setup().click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('grid', { name: 'Historial de estados de la tarjeta 411111******1111' });
    expect(cellsOf(table)).toEqual([
      ['01/02/2026 11:00', 'Válida', 'Eliminada', 'El cliente', '—'],
      ['20/01/2026 10:30', 'Justificante pedido', 'Justificante recibido', 'El cliente', '—'],
      ['12/01/2026 17:45', '—', 'Válida', 'Datos de demostración', '—'],
    ]);
  });

  it('‘Préstamos’: ‘Ver historial’ of a loan, who changed it in words', async () => {
    storedSession();
    serve((path) =>
      path === '/api/loan/loans?customerId=5'
        ? ok([loan])
        : path === '/api/loan/loanStatusHistory/40'
          ? ok(loanHistory)
          : null,
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Ver historial de estados del préstamo nº 40' }));
    const table = await screen.findByRole('grid', { name: 'Historial de estados del préstamo nº 40' });
    expect(cellsOf(table)).toEqual([
      ['10/02/2026 10:00', 'Activo', 'Devuelto', 'Proceso automático (payment-job)', 'paid'],
      ['10/01/2026 13:00', 'Solicitado', 'Activo', 'Empleado nº 7', '—'],
    ]);
  });

  it('a history the server refuses shows its Spanish message in the opened panel', async () => {
    serve(
      (path) =>
        path === '/api/loan/loans?customerId=5'
          ? ok([loan])
          : path === '/api/loan/loanStatusHistory/40'
            ? staffError('StaffLoanNotFound')
            : null,
      collectionCompanySession(),
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    const trigger = await screen.findByRole('button', { name: 'Ver historial de estados del préstamo nº 40' });
    await userEvent.setup().click(trigger);
    const section = screen.getByRole('region', { name: 'Cuotas del préstamo nº 40' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('No hemos encontrado ese préstamo.');
  });
});
