import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { madridInstant } from '../../../src/backoffice/features/todos/form-helpers.ts';
import { addDaysIso, todayInMadrid } from '../../../src/shared/dates.ts';
import { agent, answer, location, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * `/tareas`: the to-dos by day (today and the next six, the default) or as a list (`TodoPagedPost`), the filters in
 * the URL, and the writes in the `ActionDialog`: 'Nueva tarea' (`TodoCreatePost`), 'Hecha' (`TodoUpdatePut` with the
 * outcome), 'Cancelar tarea' (`TodoDelete`).
 */

const today = todayInMadrid();
const tomorrow = addDaysIso(today, 1);

const todo = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  loanId: null,
  complaintId: null,
  callBookingId: null,
  assignedTo: { id: agent.id, fullName: agent.fullName },
  kind: 'callBack',
  title: `Tarea ${id}`,
  notes: null,
  dueAt: madridInstant(today, '10:30'),
  status: 'open',
  doneAt: null,
  doneBy: null,
  outcome: null,
  createdBy: { id: agent.id, fullName: agent.fullName },
  createdAt: '2026-03-01T09:00:00Z',
  updatedAt: '2026-03-01T09:00:00Z',
  ...overrides,
});

const welcome = todo(11, {
  kind: 'welcomeCall',
  title: 'Llamar a María José',
  callBookingId: 4,
  dueAt: madridInstant(tomorrow, '09:30'),
});
const team = todo(12, { assignedTo: null, customerId: null, customerName: null, title: 'Revisar la cola' });

const pageOf = (items: unknown[], total = items.length, page = 1, pageSize = 25) => ({
  items,
  page,
  pageSize,
  total,
  totalCapped: false,
});

type Writes = (method: string, path: string) => Answer | null;

function serve(items: unknown[] = [welcome, team], writes: Writes = () => null, total?: number) {
  answer(({ method, path, body }) => {
    if (path === '/api/membership/staff/me') return ok(agent);
    if (path === '/api/membership/cams') return ok([{ id: 9, fullName: 'Pablo Agente' }]);
    if (path === '/api/todo/paginated') {
      const { page, pageSize } = body as { page: number; pageSize: number };
      return ok(pageOf(items, total, page, pageSize));
    }
    return writes(method, path) ?? { status: 404, body: {} };
  });
}

const listBodies = () => requests.filter((r) => r.path === '/api/todo/paginated').map((r) => r.body);
const lastListBody = () => listBodies().at(-1);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the to-do list', () => {
  it('shows by default my open to-dos of today and the next six days, grouped by day', async () => {
    storedSession();
    serve();
    await renderAt('/backoffice/tareas');
    await screen.findByRole('heading', { level: 1, name: 'Tareas' });
    await waitFor(() =>
      expect(lastListBody()).toEqual({
        assigned: 'me',
        from: today,
        to: addDaysIso(today, 6),
        status: 'open',
        sort: 'dueAt',
        page: 1,
        pageSize: 100,
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: /^Hoy · / })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    const todayTable = screen.getAllByRole('table')[0] as HTMLElement;
    expect(rowsOf(todayTable)).toEqual([
      ['10:30', 'Devolver llamada', 'Revisar la cola', '—', 'El equipo', 'Pendiente', 'EditarHechaCancelar tarea'],
    ]);
    const tomorrowTable = screen.getAllByRole('table')[1] as HTMLElement;
    expect(rowsOf(tomorrowTable)[0]?.slice(0, 6)).toEqual([
      '09:30',
      'Llamada de bienvenida',
      'Llamar a María José',
      'María José Rodríguez Gil',
      agent.fullName,
      'Pendiente',
    ]);
    expect(within(tomorrowTable).getByRole('link', { name: 'María José Rodríguez Gil' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5',
    );
    expect(screen.getAllByText('Ninguna tarea este día.')).toHaveLength(5);
  });

  it('sends the filters chosen, keeps them in the URL, and pages the list', async () => {
    storedSession();
    serve([welcome, team], () => null, 30);
    await renderAt('/backoffice/tareas?vista=lista');
    await screen.findByRole('table', { name: 'Tareas' });
    expect(lastListBody()).toEqual({ assigned: 'me', status: 'open', sort: 'dueAt', page: 1, pageSize: 25 });
    await userEvent.selectOptions(screen.getByLabelText('De quién'), 'team');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'callBack');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'todos');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(lastListBody()).toEqual({
        assigned: 'team',
        kind: 'callBack',
        from: '2026-03-01',
        to: '2026-03-31',
        sort: 'dueAt',
        page: 1,
        pageSize: 25,
      }),
    );
    expect(location()).toBe(
      '/tareas?de=equipo&tipo=callBack&estado=todos&desde=2026-03-01&hasta=2026-03-31&vista=lista',
    );
    expect(rowsOf(await screen.findByRole('table', { name: 'Tareas' }))[0]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} 09:30$/);
    await userEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(lastListBody()).toMatchObject({ assigned: 'team', page: 2 }));
    expect(location()).toContain('pagina=2');
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });

  it('creates a to-do for the team with its Madrid due time, then reads the list again', async () => {
    storedSession();
    serve([team], (method, path) =>
      method === 'POST' && path === '/api/todo/create' ? ok(todo(13, { assignedTo: null })) : null,
    );
    await renderAt('/backoffice/tareas');
    await screen.findAllByRole('table');
    const reads = listBodies().length;
    await userEvent.click(screen.getByRole('button', { name: 'Nueva tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Tipo'), 'documentReview');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Revisar la nómina');
    fireEvent.change(within(dialog).getByLabelText('Fecha'), { target: { value: tomorrow } });
    fireEvent.change(within(dialog).getByLabelText('Hora'), { target: { value: '11:30' } });
    await userEvent.type(within(dialog).getByLabelText('Nº de cliente (opcional)'), '5');
    await within(dialog).findByRole('option', { name: 'Pablo Agente' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Asignada a'), 'team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear la tarea' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = requests.find((r) => r.path === '/api/todo/create');
    expect(created?.method).toBe('POST');
    expect(created?.body).toEqual({
      kind: 'documentReview',
      title: 'Revisar la nómina',
      dueAt: madridInstant(tomorrow, '11:30'),
      customerId: 5,
      assignedStaffId: null,
    });
    await waitFor(() => expect(listBodies().length).toBe(reads + 1));
  });

  it('refuses a to-do without a title before sending it', async () => {
    storedSession();
    serve([team]);
    await renderAt('/backoffice/tareas');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear la tarea' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escribe el título');
    expect(requests.some((r) => r.path === '/api/todo/create')).toBe(false);
  });

  it('marks a to-do done with its outcome', async () => {
    storedSession();
    serve([team], (method, path) =>
      method === 'PUT' && path === '/api/todo/update/12' ? ok({ ...team, status: 'done', outcome: 'Hecho' }) : null,
    );
    await renderAt('/backoffice/tareas');
    await userEvent.click(await screen.findByRole('button', { name: 'Dar por hecha «Revisar la cola»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar la tarea por hecha' });
    await userEvent.type(within(dialog).getByLabelText('Resultado'), 'Cola revisada, sin pendientes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar por hecha' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.path === '/api/todo/update/12')?.body).toEqual({
      status: 'done',
      outcome: 'Cola revisada, sin pendientes',
    });
  });

  it('sends only what changed when editing, and keeps a booked call’s time', async () => {
    storedSession();
    serve([welcome], (method, path) =>
      method === 'PUT' && path === '/api/todo/update/11' ? ok({ ...welcome, assignedTo: null }) : null,
    );
    await renderAt('/backoffice/tareas');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «Llamar a María José»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar la tarea' });
    expect(within(dialog).getByLabelText('Hora')).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Asignada a'), 'team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar los cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.path === '/api/todo/update/11')?.body).toEqual({ assignedStaffId: null });
  });

  it('shows the server’s refusal inside the dialog when cancelling, which stays open', async () => {
    storedSession();
    serve([team], (method, path) => (method === 'DELETE' && path === '/api/todo/12' ? staffError('TodoClosed') : null));
    await renderAt('/backoffice/tareas');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar «Revisar la cola»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la tarea' });
    await userEvent.type(within(dialog).getByLabelText(/Motivo/), 'Duplicada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar la tarea' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta tarea ya está hecha o cancelada: no se puede cambiar.',
    );
    expect(screen.getByRole('dialog', { name: 'Cancelar la tarea' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/todo/12')?.body).toEqual({ reason: 'Duplicada' });
  });
});
