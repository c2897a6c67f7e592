import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellsOf, collectionCompanySession, pageOf, serve } from './customer-file-harness.ts';
import { mariaRecord, staffLoans } from './fixtures.ts';
import { agent, answer, location, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * Money received outside the app on the staff's screens (docs/backoffice.md §8 P1): `/conciliacion` lists the bank
 * statement's lines, and the customer file's 'Préstamos' assigns one to a running loan from its first payable
 * instalment (`PayLoanManualPost`), with the reason, then reads the loans again.
 */

const waitingLine = {
  id: 7,
  externalId: 'line-7',
  source: 'bank-transfer',
  receivedOn: '2026-03-09',
  amount: 250.5,
  description: 'cuota marzo',
  payerName: 'MARIA GARCIA',
  status: 'unmatched',
  match: null,
};
const assignedLine = {
  ...waitingLine,
  id: 6,
  status: 'matched',
  description: 'PR1A2B3C4D5E-CN40',
  match: {
    paymentId: 90,
    loanId: 40,
    customerId: 5,
    matchedBy: { id: 1, fullName: 'Lucía Agente Demo' },
    matchedAt: '2026-03-09T10:15:00Z',
  },
};

const linesAnswer = (path: string): Answer | null =>
  path.startsWith('/api/inboundpayment/statementLines')
    ? ok(pageOf<object>(path.includes('status=matched') ? [assignedLine] : [waitingLine]))
    : null;

describe('/conciliacion', () => {
  it('lists the transfers waiting, each with the search for its payer; ‘Asignados’ says to which loan and by whom', async () => {
    storedSession();
    serve(linesAnswer);
    await renderAt('/backoffice/conciliacion');
    const table = await screen.findByRole('grid', { name: 'Movimientos del banco' });
    expect(cellsOf(table)).toEqual([
      ['09/03/2026', '250,50\u00a0€', 'cuota marzo', 'MARIA GARCIA', 'Buscar a MARIA GARCIA'],
    ]);
    expect(within(table).getByRole('link', { name: 'Buscar a MARIA GARCIA' })).toHaveAttribute(
      'href',
      '/backoffice/clientes?q=MARIA%20GARCIA',
    );
    expect(requests.at(-1)?.path).toBe('/api/inboundpayment/statementLines?status=unmatched&page=1&pageSize=25');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Movimientos' }), 'matched');
    await waitFor(() => expect(location()).toBe('/conciliacion?estado=matched'));
    await waitFor(() =>
      expect(cellsOf(screen.getByRole('grid', { name: 'Movimientos del banco' }))).toEqual([
        [
          '09/03/2026',
          '250,50\u00a0€',
          'PR1A2B3C4D5E-CN40',
          'MARIA GARCIA',
          'Préstamo nº 40',
          expect.stringMatching(/^Lucía Agente Demo · 09\/03\/2026 11:15$/),
        ],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Préstamo nº 40' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5/prestamos',
    );
  });

  it('is not for a collection company: the menu has no link and the page goes to the search', async () => {
    const company = collectionCompanySession();
    serve((path) => linesAnswer(path) ?? (path.startsWith('/api/customer/search') ? ok(pageOf([])) : null), company);
    await renderAt('/backoffice/conciliacion');
    await waitFor(() => expect(location()).toBe('/clientes'));
    expect(screen.queryByRole('link', { name: 'Conciliación' })).toBeNull();
    expect(requests.some(({ path }) => path.startsWith('/api/inboundpayment'))).toBe(false);
  });
});

describe('‘Préstamos’: assigning a transfer', () => {
  /** Customer 5's file with its loans; the match answered by `write` (after it, the loans read show 402 paid). */
  function serveLoans(write: () => Answer) {
    let matched = false;
    answer(({ method, path }) => {
      if (path === '/api/membership/staff/me') return ok(agent);
      if (path === '/api/customer/customer/5') return ok(mariaRecord);
      if (method === 'POST' && path === '/api/loan/payloanmanual') {
        const answered = write();
        matched = answered !== 'network' && answered.status === 200;
        return answered;
      }
      if (path === '/api/loan/loans?customerId=5') return ok(matched ? staffLoans.slice(1) : staffLoans);
      return linesAnswer(path) ?? staffError('StaffCustomerNotFound');
    });
  }

  async function openDialog() {
    await renderAt('/backoffice/clientes/5/prestamos');
    const section = await screen.findByRole('region', { name: 'Cuotas del préstamo nº 40' });
    // Only the running loan offers it; the repaid one (nº 39) has no action.
    expect(
      within(screen.getByRole('region', { name: 'Cuotas del préstamo nº 39' })).queryByRole('button', {
        name: 'Asignar una transferencia',
      }),
    ).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Asignar una transferencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar una transferencia al préstamo nº 40' });
    const select = await within(dialog).findByRole('combobox', { name: 'Transferencia recibida' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    return { dialog, select };
  }

  it('applies the chosen transfer from the first payable instalment with the reason, says so and reads the loans again', async () => {
    storedSession();
    serveLoans(() =>
      ok({
        paymentId: 91,
        loanId: 40,
        customerId: 5,
        amount: 250.5,
        paymentOption: 'pendingInstallments',
        status: 'success',
        loanStatus: 'issued',
      }),
    );
    const { dialog, select } = await openDialog();
    expect(dialog).toHaveTextContent('Se aplica desde la cuota nº 2 (vence el 10/03/2026, 250,50 € pendientes).');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Concepto sin referencia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar la transferencia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Elige la transferencia que quieres asignar.');
    expect(requests.some(({ method }) => method === 'POST')).toBe(false);

    await userEvent.selectOptions(select, '7');
    expect(
      within(select).getByRole('option', { name: /^09\/03\/2026 · 250,50\s€ · «cuota marzo» · MARIA GARCIA$/ }),
    ).toHaveProperty('selected', true);
    const loanReads = requests.filter(({ path }) => path === '/api/loan/loans?customerId=5').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar la transferencia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/payloanmanual',
      body: { statementLineId: 7, loanId: 40, installmentId: 402, reason: 'Concepto sin referencia' },
    });
    expect(await screen.findByText('Transferencia de 250,50 € asignada al préstamo nº 40.')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() =>
      expect(requests.filter(({ path }) => path === '/api/loan/loans?customerId=5').length).toBe(loanReads + 1),
    );
  });

  it('shows the server’s refusal in the dialog (the instalment was paid meanwhile)', async () => {
    storedSession();
    serveLoans(() => staffError('StaffInstallmentNotDue'));
    const { dialog, select } = await openDialog();
    await userEvent.selectOptions(select, '7');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Concepto sin referencia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar la transferencia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esa cuota ya no es la primera pendiente del préstamo (puede que ya esté pagada).',
    );
  });

  it('a collection company sees the loans without the action', async () => {
    const company = collectionCompanySession();
    serve((path) => (path === '/api/loan/loans?customerId=5' ? ok(staffLoans) : null), company);
    await renderAt('/backoffice/clientes/5/prestamos');
    await screen.findByRole('region', { name: 'Cuotas del préstamo nº 40' });
    expect(screen.queryByRole('button', { name: 'Asignar una transferencia' })).toBeNull();
  });
});
