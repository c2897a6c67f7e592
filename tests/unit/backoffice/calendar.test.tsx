import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agent, answer, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * `/calendario` (docs/rules/loan-request.md "The lender's calendar"): the days added with who added them, 'Quitar'
 * only on those of today or later, the two 'Añadir' dialogs sending the day, its name and the reason, the national
 * holidays listed; the calendar read again after each change.
 */

const calendar = {
  national: ['2026-12-08', '2026-12-25'],
  days: [
    {
      id: 3,
      day: '2099-12-24',
      kind: 'freeze',
      name: 'Migración del sistema de pagos',
      createdBy: { id: 1, fullName: 'Lucía Agente Demo' },
      createdAt: '2026-12-01T10:00:00Z',
    },
    {
      id: 2,
      day: '2020-05-15',
      kind: 'holiday',
      name: 'San Isidro',
      createdBy: null,
      createdAt: '2020-01-10T10:00:00Z',
    },
  ],
};

function serveCalendar(write: () => Answer) {
  answer(({ method, path }) => {
    if (path === '/api/membership/staff/me') return ok(agent);
    if (path === '/api/loan/calendarDays') return ok(calendar);
    if (method !== 'GET') return write();
    return staffError('StaffCustomerNotFound');
  });
}

describe('‘Calendario’', () => {
  it('lists the added days and the national holidays; only a day of today or later may be removed', async () => {
    storedSession();
    serveCalendar(() => ok({ removed: true }));
    await renderAt('/backoffice/calendario');
    const table = await screen.findByRole('table', { name: 'Días añadidos al calendario' });
    const future = within(table).getByRole('rowheader', { name: '24/12/2099' }).closest('tr')!;
    expect(future).toHaveTextContent('Día sin contacto');
    expect(future).toHaveTextContent('Lucía Agente Demo');
    const past = within(table).getByRole('rowheader', { name: '15/05/2020' }).closest('tr')!;
    expect(within(past).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('list', { name: /Festivos nacionales/ })).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(future).getByRole('button', { name: 'Quitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar el 24/12/2099 del calendario' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'La migración se aplaza');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'DELETE')).toMatchObject({
      path: '/api/loan/freezeDay/3',
      body: { reason: 'La migración se aplaza' },
    });
    expect(await screen.findByText('Día 24/12/2099 quitado del calendario.')).toHaveAttribute('role', 'status');
  });

  it('‘Añadir un festivo’ sends the day, its name and the reason; a refusal shows in the dialog', async () => {
    storedSession();
    serveCalendar(() => staffError('CalendarDayExists'));
    await renderAt('/backoffice/calendario');
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir un festivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir un festivo' });
    await userEvent.type(within(dialog).getByLabelText('Día'), '2099-05-15');
    await userEvent.type(within(dialog).getByLabelText('Nombre del festivo'), 'San Isidro');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Calendario laboral de Madrid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir el día' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ese día ya está en el calendario.');
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/loan/holliday',
      body: { day: '2099-05-15', name: 'San Isidro', reason: 'Calendario laboral de Madrid' },
    });
  });
});
