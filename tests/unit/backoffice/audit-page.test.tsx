import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agent, answer, location, ok, renderAt, requests, sessionOf, staffError, storedSession } from './harness.tsx';

/** The audit viewer (`/auditoria`, administrators): the whole trail by customer, loan, staff member and days. */

const admin = { ...agent, id: 9, fullName: 'Sergio Admin Demo', role: 'administrator' as const };

const record = {
  id: 31,
  at: '2026-03-02T11:05:00Z',
  actorKind: 'staff',
  staffUserId: 7,
  staffName: 'Lucía Agente Demo',
  role: 'cam',
  callName: 'UnblockPost',
  entityType: 'customer',
  entityId: '5',
  customerId: 5,
  loanId: null,
  before: { blocked: true },
  after: { blocked: false },
  reason: 'Llamó para desbloquear',
  proposalId: null,
  requestId: 'req-1',
  ip: null,
};
const page = (items: unknown[], total = items.length) => ({ items, page: 1, pageSize: 25, total, totalCapped: false });
const staffUser = {
  id: 7,
  email: 'agente@demo.prestamo.local',
  fullName: 'Lucía Agente Demo',
  role: 'cam',
  collectionCompanyId: null,
  locked: false,
  disabled: false,
  mustChangePassword: false,
  totpEnrolled: true,
  createdAt: '2026-01-01T08:00:00Z',
};

const logRequests = () => requests.filter(({ path }) => path.startsWith('/api/misc/log'));

function serve(log: () => ReturnType<typeof ok> = () => ok(page([record]))) {
  answer(({ path }) => {
    if (path === '/api/membership/staff/me') return ok(admin);
    if (path.startsWith('/api/membership/panelUsers')) return ok(page([staffUser]));
    if (path.startsWith('/api/misc/log')) return log();
    return { status: 404, body: {} };
  });
}

describe('AuditPage', () => {
  it('lists the trail newest first: who, the call, whose record (linked), the reason and before → after', async () => {
    storedSession(sessionOf(admin));
    serve();
    await renderAt('/backoffice/auditoria');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Registros de auditoría' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Lucía Agente Demo');
    expect(row).toHaveTextContent('UnblockPost');
    expect(row).toHaveTextContent('Llamó para desbloquear');
    expect(row).toHaveTextContent('{"blocked":true} → {"blocked":false}');
    expect(within(row).getByRole('link', { name: 'cliente 5' })).toHaveAttribute('href', '/backoffice/clientes/5');
    expect(logRequests()[0]?.path).toBe('/api/misc/log?page=1&pageSize=25');
    expect(screen.getByRole('link', { name: 'Auditoría' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the filters typed, keeps them in the URL, and refuses a reversed range without asking', async () => {
    storedSession(sessionOf(admin));
    serve();
    await renderAt('/backoffice/auditoria');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Lucía Agente Demo (agente@demo.prestamo.local)' });
    await user.type(screen.getByLabelText('Nº de cliente'), '5');
    await user.selectOptions(screen.getByLabelText('Empleado'), '7');
    await user.type(screen.getByLabelText('Desde'), '2026-03-05');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha «Desde» no puede ser posterior a «Hasta».');
    expect(logRequests()).toHaveLength(1);

    await user.clear(screen.getByLabelText('Hasta'));
    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(logRequests().at(-1)?.path).toBe(
        '/api/misc/log?customerId=5&staffUserId=7&from=2026-03-05&to=2026-03-31&page=1&pageSize=25',
      ),
    );
    expect(location()).toBe('/auditoria?cliente=5&empleado=7&desde=2026-03-05&hasta=2026-03-31');
  });

  it('reads the filters of a link, and shows the server’s refusal', async () => {
    storedSession(sessionOf(admin));
    serve(() => staffError('DateRangeInvalid'));
    await renderAt('/backoffice/auditoria?prestamo=40&desde=nada');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(logRequests()[0]?.path).toBe('/api/misc/log?loanId=40&page=1&pageSize=25');
    expect(screen.getByLabelText('Nº de préstamo')).toHaveValue('40');
  });

  it('is not in an agent’s navigation', async () => {
    storedSession(sessionOf(agent));
    answer(({ path }) => (path === '/api/membership/staff/me' ? ok(agent) : ok(page([]))));
    await renderAt('/backoffice/clientes');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Auditoría' })).toBeNull();
  });
});
