import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffErrorCodes } from '../../../src/shared/api/staff-error-codes.ts';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { pageOf } from './customer-file-harness.ts';
import {
  agent,
  answer,
  location,
  ok,
  renderAt,
  requests,
  sessionOf,
  staffError,
  storedSession,
  type Answer,
  type SeenRequest,
} from './harness.tsx';

/**
 * `/propuestas`, the maker-checker inbox (docs/backoffice.md §4): pending first, another administrator approves or
 * rejects with a note, the proposer only withdraws their own; the list read again after each decision.
 */

const ana: StaffMember = { ...agent, id: 9, fullName: 'Ana Admin Demo', role: 'administrator' };
const bruno: StaffMember = { ...agent, id: 10, fullName: 'Bruno Admin Demo', role: 'alladmins' };

const proposal = (id: number, by: StaffMember, status = 'pending') => ({
  id,
  kind: 'creditLimitChange',
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  proposed: { limit: 4000, miniLimit: 500 },
  current: { limit: 3500, miniLimit: 400 },
  reason: 'Buen historial de pagos',
  status,
  proposedBy: { id: by.id, fullName: by.fullName },
  proposedAt: '2026-03-02T10:00:00Z',
  decidedBy: status === 'pending' || status === 'cancelled' ? null : { id: 11, fullName: 'Carla Admin Demo' },
  decidedAt: status === 'pending' ? null : '2026-03-03T09:15:00Z',
  decisionNote: status === 'pending' ? null : 'Revisado',
});

function serveInbox(me: StaffMember, items: () => unknown[], write: (request: SeenRequest) => Answer = () => ok({})) {
  answer((request) => {
    if (request.path === '/api/membership/staff/me') return ok(me);
    if (request.method === 'GET' && request.path.startsWith('/api/membership/proposals')) return ok(pageOf(items()));
    if (request.method === 'POST') return write(request);
    return staffError('StaffCustomerNotFound');
  });
}

const inbox = () =>
  requests.filter(({ method, path }) => method === 'GET' && path.startsWith('/api/membership/proposals'));
const rowOf = (id: number) => {
  const row = screen.getByRole('rowheader', { name: String(id) }).closest('tr');
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe('the proposals inbox', () => {
  it('lists the pending ones first, with the change in euros, the reason and who proposed it', async () => {
    storedSession(sessionOf(bruno));
    serveInbox(bruno, () => [proposal(12, ana)]);
    await renderAt('/backoffice/propuestas');
    const table = await screen.findByRole('table', { name: 'Propuestas' });
    expect(inbox()[0]?.path).toBe('/api/membership/proposals?status=pending&page=1&pageSize=25');
    expect(within(rowOf(12)).getAllByRole('cell')[1]).toHaveTextContent(
      'Límite 3.500,00 € → 4.000,00 €; minipréstamo 400,00 € → 500,00 €',
    );
    expect(table).toBeInTheDocument();
    expect(within(rowOf(12)).getByRole('link', { name: 'María José Rodríguez Gil' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5/limite',
    );
    expect(within(rowOf(12)).getByText(/Ana Admin Demo/)).toBeInTheDocument();
    expect(within(rowOf(12)).getByText('Pendiente de aprobación')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Propuestas' })).toHaveAttribute('aria-current', 'page');
  });

  it('another administrator approves with a note; the list is read again', async () => {
    storedSession(sessionOf(bruno));
    let status = 'pending';
    serveInbox(
      bruno,
      () => [proposal(12, ana, status)],
      () => {
        status = 'approved';
        return ok(proposal(12, ana, 'approved'));
      },
    );
    await renderAt('/backoffice/propuestas?estado=todas');
    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Aprobar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar la propuesta nº 12' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Revisado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/membership/proposals/12/approve', body: { note: 'Revisado' } }),
    ]);
    await waitFor(() => expect(within(rowOf(12)).getByText(/Aprobada/)).toBeInTheDocument());
    expect(within(rowOf(12)).queryByRole('button')).toBeNull();
    expect(inbox().map(({ path }) => path)).toEqual([
      '/api/membership/proposals?page=1&pageSize=25',
      '/api/membership/proposals?page=1&pageSize=25',
    ]);
  });

  it('a rejection needs the note, and the server’s refusal shows in the dialog', async () => {
    storedSession(sessionOf(bruno));
    serveInbox(
      bruno,
      () => [proposal(12, ana)],
      () => staffError('OwnProposal'),
    );
    await renderAt('/backoffice/propuestas');
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la propuesta nº 12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo (al menos 3 caracteres)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Sin nóminas recientes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(staffErrorCodes.OwnProposal.message);
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/membership/proposals/12/reject', body: { note: 'Sin nóminas recientes' } }),
    ]);
    expect(inbox()).toHaveLength(1);
  });

  it('the proposer sees no approve or reject on their own, only ‘Retirar’, sent without a note', async () => {
    storedSession(sessionOf(ana));
    let status = 'pending';
    serveInbox(
      ana,
      () => (status === 'pending' ? [proposal(12, ana)] : []),
      () => {
        status = 'cancelled';
        return ok(proposal(12, ana, 'cancelled'));
      },
    );
    await renderAt('/backoffice/propuestas');
    const row = await waitFor(() => rowOf(12));
    expect(within(row).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Rechazar' })).toBeNull();
    expect(within(row).getByText('Tuya: la decide otro administrador.')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Retirar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar la propuesta nº 12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirar propuesta' }));
    expect(await screen.findByText('No hay propuestas.')).toBeInTheDocument();
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/membership/proposals/12/cancel', body: {} }),
    ]);
  });

  it('the filter reads the other statuses, and the decided ones show who decided and the note', async () => {
    storedSession(sessionOf(bruno));
    serveInbox(bruno, () => [proposal(8, ana, 'rejected')]);
    await renderAt('/backoffice/propuestas');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mostrar' }), 'rejected');
    await waitFor(() => expect(location()).toBe('/propuestas?estado=rejected'));
    await waitFor(() =>
      expect(inbox().at(-1)?.path).toBe('/api/membership/proposals?status=rejected&page=1&pageSize=25'),
    );
    expect(within(rowOf(8)).getByText(/Rechazada/).parentElement).toHaveTextContent(
      'Rechazadapor Carla Admin Demo, 03/03/2026 10:15Nota: Revisado',
    );
  });

  it('an agent has no inbox: the page goes to the search without asking for proposals', async () => {
    storedSession(sessionOf(agent));
    serveInbox(agent, () => []);
    await renderAt('/backoffice/propuestas');
    await waitFor(() => expect(location()).toBe('/clientes'));
    expect(inbox()).toEqual([]);
  });
});
