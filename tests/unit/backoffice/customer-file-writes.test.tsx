import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffErrorCodes } from '../../../src/shared/api/staff-error-codes.ts';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { collectionCompanySession, pageOf } from './customer-file-harness.ts';
import { mariaRecord } from './fixtures.ts';
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
  type SeenRequest,
} from './harness.tsx';

/**
 * The customer file's writes (docs/backoffice.md §5, §6): status, sub-status, blacklist, soft delete, the record,
 * the e-mail, the address, the permissions and the limit proposal; each through the action dialog, its body as the
 * contract has it, the tab read again after it, the server's refusal shown inside, hidden from other roles.
 */

const admin: StaffMember = { ...agent, id: 9, fullName: 'Ana Admin Demo', role: 'administrator' };

interface Customer {
  status: string;
  subStatus: string | null;
  isBlacklist: boolean;
}

/**
 * Answers the file's reads from `state` (changed by the test's writes) and each write with `write`'s answer; the
 * status history has the move into fraud when the customer is in it.
 */
function serveFile(me: StaffMember, state: Customer, write: (request: SeenRequest) => Answer | null = () => ok(true)) {
  answer((request) => {
    const { method, path } = request;
    if (path === '/api/membership/staff/me') return ok(me);
    if (method !== 'GET') return write(request) ?? staffError('StaffCustomerNotFound');
    if (path === '/api/customer/customer/5') return ok({ ...mariaRecord, ...state });
    if (path.startsWith('/api/customer/status/5'))
      return ok({
        ...pageOf(
          state.status === 'fraud'
            ? [
                {
                  id: 2,
                  at: '2026-03-01T10:00:00Z',
                  from: 'securityChecked',
                  to: 'fraud',
                  changedBy: 'staff:9',
                  reason: 'DNI falso',
                },
              ]
            : [],
        ),
        customerId: 5,
        status: state.status,
      });
    return staffError('StaffCustomerNotFound');
  });
}

const reads = (prefix: string) => requests.filter(({ method, path }) => method === 'GET' && path.startsWith(prefix));
const writes = () => requests.filter(({ method }) => method !== 'GET');

async function confirmIn(dialogName: string, reason: string | null, confirm: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  if (reason !== null) await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  return dialog;
}

describe('the status tab’s writes', () => {
  it('moves the status to one of the staff moves from the current one, then reads the tab again', async () => {
    storedSession(sessionOf(agent));
    const state: Customer = { status: 'securityChecked', subStatus: null, isBlacklist: false };
    serveFile(agent, state, (request) => {
      state.status = 'fraud';
      return ok({ customerId: 5, status: (request.body as { status: string }).status });
    });
    await renderAt('/backoffice/clientes/5/estado');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el estado del cliente' });
    const select = within(dialog).getByRole('combobox', { name: 'Nuevo estado' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Fraude', 'Cerrado']);
    await userEvent.selectOptions(select, 'fraud');
    await confirmIn('Cambiar el estado del cliente', 'DNI falso', 'Cambiar estado');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/customer/status',
        body: { customerId: 5, status: 'fraud', reason: 'DNI falso' },
      }),
    ]);
    expect(await screen.findByText('Fraude', { selector: 'strong' })).toBeInTheDocument();
    expect(reads('/api/customer/status/5')).toHaveLength(2);
  });

  it('from fraud offers the way back to the status before it, and shows the server’s refusal in the dialog', async () => {
    storedSession(sessionOf(agent));
    serveFile(agent, { status: 'fraud', subStatus: null, isBlacklist: false }, () =>
      staffError('StaffStatusMoveNotAllowed'),
    );
    await renderAt('/backoffice/clientes/5/estado');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el estado del cliente' });
    const select = within(dialog).getByRole('combobox', { name: 'Nuevo estado' });
    expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual(['closed', 'securityChecked']);
    await userEvent.selectOptions(select, 'securityChecked');
    await confirmIn('Cambiar el estado del cliente', 'Era un error', 'Cambiar estado');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      staffErrorCodes.StaffStatusMoveNotAllowed.message,
    );
    expect(screen.getByRole('dialog', { name: 'Cambiar el estado del cliente' })).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ customerId: 5, status: 'securityChecked', reason: 'Era un error' });
    expect(reads('/api/customer/status/5')).toHaveLength(1);
  });

  it('sets the sub-status and the blacklist with their reasons; an agent has no soft delete', async () => {
    storedSession(sessionOf(agent));
    const state: Customer = { status: 'securityChecked', subStatus: null, isBlacklist: false };
    serveFile(agent, state, ({ path, body }) => {
      if (path !== '/api/customer/blacklist') return ok({ customerId: 5, subStatus: 'dispute' });
      state.isBlacklist = (body as { isBlacklist: boolean }).isBlacklist;
      return ok(true);
    });
    await renderAt('/backoffice/clientes/5/estado');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar subestado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el subestado del cliente' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Subestado' }), 'dispute');
    await confirmIn('Cambiar el subestado del cliente', 'Reclama el cargo', 'Cambiar subestado');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir a la lista negra' }));
    await confirmIn('Añadir al cliente a la lista negra', 'Impagos reiterados', 'Añadir a la lista negra');
    expect(await screen.findByRole('button', { name: 'Quitar de la lista negra' })).toBeInTheDocument();
    expect(writes().map(({ path, body }) => [path, body])).toEqual([
      ['/api/customer/subStatus', { customerId: 5, subStatus: 'dispute', reason: 'Reclama el cargo' }],
      ['/api/customer/blacklist', { customerId: 5, isBlacklist: true, reason: 'Impagos reiterados' }],
    ]);
    expect(reads('/api/customer/customer/5').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByRole('button', { name: 'Dar de baja y bloquear' })).toBeNull();
  });

  it('an administrator soft-deletes with a reason (a danger confirmation)', async () => {
    storedSession(sessionOf(admin));
    serveFile(admin, { status: 'securityChecked', subStatus: null, isBlacklist: false });
    await renderAt('/backoffice/clientes/5/estado');
    await userEvent.click(await screen.findByRole('button', { name: 'Dar de baja y bloquear' }));
    const title = 'Dar de baja al cliente y añadirlo a la lista negra';
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('button', { name: 'Dar de baja y bloquear' })).toHaveClass('bo-danger');
    await confirmIn(title, 'Petición del cliente', 'Dar de baja y bloquear');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reads('/api/customer/status/5')).toHaveLength(2);
    expect(writes()[0]).toMatchObject({
      path: '/api/customer/softDeleteAndBlackListCustomer/5',
      body: { reason: 'Petición del cliente' },
    });
  });

  it('a collection company’s user reads the status with no action', async () => {
    const company = collectionCompanySession();
    serveFile(company, { status: 'securityChecked', subStatus: null, isBlacklist: false });
    await renderAt('/backoffice/clientes/5/estado');
    expect(await screen.findByText('Verificado', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar estado' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Acciones' })).toBeNull();
  });
});
