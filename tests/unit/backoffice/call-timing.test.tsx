import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
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
} from './harness.tsx';

/**
 * `/tareas/horario`: the call timing definitions (`CallTimingDefinitionsGet`) as a week and the dated ones apart;
 * 'Añadir horas' (`CallTimingAddPost`), 'Quitar' (`CallTimingRemovePost`) and, only when there are none, 'Cargar
 * horario por defecto' (`CallTimingAutoInsertPost`). An agent changes only their own hours.
 */

const admin: StaffMember = { ...agent, id: 2, fullName: 'Ana Admin Demo', role: 'administrator' };

const definition = (id: number, overrides: Record<string, unknown>) => ({
  id,
  weekday: null,
  onDate: null,
  startTime: '09:00',
  endTime: '21:00',
  capacity: 1,
  staff: null,
  kind: 'open',
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
const monday = definition(1, { weekday: 1 });
const ownTuesday = definition(2, {
  weekday: 2,
  startTime: '16:00',
  endTime: '20:00',
  capacity: 2,
  staff: { id: agent.id, fullName: agent.fullName },
});
const closedDate = definition(3, { onDate: '2026-12-24', startTime: '14:00', endTime: '21:00', kind: 'closed' });
const addedWednesday = definition(4, {
  weekday: 3,
  startTime: '10:00',
  endTime: '12:00',
  capacity: 3,
  staff: { id: agent.id, fullName: agent.fullName },
});

function serve(
  me: StaffMember,
  definitions: () => unknown[],
  writes: (path: string, body: unknown) => Answer | null = () => null,
) {
  answer(({ path, body }) => {
    if (path === '/api/membership/staff/me') return ok(me);
    if (path === '/api/membership/cams') return ok([{ id: 9, fullName: 'Pablo Agente' }]);
    if (path === '/api/todo/callTimingDefinitions') return ok(definitions());
    return writes(path, body) ?? { status: 404, body: {} };
  });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the call hours', () => {
  it('shows the week and the dates apart; an agent may remove only their own hours', async () => {
    storedSession();
    serve(agent, () => [monday, ownTuesday, closedDate]);
    await renderAt('/backoffice/tareas/horario');
    const week = await screen.findByRole('table', { name: 'Horario semanal' });
    expect(rowsOf(week)).toEqual([
      ['Lunes', '09:00–21:00', 'Abierto', '1', 'El equipo', ''],
      ['Martes', '16:00–20:00', 'Abierto', '2', agent.fullName, 'Quitar'],
      ['Miércoles', 'Sin horas'],
      ['Jueves', 'Sin horas'],
      ['Viernes', 'Sin horas'],
      ['Sábado', 'Sin horas'],
      ['Domingo', 'Sin horas'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Horario de fechas concretas' }))).toEqual([
      ['24/12/2026', '14:00–21:00', 'Cerrado', '—', 'El equipo', ''],
    ]);
    expect(screen.queryByRole('button', { name: 'Cargar horario por defecto' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Tareas' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds an agent’s own hours, which appear after the list is read again', async () => {
    storedSession();
    let definitions: unknown[] = [monday];
    serve(
      agent,
      () => definitions,
      (path) => {
        if (path !== '/api/todo/callTimingDefinition/add') return null;
        definitions = [monday, addedWednesday];
        return ok(addedWednesday);
      },
    );
    await renderAt('/backoffice/tareas/horario');
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir horas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir horas' });
    expect(within(dialog).queryByLabelText('De quién')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Día de la semana'), '3');
    await userEvent.selectOptions(within(dialog).getByLabelText('Desde'), '10:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Hasta'), '12:00');
    await userEvent.clear(within(dialog).getByLabelText('Llamadas a la vez'));
    await userEvent.type(within(dialog).getByLabelText('Llamadas a la vez'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.path === '/api/todo/callTimingDefinition/add')?.body).toEqual({
      day: 3,
      startTime: '10:00',
      endTime: '12:00',
      kind: 'open',
      capacity: 3,
    });
    const week = await screen.findByRole('table', { name: 'Horario semanal' });
    await waitFor(() =>
      expect(rowsOf(week)[2]).toEqual(['Miércoles', '10:00–12:00', 'Abierto', '3', agent.fullName, 'Quitar']),
    );
  });

  it('shows the server’s refusal inside the dialog, which stays open', async () => {
    storedSession();
    serve(
      agent,
      () => [monday],
      (path) => (path === '/api/todo/callTimingDefinition/add' ? staffError('CallTimingTimesInvalid') : null),
    );
    await renderAt('/backoffice/tareas/horario');
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir horas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir horas' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Desde'), '18:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Hasta'), '12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La hora final debe ser posterior a la inicial.',
    );
    expect(screen.getByRole('dialog', { name: 'Añadir horas' })).toBeInTheDocument();
  });

  it('lets an administrator add an agent’s closed date and remove anyone’s hours', async () => {
    storedSession(sessionOf(admin));
    let definitions: unknown[] = [monday, ownTuesday];
    serve(
      admin,
      () => definitions,
      (path) => {
        if (path === '/api/todo/callTimingDefinition/add') return ok(closedDate);
        if (path !== '/api/todo/callTimingDefinition/remove') return null;
        definitions = [ownTuesday];
        return ok(true);
      },
    );
    await renderAt('/backoffice/tareas/horario');
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir horas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir horas' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Para'), 'dated');
    await userEvent.clear(within(dialog).getByLabelText('Fecha'));
    await userEvent.type(within(dialog).getByLabelText('Fecha'), '2026-12-24');
    await userEvent.selectOptions(within(dialog).getByLabelText('Tipo'), 'closed');
    expect(within(dialog).queryByLabelText('Llamadas a la vez')).toBeNull();
    await within(dialog).findByRole('option', { name: 'Pablo Agente' });
    await userEvent.selectOptions(within(dialog).getByLabelText('De quién'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.path === '/api/todo/callTimingDefinition/add')?.body).toEqual({
      day: '2026-12-24',
      startTime: '09:00',
      endTime: '14:00',
      kind: 'closed',
      capacity: 1,
      staffUserId: 9,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar Lunes 09:00–21:00' }));
    const remove = await screen.findByRole('dialog', { name: 'Quitar estas horas' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.path === '/api/todo/callTimingDefinition/remove')?.body).toEqual({ id: 1 });
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Horario semanal' }))[0]).toEqual(['Lunes', 'Sin horas']),
    );
  });

  it('offers the default hours only when there are none', async () => {
    storedSession();
    let definitions: unknown[] = [];
    serve(
      agent,
      () => definitions,
      (path) => {
        if (path !== '/api/todo/callTimingDefinition/autoInsert') return null;
        definitions = [monday];
        return ok([monday]);
      },
    );
    await renderAt('/backoffice/tareas/horario');
    expect(
      await screen.findByText('No hay ningún horario: los clientes no pueden reservar llamadas.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar horario por defecto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar el horario por defecto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cargar el horario' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path === '/api/todo/callTimingDefinition/autoInsert')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar horario por defecto' })).toBeNull());
    expect(rowsOf(screen.getByRole('table', { name: 'Horario semanal' }))[0]?.[1]).toBe('09:00–21:00');
  });
});
