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

/** Serves the record, contacts, permissions, limits and pending proposals, and records each write. */
function serveEdits(me: StaffMember, write: (request: SeenRequest) => Answer, pending: unknown[] = []) {
  const contacts = { customerId: 5, phone: '600000005', email: mariaRecord.email, address: null };
  answer((request) => {
    const { method, path } = request;
    if (path === '/api/membership/staff/me') return ok(me);
    if (method !== 'GET') return write(request);
    if (path === '/api/customer/customer/5') return ok(mariaRecord);
    if (path === '/api/customer/communication/5') return ok(contacts);
    if (path.startsWith('/api/communication/permissionHistory/5'))
      return ok({
        ...pageOf([]),
        current: { allowEmail: true, allowSms: true, allow3CxCalls: true, stored: true },
        lastChoiceDate: null,
      });
    if (path.startsWith('/api/customer/creditlimit/5'))
      return ok({
        ...pageOf([]),
        customerId: 5,
        creditLimit: 3500,
        availableLimit: 3500,
        miniLimit: 400,
        miniAvailableLimit: 400,
      });
    if (path.startsWith('/api/membership/proposals')) return ok(pageOf(pending));
    return staffError('StaffCustomerNotFound');
  });
}

describe('the record, contacts and limit writes', () => {
  it('an agent edits the names only (no DNI/NIE or birth date), sending just what changed; the tab is read again', async () => {
    storedSession(sessionOf(agent));
    serveEdits(agent, () => ok(mariaRecord));
    await renderAt('/backoffice/clientes/5/datos');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar los datos del cliente' });
    expect(within(dialog).queryByRole('textbox', { name: 'DNI/NIE' })).toBeNull();
    const firstName = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'María');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Sexo' }), '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/customer/customer/5',
        body: { firstName: 'María', gender: null },
      }),
    ]);
    expect(reads('/api/customer/customer/5')).toHaveLength(3);
  });

  it('an administrator may change the DNI/NIE; the server’s refusal shows in the dialog', async () => {
    storedSession(sessionOf(admin));
    serveEdits(admin, () => staffError('StaffNationalIdTaken'));
    await renderAt('/backoffice/clientes/5/datos');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar los datos del cliente' });
    const nationalId = within(dialog).getByRole('textbox', { name: 'DNI/NIE' });
    await userEvent.clear(nationalId);
    await userEvent.type(nationalId, 'X1234567L');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Error al registrar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(staffErrorCodes.StaffNationalIdTaken.message);
    expect(writes()[0]?.body).toEqual({ nationalId: 'X1234567L', reason: 'Error al registrar' });
  });

  it('changes the e-mail, the address and the permissions with their bodies, reading the tab again', async () => {
    storedSession(sessionOf(agent));
    serveEdits(agent, ({ path, body }) => {
      if (path.startsWith('/api/communication/')) return ok({ allowEmail: false, allowSms: true, allow3CxCalls: true });
      if (path.startsWith('/api/customer/address/'))
        return ok({ customerId: 5, address: { ...(body as object), floor: null } });
      return ok({ customerId: 5, phone: '600000005', email: 'nuevo@example.com', address: null });
    });
    await renderAt('/backoffice/clientes/5/comunicaciones');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar e-mail' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cambiar el e-mail del cliente' });
    const email = within(dialog).getByRole('textbox', { name: 'Nuevo e-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'nuevo@example.com');
    await confirmIn('Cambiar el e-mail del cliente', 'Lo pide por teléfono', 'Guardar');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar dirección' }));
    dialog = await screen.findByRole('dialog', { name: 'Cambiar la dirección del cliente' });
    const fill = [
      ['Calle', 'Calle Mayor'],
      ['Número', '12'],
      ['Código postal', '28013'],
      ['Localidad', 'Madrid'],
      ['Provincia', 'Madrid'],
    ] as const;
    for (const [label, value] of fill)
      await userEvent.type(within(dialog).getByRole('textbox', { name: label }), value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar permisos' }));
    dialog = await screen.findByRole('dialog', { name: 'Cambiar los permisos de comunicación' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    await confirmIn('Cambiar los permisos de comunicación', 'Pide no recibir e-mails', 'Guardar');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(writes().map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/customer/communication/5', { email: 'nuevo@example.com', reason: 'Lo pide por teléfono' }],
      [
        'PUT',
        '/api/customer/address/5',
        {
          street: 'Calle Mayor',
          streetNumber: '12',
          floor: null,
          postcode: '28013',
          city: 'Madrid',
          province: 'Madrid',
        },
      ],
      [
        'POST',
        '/api/communication/updateCommunicationPermission/5',
        { allowEmail: false, allowSms: true, allow3CxCalls: true, reason: 'Pide no recibir e-mails' },
      ],
    ]);
    expect(reads('/api/customer/communication/5')).toHaveLength(3);
    expect(reads('/api/communication/permissionHistory/5')).toHaveLength(2);
  });

  it('an administrator proposes a limit in euros with the reason, then sees it pending', async () => {
    storedSession(sessionOf(admin));
    const pending: unknown[] = [];
    const proposal = {
      id: 12,
      kind: 'creditLimitChange',
      customerId: 5,
      customerName: 'María José Rodríguez Gil',
      proposed: { limit: 4000, miniLimit: 500 },
      current: { limit: 3500, miniLimit: 400 },
      reason: 'Buen historial',
      status: 'pending',
      proposedBy: { id: 9, fullName: 'Ana Admin Demo' },
      proposedAt: '2026-03-02T10:00:00Z',
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    };
    serveEdits(
      admin,
      () => {
        pending.push(proposal);
        return ok(proposal);
      },
      pending,
    );
    await renderAt('/backoffice/clientes/5/limite');
    await userEvent.click(await screen.findByRole('button', { name: 'Proponer cambio de límite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proponer un cambio de límite' });
    const limit = within(dialog).getByRole('textbox', { name: 'Nuevo límite (€)' });
    expect(limit).toHaveValue('3500');
    await userEvent.clear(limit);
    await userEvent.type(limit, '4000');
    const mini = within(dialog).getByRole('textbox', { name: 'Nuevo límite del minipréstamo (€)' });
    await userEvent.clear(mini);
    await userEvent.type(mini, '500');
    await confirmIn('Proponer un cambio de límite', 'Buen historial', 'Enviar propuesta');
    expect(await screen.findByRole('heading', { name: 'Propuesta pendiente' })).toBeInTheDocument();
    expect(screen.getByText(/Nº 12, de Ana Admin Demo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proponer cambio de límite' })).toBeNull();
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/customer/creditlimit/5',
        body: { limit: 4000, miniLimit: 500, reason: 'Buen historial' },
      }),
    ]);
  });

  it('a limit above the bound is refused in the dialog before anything is sent', async () => {
    storedSession(sessionOf(admin));
    serveEdits(admin, () => ok({}));
    await renderAt('/backoffice/clientes/5/limite');
    await userEvent.click(await screen.findByRole('button', { name: 'Proponer cambio de límite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proponer un cambio de límite' });
    const limit = within(dialog).getByRole('textbox', { name: 'Nuevo límite (€)' });
    await userEvent.clear(limit);
    await userEvent.type(limit, '9000');
    await confirmIn('Proponer un cambio de límite', 'Buen historial', 'Enviar propuesta');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El límite no puede pasar de');
    expect(writes()).toEqual([]);
  });

  it('an agent sees no limit proposal and reads no proposals', async () => {
    storedSession(sessionOf(agent));
    serveEdits(agent, () => ok({}));
    await renderAt('/backoffice/clientes/5/limite');
    expect(await screen.findByText('Límite de crédito')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proponer cambio de límite' })).toBeNull();
    expect(requests.some(({ path }) => path.startsWith('/api/membership/proposals'))).toBe(false);
  });
});
