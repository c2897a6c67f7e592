import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffErrorCodes } from '../../../src/shared/api/staff-error-codes.ts';
import type { StaffMember, StaffUser } from '../../../src/shared/api/staff.ts';
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
 * `/usuarios` (administrators): the staff accounts with their filters in the URL; a new account and a reset show
 * the temporary password once; the change sends only what changed with the reason; an administrator manages only
 * agents and collection companies' users, and nobody re-roles, disables or resets their own account.
 */

const ana: StaffMember = { ...agent, id: 9, fullName: 'Ana Admin Demo', role: 'administrator' };
const bruno: StaffMember = { ...agent, id: 10, fullName: 'Bruno Superadmin Demo', role: 'alladmins' };

const user = (id: number, fullName: string, overrides: Partial<StaffUser> = {}): StaffUser => ({
  id,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@demo.prestamo.local`,
  fullName,
  role: 'cam',
  collectionCompanyId: null,
  locked: false,
  disabled: false,
  mustChangePassword: false,
  totpEnrolled: true,
  createdAt: '2026-01-01T08:00:00Z',
  ...overrides,
});

const lucia = user(7, 'Lucía Agente Demo', { locked: true });
const cobros = user(8, 'Carlos Cobros Demo', { role: 'collectioncompany', collectionCompanyId: 3 });
const companies = [
  { id: 3, name: 'Recobros Iberia, S.L.', cif: 'B12345678', active: true },
  { id: 4, name: 'Cobros Antiguos, S.A.', cif: 'A87654321', active: false },
];

function serve(me: StaffMember, items: () => StaffUser[], write: (request: SeenRequest) => Answer = () => ok({})) {
  answer((request) => {
    if (request.path === '/api/membership/staff/me') return ok(me);
    if (request.path === '/api/membership/collectionCompanies') return ok(companies);
    if (request.method === 'GET' && request.path.startsWith('/api/membership/panelUsers')) return ok(pageOf(items()));
    if (request.method !== 'GET') return write(request);
    return staffError('StaffUserNotFound');
  });
}

const lists = () =>
  requests.filter(({ method, path }) => method === 'GET' && path.startsWith('/api/membership/panelUsers'));
const writes = () => requests.filter(({ method }) => method !== 'GET');
const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('the staff users page', () => {
  it('lists the accounts with their role, company, status and access; the filters go to the URL', async () => {
    storedSession(sessionOf(ana));
    serve(ana, () => [lucia, cobros, user(9, ana.fullName, { role: 'administrator' })]);
    await renderAt('/backoffice/usuarios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Usuarios del panel' });
    expect(lists()[0]?.path).toBe('/api/membership/panelUsers?page=1&pageSize=25');
    expect(rowOf('Lucía Agente Demo')).toHaveTextContent('Bloqueada por intentos fallidos');
    await waitFor(() => expect(rowOf('Carlos Cobros Demo')).toHaveTextContent('Empresa: Recobros Iberia, S.L.'));
    expect(rowOf('Carlos Cobros Demo')).toHaveTextContent('Empresa de recobro');
    // An administrator's own account (and any administrator's) is an alladmins' to change.
    expect(within(rowOf(ana.fullName)).queryByRole('button')).toBeNull();
    expect(rowOf(ana.fullName)).toHaveTextContent('Solo un superadministrador puede cambiar esta cuenta.');
    expect(screen.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');

    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Correo o nombre'), ' lucia ');
    await u.selectOptions(screen.getByLabelText('Rol'), 'cam');
    await u.selectOptions(screen.getByLabelText('Estado'), 'locked');
    await u.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(location()).toBe('/usuarios?buscar=lucia&rol=cam&estado=locked'));
    await waitFor(() =>
      expect(lists().at(-1)?.path).toBe('/api/membership/panelUsers?q=lucia&role=cam&status=locked&page=1&pageSize=25'),
    );
  });

  it('sends another role away: the page is the administrators’', async () => {
    storedSession(sessionOf(agent));
    serve(agent, () => []);
    await renderAt('/backoffice/usuarios');
    await waitFor(() => expect(location()).toBe('/clientes'));
    expect(lists()).toHaveLength(0);
  });

  it('creates an account: an administrator gives only agent or collection company, with an active company; the password shows once', async () => {
    storedSession(sessionOf(ana));
    const created = user(20, 'Marta Nueva Demo', { role: 'collectioncompany', collectionCompanyId: 3 });
    let items = [lucia];
    serve(
      ana,
      () => items,
      () => {
        items = [lucia, created];
        return ok({ user: created, temporaryPassword: 'Tmp-9xQ2-abcdEF' });
      },
    );
    await renderAt('/backoffice/usuarios');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear una cuenta del panel' });
    const roles = within(dialog).getByLabelText('Rol');
    expect(
      within(roles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Agente', 'Empresa de recobro']);
    await u.type(within(dialog).getByLabelText('Correo electrónico'), 'no-es-un-correo');
    await u.type(within(dialog).getByLabelText('Nombre y apellidos'), 'Marta Nueva Demo');
    await u.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escribe un correo electrónico válido');
    expect(writes()).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText('Correo electrónico'));
    await u.type(within(dialog).getByLabelText('Correo electrónico'), 'marta@recobros.example');
    await u.selectOptions(roles, 'collectioncompany');
    const company = within(dialog).getByLabelText('Empresa de recobro');
    // The inactive company is not offered.
    expect(
      within(company)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Elige la empresa', 'Recobros Iberia, S.L.']);
    await u.selectOptions(company, '3');
    await u.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/membership/panelUsers',
        body: {
          email: 'marta@recobros.example',
          fullName: 'Marta Nueva Demo',
          role: 'collectioncompany',
          collectionCompanyId: 3,
        },
      }),
    ]);
    const shown = await screen.findByRole('heading', { level: 2, name: 'Contraseña temporal de Marta Nueva Demo' });
    expect(shown.closest('section')).toHaveTextContent('Tmp-9xQ2-abcdEF');
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Marta Nueva Demo' })).toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Ya la he entregado' }));
    expect(screen.queryByText('Tmp-9xQ2-abcdEF')).toBeNull();
  });

  it('an alladmins may give every panel role but system; the server’s refusal stays in the dialog', async () => {
    storedSession(sessionOf(bruno));
    serve(
      bruno,
      () => [lucia],
      () => staffError('StaffEmailTaken'),
    );
    await renderAt('/backoffice/usuarios');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear una cuenta del panel' });
    expect(
      within(within(dialog).getByLabelText('Rol'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Agente', 'Empresa de recobro', 'Administrador', 'Superadministrador']);
    await u.type(within(dialog).getByLabelText('Correo electrónico'), 'agente@demo.prestamo.local');
    await u.type(within(dialog).getByLabelText('Nombre y apellidos'), 'Otra Agente');
    await u.selectOptions(within(dialog).getByLabelText('Rol'), 'administrator');
    await u.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(staffErrorCodes.StaffEmailTaken.message);
    expect(writes()[0]?.body).toEqual({
      email: 'agente@demo.prestamo.local',
      fullName: 'Otra Agente',
      role: 'administrator',
      collectionCompanyId: null,
    });
  });

  it('changes an account with only what changed and the reason; nothing changed is refused without asking', async () => {
    storedSession(sessionOf(ana));
    serve(
      ana,
      () => [cobros],
      (request) => ok({ ...cobros, ...(request.body as object) }),
    );
    await renderAt('/backoffice/usuarios');
    const u = userEvent.setup();
    await screen.findByRole('table');
    await u.click(within(rowOf('Carlos Cobros Demo')).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar la cuenta de Carlos Cobros Demo' });
    await u.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Deja la empresa');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No has cambiado nada.');
    expect(writes()).toHaveLength(0);

    await u.selectOptions(within(dialog).getByLabelText('Rol'), 'cam');
    expect(within(dialog).queryByLabelText('Empresa de recobro')).toBeNull();
    await u.click(within(dialog).getByLabelText('Cuenta desactivada (no puede iniciar sesión)'));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/membership/panelUsers/8',
        body: { role: 'cam', collectionCompanyId: null, disabled: true, reason: 'Deja la empresa' },
      }),
    ]);
    expect(await screen.findByText('Cuenta de Carlos Cobros Demo guardada.')).toHaveAttribute('role', 'status');
    expect(lists()).toHaveLength(2);
  });

  it('unlocks a locked account and resets a password with a new authenticator app, the password shown once', async () => {
    storedSession(sessionOf(ana));
    serve(
      ana,
      () => [lucia],
      (request) =>
        request.method === 'PUT' ? ok({ ...lucia, locked: false }) : ok({ temporaryPassword: 'Nueva-Temporal-1' }),
    );
    await renderAt('/backoffice/usuarios');
    const u = userEvent.setup();
    await screen.findByRole('table');
    await u.click(within(rowOf('Lucía Agente Demo')).getByRole('button', { name: 'Desbloquear' }));
    let dialog = await screen.findByRole('dialog', { name: 'Desbloquear la cuenta de Lucía Agente Demo' });
    await u.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Llamó al soporte');
    await u.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Cuenta de Lucía Agente Demo desbloqueada.')).toHaveAttribute('role', 'status');

    await u.click(within(rowOf('Lucía Agente Demo')).getByRole('button', { name: 'Restablecer contraseña' }));
    dialog = await screen.findByRole('dialog', { name: 'Restablecer la contraseña de Lucía Agente Demo' });
    await u.click(within(dialog).getByLabelText(/app de autenticación nueva/));
    await u.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Ha perdido el móvil');
    await u.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/membership/panelUsers/7',
        body: { locked: false, reason: 'Llamó al soporte' },
      }),
      expect.objectContaining({
        method: 'POST',
        path: '/api/membership/resetCamPassword',
        body: { staffUserId: 7, resetTotp: true, reason: 'Ha perdido el móvil' },
      }),
    ]);
    expect(
      (await screen.findByRole('heading', { name: 'Contraseña temporal de Lucía Agente Demo' })).closest('section'),
    ).toHaveTextContent('Nueva-Temporal-1');
  });

  it('on one’s own account an alladmins changes the name only: no role, no disabling, no reset', async () => {
    storedSession(sessionOf(bruno));
    const own = user(10, bruno.fullName, { role: 'alladmins' });
    serve(
      bruno,
      () => [own],
      (request) => ok({ ...own, ...(request.body as object) }),
    );
    await renderAt('/backoffice/usuarios');
    const u = userEvent.setup();
    await screen.findByRole('table');
    const row = rowOf(bruno.fullName);
    expect(within(row).queryByRole('button', { name: 'Restablecer contraseña' })).toBeNull();
    await u.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: `Editar la cuenta de ${bruno.fullName}` });
    expect(within(dialog).getByLabelText('Rol')).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Cuenta desactivada/)).toBeNull();
    const name = within(dialog).getByLabelText('Nombre y apellidos');
    await u.clear(name);
    await u.type(name, 'Bruno Superadmin');
    await u.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Corrijo mi nombre');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()[0]?.body).toEqual({ fullName: 'Bruno Superadmin', reason: 'Corrijo mi nombre' });
  });
});
