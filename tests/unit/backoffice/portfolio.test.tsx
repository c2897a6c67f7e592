import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf } from './customer-file-harness.ts';
import { agent, answer, location, ok, renderAt, requests, staffError, storedSession } from './harness.tsx';

/**
 * `/cartera`, the loan portfolio (docs/backoffice.md §8 P4, `searchLoans`): the loans as the server pages them, each
 * linking to its customer's 'Préstamos'; the filters (status, product, the days-late bands, dates, order) kept in the
 * URL and sent as the call's query.
 */

const late = {
  loanId: 40,
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  status: 'issued',
  product: 'installment',
  amount: 2500,
  issueDate: '2026-01-10',
  installmentCount: 12,
  outstanding: 2291.67,
  firstUnpaidDate: '2026-02-10',
  overdueDays: 40,
};

function serve() {
  answer(({ path }) => {
    if (path === '/api/membership/staff/me') return ok(agent);
    if (path.startsWith('/api/loan/searchLoans')) return ok(pageOf([late]));
    return staffError('StaffCustomerNotFound');
  });
}

const searches = () => requests.filter(({ path }) => path.startsWith('/api/loan/searchLoans'));

describe('/cartera', () => {
  it('lists the loans with their money and days late, each linking to its customer’s loans', async () => {
    storedSession();
    serve();
    await renderAt('/backoffice/cartera');
    const table = await screen.findByRole('grid', { name: 'Préstamos' });
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('[role="rowheader"], [role="gridcell"]');
    [
      'Nº 40',
      'María José Rodríguez Gil',
      'Préstamo a plazos',
      /^2\.500,00\s€$/,
      '10/01/2026',
      'Activo',
      /^2\.291,67\s€$/,
      '10/02/2026',
      '40',
    ].forEach((text, index) => expect(cells[index]).toHaveTextContent(text));
    expect(within(table).getByRole('link', { name: 'Nº 40' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5/prestamos',
    );
    expect(screen.getByText('1 préstamo')).toHaveAttribute('role', 'status');
    expect(searches()[0]!.path).toContain('sort=newest');
    expect(screen.getByRole('link', { name: 'Cartera' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the filters as the query and keeps them in the URL', async () => {
    storedSession();
    serve();
    await renderAt('/backoffice/cartera');
    const form = await screen.findByRole('form', { name: 'Filtrar los préstamos' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Estado' }), 'issued');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Retraso' }), '31-60');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Orden' }), 'mostOverdue');
    await userEvent.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    const sent = new URLSearchParams(searches()[1]!.path.split('?')[1]);
    expect(Object.fromEntries(sent)).toEqual({
      status: 'issued',
      overdueDaysMin: '31',
      overdueDaysMax: '60',
      sort: 'mostOverdue',
      page: '1',
      pageSize: '25',
    });
    await waitFor(() => expect(location()).toBe('/cartera?estado=issued&retraso=31-60&orden=mostOverdue'));
    // The form shows what the URL says after the reload.
    expect(
      within(await screen.findByRole('form', { name: 'Filtrar los préstamos' })).getByRole('combobox', {
        name: 'Retraso',
      }),
    ).toHaveValue('31-60');
  });
});
