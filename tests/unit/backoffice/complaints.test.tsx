import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
 * The complaints' screens: `/reclamaciones` (ComplaintsGet with the URL's filters, paged; 'Nueva reclamación') and
 * `/reclamaciones/:complaintId` (the case, its history and its actions through ActionDialog).
 */

const admin: StaffMember = { ...agent, id: 9, fullName: 'Ana Admin Demo', role: 'administrator' };

const openCase = {
  id: 12,
  customerId: 5,
  customerName: 'María José Rodríguez Gil',
  loanId: null,
  channel: 'phone',
  category: 'payments',
  subject: 'Cobro duplicado',
  description: 'Me habéis cobrado dos veces la cuota de marzo.',
  receivedAt: '2026-11-20T10:00:00Z',
  deadlineRule: 'consumerOneMonth',
  dueOn: '2026-12-20',
  daysLeft: 18,
  overdue: false,
  deadlineText: 'Plazo de respuesta: hasta el 20/12/2026 (quedan 18 días)',
  assignedStaff: { id: 7, fullName: 'Lucía Agente Demo' },
  status: 'open',
  resolution: null,
  answerText: null,
  answeredAt: null,
  voidReason: null,
  voidedAt: null,
  createdBy: { id: 7, fullName: 'Lucía Agente Demo' },
  createdAt: '2026-11-20T10:05:00Z',
  updatedAt: '2026-11-20T10:05:00Z',
};
const lateCase = {
  ...openCase,
  id: 8,
  customerId: 6,
  customerName: 'Pedro Sánchez Mora',
  subject: 'Trato recibido',
  category: 'service',
  status: 'inProgress',
  dueOn: '2026-11-30',
  daysLeft: -2,
  overdue: true,
  deadlineText: 'Plazo vencido',
  assignedStaff: null,
};
const created = { id: 13, status: 'open' };
const historyOf = [
  {
    id: 1,
    fromStatus: null,
    toStatus: 'open',
    changedBy: 'staff:7',
    reason: null,
    at: '2026-11-20T10:05:00Z',
  },
];

/**
 * Answers StaffMeGet with `me`, the list with `list`, case 12 (as the last successful write left it), its history,
 * and the writes with `write`; any other case is 404 `StaffComplaintNotFound`.
 */
function serveComplaints({
  me = agent,
  list = () => ok(pageOf([lateCase, openCase])),
  write = () => ok(openCase),
}: {
  me?: StaffMember;
  list?: (request: SeenRequest) => Answer;
  write?: (request: SeenRequest) => Answer;
} = {}) {
  storedSession(sessionOf(me));
  let current: unknown = openCase;
  answer((request) => {
    const { path, method } = request;
    if (path === '/api/membership/staff/me') return ok(me);
    if (path.startsWith('/api/customer/complaintCases')) return list(request);
    if (path === '/api/customer/complaintCase/12/history') return ok(historyOf);
    if (method === 'GET' && path === '/api/customer/complaintCase/12') return ok(current);
    if (method !== 'GET') {
      const reply = write(request);
      if (reply !== 'network' && reply.status === 200 && path.startsWith('/api/customer/complaintCase/12'))
        current = (reply.body as { data: unknown }).data;
      return reply;
    }
    return staffError('StaffComplaintNotFound');
  });
}

const listRequests = () => requests.filter(({ path }) => path.startsWith('/api/customer/complaintCases'));
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the complaints list', () => {
  it('sends the URL’s filters and order as the query and shows each case with its deadline', async () => {
    serveComplaints();
    await renderAt('/backoffice/reclamaciones?estado=inProgress&vencidas=1&mias=1&cliente=6&orden=-dueOn');
    const table = await screen.findByRole('table', { name: 'Reclamaciones' });
    expect(listRequests().map(({ path }) => path)).toEqual([
      '/api/customer/complaintCases?status=inProgress&overdue=true&assignedStaffId=7&customerId=6&sort=-dueOn&page=1&pageSize=25',
    ]);
    expect(rowsOf(table)).toEqual([
      ['8', 'Pedro Sánchez Mora', 'Trato recibido', 'Atención al cliente', 'En curso', 'Plazo vencido', 'Sin asignar'],
      [
        '12',
        'María José Rodríguez Gil',
        'Cobro duplicado',
        'Pagos',
        'Abierta',
        'Plazo de respuesta: hasta el 20/12/2026 (quedan 18 días)',
        'Lucía Agente Demo',
      ],
    ]);
    expect(within(table).getByText('Plazo vencido').tagName).toBe('STRONG');
    expect(within(table).getByRole('link', { name: 'María José Rodríguez Gil' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5',
    );
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute('href', '/backoffice/reclamaciones/12');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('inProgress');
    expect(screen.getByRole('checkbox', { name: 'Solo con el plazo vencido' })).toBeChecked();
  });

  it('puts the chosen filters in the URL and reads again; clearing them reads everything', async () => {
    serveComplaints();
    await renderAt('/backoffice/reclamaciones');
    await screen.findByRole('table', { name: 'Reclamaciones' });
    expect(listRequests().at(-1)?.path).toBe('/api/customer/complaintCases?sort=dueOn&page=1&pageSize=25');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'open');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Asignadas a mí' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nº de cliente' }), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por plazo' }), '-dueOn');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(location()).toBe('/reclamaciones?estado=open&mias=1&cliente=5&orden=-dueOn'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.path).toBe(
        '/api/customer/complaintCases?status=open&assignedStaffId=7&customerId=5&sort=-dueOn&page=1&pageSize=25',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(location()).toBe('/reclamaciones'));
  });

  it('refuses a customer number that is not one, without reading', async () => {
    serveComplaints();
    await renderAt('/backoffice/reclamaciones');
    await screen.findByRole('table', { name: 'Reclamaciones' });
    const before = listRequests().length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Nº de cliente' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Escribe el número de cliente (solo cifras)')).toBeInTheDocument();
    expect(listRequests()).toHaveLength(before);
  });

  it('pages with the pager, the page in the URL and the query', async () => {
    serveComplaints({
      list: ({ path }) => ok(pageOf([openCase], 30, path.includes('page=2') ? 2 : 1)),
    });
    await renderAt('/backoffice/reclamaciones?vencidas=1');
    await screen.findByText('30 reclamaciones');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(location()).toBe('/reclamaciones?vencidas=1&pagina=2'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.path).toBe(
        '/api/customer/complaintCases?overdue=true&sort=dueOn&page=2&pageSize=25',
      ),
    );
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
  });

  it('says so when no case matches', async () => {
    serveComplaints({ list: () => ok(pageOf([])) });
    await renderAt('/backoffice/reclamaciones');
    expect(await screen.findByText('No hay reclamaciones con estos filtros.')).toBeInTheDocument();
  });

  it('‘Nueva reclamación’ checks the fields, sends the case, says its number and reads the list again', async () => {
    serveComplaints({ write: () => ok({ ...openCase, ...created }) });
    await renderAt('/backoffice/reclamaciones');
    await screen.findByRole('table', { name: 'Reclamaciones' });
    await userEvent.click(screen.getByRole('button', { name: 'Nueva reclamación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva reclamación' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nº de cliente' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar la reclamación' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Canal');
    expect(requests.some(({ method }) => method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Canal' }), 'email');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Categoría' }), 'collection');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Asunto' }), 'Llamadas de recobro');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Me llaman a diario.');
    await userEvent.type(within(dialog).getByLabelText('Fecha en que la presentó (vacía: hoy)'), '2026-11-30');
    const listed = listRequests().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar la reclamación' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/customer/complaintCase',
      body: {
        customerId: 5,
        channel: 'email',
        category: 'collection',
        subject: 'Llamadas de recobro',
        description: 'Me llaman a diario.',
        receivedAt: '2026-11-29T23:00:00.000Z',
      },
    });
    await waitFor(() => expect(listRequests().length).toBe(listed + 1));
    expect(screen.getByText('Reclamación nº 13 registrada.')).toHaveAttribute('role', 'status');
  });
});

describe('the complaint’s page', () => {
  it('opens from the list with its fields, deadline and history, and answers it with the text and result', async () => {
    const answered = {
      ...openCase,
      status: 'answered',
      resolution: 'upheld',
      answerText: 'Te devolvemos la cuota cobrada dos veces.',
      answeredAt: '2026-12-02T10:00:00Z',
    };
    serveComplaints({ write: () => ok(answered) });
    await renderAt('/backoffice/reclamaciones');
    await userEvent.click(await screen.findByRole('link', { name: '12' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reclamación nº 12' })).toBeInTheDocument();
    expect(screen.getByText('Plazo de respuesta: hasta el 20/12/2026 (quedan 18 días)')).toBeInTheDocument();
    expect(screen.getByText('Me habéis cobrado dos veces la cuota de marzo.')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Cambios de estado' });
    expect(within(history).getByText('Empleado nº 7')).toBeInTheDocument();
    const histories = () => requests.filter(({ path }) => path === '/api/customer/complaintCase/12/history');
    const reads = () => requests.filter(({ path }) => path === '/api/customer/complaintCase/12');
    expect(histories()).toHaveLength(1);
    expect(reads()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Poner en curso' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar la reclamación por respondida' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Respuesta enviada al cliente' }),
      'Te devolvemos la cuota cobrada dos veces.',
    );
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Resultado' }), 'upheld');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cobro duplicado comprobado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar la respuesta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/customer/complaintCase/12/status',
      body: {
        status: 'answered',
        reason: 'Cobro duplicado comprobado',
        answerText: 'Te devolvemos la cuota cobrada dos veces.',
        resolution: 'upheld',
      },
    });
    await waitFor(() => expect(histories()).toHaveLength(2));
    expect(reads().filter(({ method }) => method === 'GET')).toHaveLength(2);
    expect(await screen.findByText('Te devolvemos la cuota cobrada dos veces.')).toBeInTheDocument();
    expect(screen.getByText('Estimada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('shows the server’s refusal of a move inside the dialog, which stays open', async () => {
    serveComplaints({
      write: () => ({
        status: 422,
        body: {
          errors: [
            {
              code: { name: 'ComplaintStatusMoveNotAllowed', value: 2062 },
              message: 'Una reclamación respondida no puede pasar a en curso.',
              title: 'Complaint',
            },
          ],
        },
      }),
    });
    await renderAt('/backoffice/reclamaciones/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Poner en curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Poner la reclamación en curso' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Lo llevo yo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Poner en curso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Una reclamación respondida no puede pasar a en curso.',
    );
    expect(requests.find(({ method }) => method === 'POST')?.body).toEqual({
      status: 'inProgress',
      reason: 'Lo llevo yo',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits only the fields changed', async () => {
    serveComplaints({ write: () => ok({ ...openCase, subject: 'Cobro duplicado en marzo' }) });
    await renderAt('/backoffice/reclamaciones/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Modificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificar la reclamación' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Asunto' }), ' en marzo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar los cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'PUT')).toMatchObject({
      path: '/api/customer/complaintCase/12',
      body: { subject: 'Cobro duplicado en marzo' },
    });
    expect(await screen.findByText(/Cobro duplicado en marzo/)).toBeInTheDocument();
  });

  it('hides ‘Anular’ from an agent', async () => {
    serveComplaints();
    await renderAt('/backoffice/reclamaciones/12');
    await screen.findByRole('button', { name: 'Modificar' });
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
  });

  it('voids the case for an administrator with the reason', async () => {
    serveComplaints({
      me: admin,
      write: () => ok({ ...openCase, status: 'void', voidReason: 'Duplicada', voidedAt: '2026-12-02T10:00:00Z' }),
    });
    await renderAt('/backoffice/reclamaciones/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular la reclamación' });
    const confirm = within(dialog).getByRole('button', { name: 'Anular la reclamación' });
    expect(confirm).toHaveClass('bo-danger');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Duplicada');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find(({ method }) => method === 'DELETE')).toMatchObject({
      path: '/api/customer/complaintCase/12',
      body: { reason: 'Duplicada' },
    });
    expect(await screen.findByText('Esta reclamación ya no admite cambios.')).toBeInTheDocument();
  });

  it('says so when the case is not there', async () => {
    serveComplaints();
    await renderAt('/backoffice/reclamaciones/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos encontrado esa reclamación.');
    expect(screen.queryByRole('heading', { name: 'Cambios de estado' })).toBeNull();
  });
});
