import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf } from './customer-file-harness.ts';
import { agent, answer, location, ok, renderAt, requests, staffError, storedSession } from './harness.tsx';

/**
 * `/impedimentos` (docs/rules/payments.md "Impediments"): the customers' impediments, open ones by default, oldest
 * first; the moves each status allows, sent with the note; the page read again after a move.
 */

const open = {
  id: 11,
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  loanId: 40,
  reason: 'salaryDelay',
  comment: 'Me pagan el día 15',
  status: 'open',
  createdAt: '2026-03-05T09:00:00Z',
  handledBy: null,
  handledAt: null,
  note: null,
};

function serve() {
  answer(({ method, path }) => {
    if (path === '/api/membership/staff/me') return ok(agent);
    if (path.startsWith('/api/loan/getAllImpediments')) return ok(pageOf([open]));
    if (method === 'POST' && path === '/api/loan/setImpedimentStatus/11')
      return ok({
        ...open,
        status: 'inReview',
        handledBy: { id: agent.id, fullName: agent.fullName },
        handledAt: '2026-03-06T09:00:00Z',
        note: 'La llamo esta tarde',
      });
    return staffError('StaffCustomerNotFound');
  });
}

const reads = () => requests.filter(({ path }) => path.startsWith('/api/loan/getAllImpediments'));

describe('/impedimentos', () => {
  it('lists the open impediments with the customer, the loan and the reason; an agent takes one with a note', async () => {
    storedSession();
    serve();
    await renderAt('/backoffice/impedimentos');
    const table = await screen.findByRole('table', { name: 'Impedimentos' });
    expect(reads()[0]!.path).toContain('status=open');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('María José Rodríguez Gil');
    expect(row).toHaveTextContent('Le retrasan la nómina · «Me pagan el día 15»');
    expect(row).toHaveTextContent('Abierto');
    expect(within(row).getByRole('link', { name: 'Nº 40' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5/prestamos',
    );
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Tomar', 'Resolver', 'Rechazar']);

    await userEvent.click(within(row).getByRole('button', { name: 'Tomar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tomar el impedimento de María José Rodríguez Gil' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'La llamo esta tarde');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tomar' }));
    expect(
      await screen.findByText('El impedimento de María José Rodríguez Gil queda «En revisión».'),
    ).toBeInTheDocument();
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      body: { status: 'inReview', reason: 'La llamo esta tarde' },
    });
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('shows every status with «Todos», kept in the URL', async () => {
    storedSession();
    serve();
    await renderAt('/backoffice/impedimentos');
    const form = await screen.findByRole('form', { name: 'Filtrar los impedimentos' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Estado' }), '');
    await waitFor(() => expect(location()).toBe('/impedimentos?estado=todos'));
    await waitFor(() => expect(reads().at(-1)!.path).not.toContain('status='));
  });
});
