import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellsOf, serve } from './customer-file-harness.ts';
import { staffLoans } from './fixtures.ts';
import { ok, renderAt, requests, staffError, storedSession } from './harness.tsx';

/**
 * Two reads on the customer file's 'Préstamos' (docs/backoffice.md §8): what closes a running loan on another day
 * (`FutureCloseAmountGet`) and an instalment's status history (`InstallmentStatusHistoryGet`), read when opened.
 */

const futureAnswer = { loanId: 40, date: '2026-03-08', amount: 2350.2, today: '2026-03-06', todayAmount: 2291.67 };

describe('‘Préstamos’: the loan’s reads', () => {
  it('calculates what closes the running loan on a chosen day, beside today’s figure', async () => {
    storedSession();
    serve((path) =>
      path === '/api/loan/loans?customerId=5'
        ? ok(staffLoans)
        : path.startsWith('/api/loan/calculateFutureCloseAmount/40')
          ? ok(futureAnswer)
          : null,
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    const form = await screen.findByRole('form', { name: 'Cancelación del préstamo nº 40 en otra fecha' });
    // The repaid loan has none.
    expect(screen.queryByRole('form', { name: 'Cancelación del préstamo nº 39 en otra fecha' })).toBeNull();
    const date = within(form).getByLabelText('Fecha de pago');
    expect(date).toHaveAttribute('max', '2026-03-10');
    await userEvent.type(date, '2026-03-08');
    await userEvent.click(within(form).getByRole('button', { name: 'Calcular' }));
    expect(
      await within(form).findByText(
        /^Para cancelarlo el 08\/03\/2026, si no paga nada antes: 2\.350,20\s€ \(hoy: 2\.291,67\s€\)\.$/,
      ),
    ).toHaveAttribute('role', 'status');
    expect(requests.at(-1)?.path).toBe('/api/loan/calculateFutureCloseAmount/40?date=2026-03-08');
  });

  it('shows the server’s refusal of a day out of range', async () => {
    storedSession();
    serve((path) =>
      path === '/api/loan/loans?customerId=5'
        ? ok(staffLoans)
        : path.startsWith('/api/loan/calculateFutureCloseAmount/40')
          ? staffError('StaffCloseDateOutOfRange')
          : null,
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    const form = await screen.findByRole('form', { name: 'Cancelación del préstamo nº 40 en otra fecha' });
    await userEvent.type(within(form).getByLabelText('Fecha de pago'), '2026-03-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Calcular' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Elige un día entre hoy y el último vencimiento');
  });

  it('‘Ver historial de la cuota’ reads that instalment’s changes only when opened', async () => {
    storedSession();
    serve((path) =>
      path === '/api/loan/loans?customerId=5'
        ? ok(staffLoans)
        : path === '/api/loan/installmentStatusHistory/401'
          ? ok([
              {
                id: 3,
                at: '2026-02-10T08:00:00Z',
                fromStatus: 'notPaid',
                toStatus: 'paid',
                changedBy: 'staff:7',
                reason: 'payment:88',
              },
            ])
          : null,
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    const trigger = await screen.findByRole('button', { name: 'Ver historial de la cuota nº 1 (10/02/2026)' });
    expect(requests.some(({ path }) => path.startsWith('/api/loan/installmentStatusHistory'))).toBe(false);
    await userEvent.click(trigger);
    const table = await screen.findByRole('grid', { name: 'Historial de la cuota nº 1 (10/02/2026)' });
    await waitFor(() =>
      expect(cellsOf(table)).toEqual([['10/02/2026 09:00', 'Pendiente', 'Pagada', 'Empleado nº 7', 'payment:88']]),
    );
  });
});
