import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  type SeenRequest,
} from './harness.tsx';
import { mariaRecord } from './fixtures.ts';

/** The customer search (`/clientes`) and the customer's file (`/clientes/:customerId/:tab?`) over a mocked fetch. */

const maria = {
  id: 5,
  firstName: 'María José',
  lastName: 'Rodríguez Gil',
  nationalId: '27364815J',
  phone: '600000005',
  email: 'mariajose.rodriguez@example.com',
  status: 'securityChecked',
  referenceCode: 'REF5',
};

const auditPage = {
  items: [
    {
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
    },
  ],
  page: 1,
  pageSize: 25,
  total: 1,
  totalCapped: false,
};

const searchPage = (items: unknown[], total = items.length, totalCapped = false, page = 1) => ({
  items,
  page,
  pageSize: 25,
  total,
  totalCapped,
  searchedBy: 'nationalId',
});

const isMe = ({ path }: SeenRequest) => path === '/api/membership/staff/me';

describe('the customer search', () => {
  it('a search puts the query and page in the URL and shows the customers in a table linking to each', async () => {
    storedSession();
    answer((request) =>
      isMe(request) ? ok(agent) : ok(searchPage([maria], request.path === '/api/customer/search' ? 1 : 0)),
    );
    await renderAt('/backoffice/clientes');
    const user = userEvent.setup();
    const field = await screen.findByRole('searchbox', { name: 'Buscar cliente' });
    expect(field).toHaveAttribute('placeholder', 'Teléfono, DNI/NIE, nombre, e-mail o nº de préstamo');
    await user.type(field, ' 27364815J ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    await waitFor(() => expect(location()).toBe('/clientes?q=27364815J&pagina=1'));
    const table = await screen.findByRole('grid', { name: 'Clientes encontrados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'DNI/NIE', 'Teléfono', 'E-mail', 'Estado']);
    expect(within(table).getByRole('link', { name: 'María José Rodríguez Gil' })).toHaveAttribute(
      'href',
      '/backoffice/clientes/5',
    );
    expect(within(table).getByText('27364815J')).toBeInTheDocument();
    // The status as staff read it, never its code.
    expect(within(table).getByRole('gridcell', { name: 'Verificado' })).toBeInTheDocument();
    expect(within(table).queryByText('securityChecked')).toBeNull();
    expect(screen.getByText('1 cliente')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/customer/search',
      body: { query: '27364815J', page: 1, pageSize: 25 },
    });
  });

  it('reads the query and page from the URL, counts a capped total and pages with the buttons', async () => {
    storedSession();
    answer((request) =>
      isMe(request) ? ok(agent) : ok(searchPage([maria], 1000, true, (request.body as { page: number }).page)),
    );
    await renderAt('/backoffice/clientes?q=garcia&pagina=2');
    expect(await screen.findByText('más de 1.000 clientes')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue('garcia');
    expect(requests.at(-1)?.body).toEqual({ query: 'garcia', page: 2, pageSize: 25 });
    expect(screen.getByText('Página 2 de 40')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(location()).toBe('/clientes?q=garcia&pagina=3'));
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({ query: 'garcia', page: 3, pageSize: 25 }));
  });

  it('says ‘Sin resultados’ when nothing matches', async () => {
    storedSession();
    answer((request) => (isMe(request) ? ok(agent) : ok(searchPage([]))));
    await renderAt('/backoffice/clientes?q=600999999');
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows the server’s SearchTooShort message in an alert', async () => {
    storedSession();
    answer((request) => (isMe(request) ? ok(agent) : staffError('SearchTooShort')));
    await renderAt('/backoffice/clientes');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar cliente' }), 'al');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Para buscar por nombre escribe al menos 3 letras.');
  });

  it('‘/’ focuses the search field when not typing in a field', async () => {
    storedSession();
    answer(() => ok(agent));
    await renderAt('/backoffice/clientes');
    const field = await screen.findByRole('searchbox', { name: 'Buscar cliente' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(field).not.toHaveFocus();
    await user.keyboard('/');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
  });
});

describe('the customer’s file', () => {
  it('shows the name and the record in ‘Resumen’, and the audit records in ‘Historial’', async () => {
    storedSession();
    answer(({ path }) =>
      path === '/api/membership/staff/me'
        ? ok(agent)
        : path.startsWith('/api/customer/5/operations')
          ? ok(auditPage)
          : ok(mariaRecord),
    );
    await renderAt('/backoffice/clientes/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'María José Rodríguez Gil' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Resumen', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    const value = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(value('Estado')).toBe('Verificado');
    expect(value('DNI/NIE')).toBe('27364815J');
    expect(value('Fecha de nacimiento')).toBe('07/09/1983');
    expect(value('Dirección')).toBe('Sin dirección');
    expect(value('Ingresos mensuales')).toBe('2.000,00\u00a0€');
    expect(value('Límite de crédito')).toBe('3.500,00\u00a0€');
    expect(value('Límite de minipréstamo')).toBe('400,00\u00a0€');
    expect(value('RTB')).toBe('Sí');
    expect(value('Lista negra')).toBe('No');
    expect(value('Bloqueado')).toBe('No');
    expect(value('Alta')).toBe('15/01/2026 10:30');
    expect(requests.at(-1)?.path).toBe('/api/customer/customer/5');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Historial' }));
    await waitFor(() => expect(location()).toBe('/clientes/5/historial'));
    const table = await screen.findByRole('grid', { name: 'Historial de operaciones' });
    expect(within(table).getByText('02/03/2026 12:05')).toBeInTheDocument();
    expect(within(table).getByText('Lucía Agente Demo')).toBeInTheDocument();
    expect(within(table).getByText('UnblockPost')).toBeInTheDocument();
    expect(within(table).getByText('Llamó para desbloquear')).toBeInTheDocument();
    expect(within(table).getByText('{"blocked":true} → {"blocked":false}')).toBeInTheDocument();
    expect(requests.at(-1)?.path).toBe('/api/customer/5/operations?page=1&pageSize=25');
  });

  it('hides ‘Historial’ from a collection company’s user (CustomerAuditGet’s roles), even by URL', async () => {
    const company = { ...agent, role: 'collectioncompany' as const, collectionCompanyId: 2 };
    storedSession(sessionOf(company));
    answer(({ path }) => (path === '/api/membership/staff/me' ? ok(company) : ok(mariaRecord)));
    await renderAt('/backoffice/clientes/5/historial');
    expect(await screen.findByRole('heading', { level: 1, name: 'María José Rodríguez Gil' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/clientes/5'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Resumen',
      'Estado',
      'Préstamos',
      'Tarjetas',
      'Comentarios',
    ]);
    expect(requests.some(({ path }) => path.includes('/operations'))).toBe(false);
  });

  it('an unknown customer (404) says so and links back to the search', async () => {
    storedSession();
    answer((request) => (isMe(request) ? ok(agent) : staffError('StaffCustomerNotFound')));
    await renderAt('/backoffice/clientes/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos encontrado ese cliente.');
    expect(screen.getByRole('link', { name: 'Volver a la búsqueda' })).toHaveAttribute('href', '/backoffice/clientes');
  });
});
