import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mariaRecord, staffLoans } from './fixtures.ts';
import { agent, answer, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * The customer file's actions on a loan's status and terms ('Préstamos'; docs/backoffice.md §8 P4): on a running loan
 * an instalment's date and a discount (and the discounts, with 'Quitar'); on a signed loan not paid out its status,
 * payout, cancellation, amount and account. Each sends what the dialog shows with the reason, says what happened, and
 * reads the loans again; a refusal shows in the dialog.
 */

const signed = { ...staffLoans[0], id: 41, status: 'agreementAssigned', installments: staffLoans[0]!.installments };
const discount = {
  id: 7,
  loanId: 40,
  installmentId: 402,
  amount: 20,
  reason: 'Compensación por una incidencia',
  createdBy: { id: 3, fullName: 'Agente Demo' },
  createdAt: '2026-03-05T09:00:00Z',
  removedBy: null,
  removedAt: null,
  removedReason: null,
};

function serveFile(loans: unknown[], write: (path: string) => Answer) {
  answer(({ method, path }) => {
    if (path === '/api/membership/staff/me') return ok(agent);
    if (path === '/api/customer/customer/5') return ok(mariaRecord);
    if (path === '/api/loan/loans?customerId=5') return ok(loans);
    if (path === '/api/loan/discounts/40') return ok([discount]);
    if (path === '/api/customer/5/bankAccounts' || path.startsWith('/api/bankscraper/'))
      return ok([
        {
          id: 12,
          iban: 'ES7621000418401234567891',
          bankName: 'CaixaBank',
          bankCode: '2100',
          holderName: 'María José Rodríguez Gil',
          source: 'manual',
          status: 'active',
          scrapeSessionId: null,
        },
      ]);
    if (method !== 'GET') return write(path);
    return staffError('StaffCustomerNotFound');
  });
}

const loanReads = () => requests.filter(({ path }) => path === '/api/loan/loans?customerId=5').length;

async function openDialog(sectionName: string, button: string, title: string) {
  await renderAt('/backoffice/clientes/5/prestamos');
  const section = await screen.findByRole('region', { name: sectionName });
  await userEvent.click(within(section).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

describe('‘Préstamos’: a running loan’s instalments', () => {
  it('moves an unpaid instalment’s date with the reason, says so and reads the loans again', async () => {
    storedSession();
    serveFile(staffLoans, () =>
      ok({ installmentId: 402, loanId: 40, number: 2, from: '2026-03-10', expectedDate: '2026-03-16', changed: true }),
    );
    const dialog = await openDialog(
      'Cuotas del préstamo nº 40',
      'Cambiar la fecha de una cuota',
      'Cambiar la fecha de una cuota del préstamo nº 40',
    );
    expect(dialog).toHaveTextContent('como mucho 31 días antes o después');
    // Only the unpaid instalment is offered.
    const select = within(dialog).getByRole('combobox', { name: 'Cuota' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Elige la cuota', 'Nº 2 · 10/03/2026 · 250,50\u00a0€']);
    await userEvent.selectOptions(select, '402');
    await userEvent.type(within(dialog).getByLabelText('Nueva fecha'), '2026-03-16');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cobra la nómina el día 15');
    const reads = loanReads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar la fecha de una cuota' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/changeExpectedDate/402',
      body: { expectedDate: '2026-03-16', reason: 'Cobra la nómina el día 15' },
    });
    expect(await screen.findByText('La cuota nº 2 vence ahora el 16/03/2026.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(loanReads()).toBe(reads + 1));
  });

  it('grants a discount under a key made when the dialog opens; a refusal stays in the dialog', async () => {
    storedSession();
    serveFile(staffLoans, () => ({
      status: 422,
      body: {
        errors: [
          {
            code: { name: 'DiscountTooLarge', value: 2110 },
            message: 'El descuento puede ser de 42,16 € como mucho: los intereses de la cuota, dejando algo por pagar.',
            title: 'Aviso',
          },
        ],
      },
    }));
    const dialog = await openDialog(
      'Cuotas del préstamo nº 40',
      'Conceder un descuento',
      'Conceder un descuento en una cuota del préstamo nº 40',
    );
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Cuota' }), '402');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descuento (€)' }), '50,5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Compensación por una incidencia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conceder un descuento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('42,16 € como mucho');
    const sent = requests.find(({ method }) => method === 'POST')!;
    expect(sent).toMatchObject({
      path: '/api/loan/discount',
      body: { installmentId: 402, amount: 50.5, reason: 'Compensación por una incidencia' },
    });
    expect((sent.body as { key: string }).key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the loan’s discounts when opened and takes one back', async () => {
    storedSession();
    serveFile(staffLoans, () => ok({ ...discount, removedAt: '2026-03-06T09:00:00Z' }));
    await renderAt('/backoffice/clientes/5/prestamos');
    const section = await screen.findByRole('region', { name: 'Cuotas del préstamo nº 40' });
    await userEvent.click(within(section).getByRole('button', { name: 'Descuentos del préstamo nº 40' }));
    expect(await within(section).findByText(/20,00\s€ en la cuota nº 2/)).toHaveTextContent('Agente Demo');
    await userEvent.click(within(section).getByRole('button', { name: 'Quitar' }));
    const dialog = await screen.findByRole('dialog', { name: /Quitar el descuento de 20,00\s€ de la cuota nº 2/ });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Concedido por error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(requests.some(({ method }) => method === 'DELETE')).toBe(true));
    expect(requests.find(({ method }) => method === 'DELETE')).toMatchObject({
      path: '/api/loan/discount/7',
      body: { reason: 'Concedido por error' },
    });
  });
});

describe('‘Préstamos’: a signed loan not paid out', () => {
  it('offers the payout’s actions (none on a running loan) and marks it paid out', async () => {
    storedSession();
    serveFile([signed, staffLoans[0]], () =>
      ok({
        loanId: 41,
        customerId: 5,
        from: 'agreementAssigned',
        status: 'issued',
        changed: true,
        at: '2026-03-06T09:00:00Z',
      }),
    );
    await renderAt('/backoffice/clientes/5/prestamos');
    const section = await screen.findByRole('region', { name: 'Cuotas del préstamo nº 41' });
    for (const name of [
      'Cambiar estado',
      'Marcar como pagado al cliente',
      'Cancelar el préstamo',
      'Cambiar el importe',
      'Cambiar la cuenta',
    ])
      expect(within(section).getByRole('button', { name })).toBeInTheDocument();
    const running = screen.getByRole('region', { name: 'Cuotas del préstamo nº 40' });
    expect(within(running).queryByRole('button', { name: 'Cancelar el préstamo' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Conceder un descuento' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Marcar como pagado al cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar el préstamo nº 41 como pagado al cliente' });
    expect(dialog).toHaveTextContent('«Tu dinero está en camino»');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Transferencia enviada a mano');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagado al cliente' }));
    expect(await screen.findByText('El préstamo nº 41 está activo: sus cuotas ya corren.')).toBeInTheDocument();
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/setLoanIssued/41',
      body: { reason: 'Transferencia enviada a mano' },
    });
  });

  it('changes the amount of a signed loan, saying it must be signed again', async () => {
    storedSession();
    serveFile([signed], () =>
      ok({ loanId: 41, fromAmount: 2500, amount: 3000, status: 'requested', signAgain: true, changed: true }),
    );
    const dialog = await openDialog(
      'Cuotas del préstamo nº 41',
      'Cambiar el importe',
      'Cambiar el importe del préstamo nº 41',
    );
    expect(dialog).toHaveTextContent('tendrá que firmar el nuevo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nuevo importe (€)' }), '3000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'El cliente pide más');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar el importe' }));
    expect(
      await screen.findByText(
        /El préstamo nº 41 pasa a 3\.000,00\s€\. El cliente tiene que firmar el contrato de nuevo\./,
      ),
    ).toBeInTheDocument();
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/changeLoanAmount/41',
      body: { amount: 3000, reason: 'El cliente pide más' },
    });
  });
});
