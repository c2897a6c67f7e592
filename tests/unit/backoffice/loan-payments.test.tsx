import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { pageOf } from './customer-file-harness.ts';
import { mariaRecord, staffLoans } from './fixtures.ts';
import {
  agent,
  answer,
  ok,
  renderAt,
  requests,
  sessionOf,
  staffError,
  storedSession,
  type Answer,
} from './harness.tsx';

/**
 * A loan's payments in the customer file's 'Préstamos' and the proposals on them (docs/rules/payments.md "Annulled
 * payments"): read when opened, the action the server allows on each, the proposal sent with its reason; and the
 * inbox saying a payment's proposal in words.
 */

const admin: StaffMember = { ...agent, id: 9, fullName: 'Ana Admin Demo', role: 'administrator' };

const payment = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  loanId: 40,
  createdAt: '2026-03-02T09:00:00Z',
  settledAt: '2026-03-02T09:00:05Z',
  amount: 250.5,
  source: 'bank-transfer',
  purpose: 'pendingInstallments',
  status: 'success',
  message: '',
  allocations: [{ installmentId: 401, amount: 250.5 }],
  statementLineId: 7,
  actions: { delete: true, chargeback: false, restore: false },
  ...overrides,
});

const paymentProposal = {
  id: 31,
  kind: 'paymentDelete',
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  payment: { id: 92, loanId: 40, amount: 250.5, source: 'bank-transfer', status: 'success', settledAt: null },
  reason: 'Asignada al préstamo equivocado',
  status: 'pending',
  proposedBy: { id: 3, fullName: 'Agente Demo' },
  proposedAt: '2026-03-06T10:00:00Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
};

function serveFile(me: StaffMember, payments: unknown[], write: () => Answer = () => ok(paymentProposal)) {
  answer(({ method, path }) => {
    if (path === '/api/membership/staff/me') return ok(me);
    if (path === '/api/customer/customer/5') return ok(mariaRecord);
    if (path === '/api/loan/loans?customerId=5') return ok(staffLoans);
    if (path === '/api/loan/payments/40') return ok(payments);
    if (method === 'POST' && path.startsWith('/api/loan/')) return write();
    if (path.startsWith('/api/membership/proposals')) return ok(pageOf([paymentProposal]));
    return staffError('StaffCustomerNotFound');
  });
}

async function openPayments() {
  await renderAt('/backoffice/clientes/5/prestamos');
  const section = await screen.findByRole('region', { name: 'Cuotas del préstamo nº 40' });
  expect(requests.some(({ path }) => path.startsWith('/api/loan/payments/'))).toBe(false);
  await userEvent.click(within(section).getByRole('button', { name: /Pagos del préstamo nº 40/ }));
  return within(section).findByRole('table', { name: 'Pagos del préstamo nº 40' });
}

describe('‘Préstamos’: a loan’s payments', () => {
  it('lists them when opened, and an agent proposes to annul the transfer the server allows, with the reason', async () => {
    storedSession();
    serveFile(agent, [
      payment(92),
      payment(91, {
        source: 'debit-card',
        status: 'chargedBack',
        message: 'Tu banco ha devuelto este pago (contracargo): no cuenta para tu préstamo.',
        statementLineId: null,
        actions: { delete: false, chargeback: false, restore: false },
      }),
    ]);
    const table = await openPayments();
    const row = (id: number) => screen.getByRole('rowheader', { name: String(id) }).closest('tr')!;
    const cells = within(row(92)).getAllByRole('cell');
    [
      '02/03/2026 10:00',
      /^250,50\s€$/,
      'Transferencia',
      'Cobrado',
      /^cuota nº 1: 250,50\s€$/,
      'Proponer anulación',
    ].forEach((text, index) => expect(cells[index]).toHaveTextContent(text));
    expect(within(row(91)).getByText(/Contracargo/)).toBeInTheDocument();
    expect(within(row(91)).queryByRole('button')).toBeNull();
    expect(table).toBeInTheDocument();

    await userEvent.click(within(row(92)).getByRole('button', { name: 'Proponer anulación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proponer la anulación del pago nº 92' });
    expect(dialog).toHaveTextContent('el movimiento del banco vuelve a la conciliación');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Asignada al préstamo equivocado');
    const reads = requests.filter(({ path }) => path === '/api/loan/payments/40').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proponer anulación' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/deletePayment/92',
      body: { reason: 'Asignada al préstamo equivocado' },
    });
    expect(
      await screen.findByText(
        'Propuesta nº 31 sobre el pago nº 92 creada: la decide otro administrador en «Propuestas».',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(requests.filter(({ path }) => path === '/api/loan/payments/40').length).toBe(reads + 1));
  });

  it('offers a chargeback of a card payment to administrators only, and shows the server’s refusal', async () => {
    const card = payment(93, {
      source: 'debit-card',
      statementLineId: null,
      actions: { delete: false, chargeback: true, restore: false },
    });
    storedSession();
    serveFile(agent, [card]);
    await openPayments();
    expect(screen.queryByRole('button', { name: 'Proponer contracargo' })).toBeNull();
  });

  it('an administrator’s chargeback refused (a payment settled since) says why in the dialog', async () => {
    const card = payment(93, {
      source: 'debit-card',
      statementLineId: null,
      actions: { delete: false, chargeback: true, restore: false },
    });
    storedSession(sessionOf(admin));
    serveFile(admin, [card], () => staffError('PaymentNotLast'));
    await openPayments();
    await userEvent.click(screen.getByRole('button', { name: 'Proponer contracargo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proponer un contracargo del pago nº 93' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Contracargo del banco emisor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proponer contracargo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Solo se puede anular el último pago cobrado del préstamo',
    );
  });
});

describe('the inbox says a payment’s proposal in words', () => {
  it('names the payment, its amount and loan, and links to the file’s loans', async () => {
    storedSession(sessionOf(admin));
    serveFile(admin, []);
    await renderAt('/backoffice/propuestas');
    const row = (await screen.findByRole('rowheader', { name: '31' })).closest('tr')!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(
      /^Anular el pago nº 92 de 250,50\s€ \(transferencia, préstamo nº 40\): la transferencia vuelve a la conciliación$/,
    );
    expect(within(row).getByRole('link', { name: 'María José Rodríguez Gil' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5/prestamos',
    );
    expect(within(row).getByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
  });
});
