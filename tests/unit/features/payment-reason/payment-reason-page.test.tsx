import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import PaymentReasonPage from '../../../../src/features/payment-reason/PaymentReasonPage.tsx';
import { reasonFormSchema } from '../../../../src/features/payment-reason/reason-form.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage, where } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** '¿Problemas con un reembolso?' (/payment-reason?loanId=): the reasons form and ImpedimentCreatePost. */

let server: TestServer;
let store: AppStore;
let create: (response: ServerResponse) => void;
let allowed: (response: ServerResponse) => void;

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url === '/api/loan/impediments/create') return create(response);
  if (request.url?.startsWith('/api/loan/customerCanCreateImpediment?loanId=')) return allowed(response);
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  create = (response) => json(response, 200, { data: { id: 7, createdDate: '2026-11-25T01:00:00.000Z' } });
  allowed = (response) => json(response, 200, { data: { canCreate: true, reason: null } });
  store = await newStore(server, memberDetails({ id: 6, status: 'internalCollection' }));
});
afterEach(cleanup);

const open = (query = '?loanId=42') =>
  renderPage(store, '/payment-reason', <PaymentReasonPage />, `/payment-reason${query}`);
const sent = () => server.requests.filter((request) => request.url === '/api/loan/impediments/create');
const bodyOf = (request: SeenRequest | undefined) => JSON.parse(request?.body.toString() ?? '{}') as unknown;
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Enviar' }));

/** axe-core's rules that jsdom can judge (no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

describe('payment reason: the form', () => {
  it('shows the title and the reasons as radio buttons, in order', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: '¿Problemas con un reembolso?' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: '¿Qué ha pasado?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'He perdido mi empleo',
      'Mis ingresos han bajado',
      'He tenido gastos imprevistos',
      'Problemas de salud',
      'Me han retrasado el pago de la nómina',
      'Se me olvidó la fecha de pago',
      'Otro motivo',
    ]);
    expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveAttribute('maxlength', '1000');
  });

  it('a reason is required: nothing is sent without one', async () => {
    const user = userEvent.setup();
    await open();
    await submit(user);
    expect(await screen.findByText('Elige un motivo.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it("'Otro motivo' needs a comment (spaces are not one)", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Otro motivo' }));
    await user.type(screen.getByRole('textbox', { name: 'Comentario' }), '   ');
    await submit(user);
    expect(await screen.findByText('Cuéntanos brevemente qué ha pasado.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('has no accessibility violations axe can see, errors shown included', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Otro motivo' }));
    await submit(user);
    await screen.findByText('Cuéntanos brevemente qué ha pasado.');
    expect(await axeViolations()).toEqual([]);
  });

  it('the comment is at most 1000 characters', () => {
    const long = reasonFormSchema.safeParse({ reason: 'other', comment: 'a'.repeat(1001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('La longitud máxima es 1000');
    expect(reasonFormSchema.safeParse({ reason: 'other', comment: 'a'.repeat(1000) }).success).toBe(true);
  });
});

describe('payment reason: sending', () => {
  it('sends ImpedimentCreatePost { loanId, reason, comment } and thanks the customer, saying what comes next', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Otro motivo' }));
    await user.type(screen.getByRole('textbox', { name: 'Comentario' }), '  Me han cambiado el día de cobro  ');
    await submit(user);
    const heading = await screen.findByRole('heading', { name: 'Gracias por contárnoslo' });
    const thanks = heading.closest('[role=status]') as HTMLElement;
    expect(thanks).toHaveTextContent('se pondrá en contacto contigo');
    expect(within(thanks).getByRole('link', { name: 'Ir a mi panel' })).toHaveAttribute('href', '/dashboard');
    expect(sent().map((request) => [request.method, bodyOf(request)])).toEqual([
      ['POST', { loanId: 42, reason: 'other', comment: 'Me han cambiado el día de cobro' }],
    ]);
  });

  it('a reason without a comment sends no comment', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Problemas de salud' }));
    await submit(user);
    await screen.findByRole('heading', { name: 'Gracias por contárnoslo' });
    expect(bodyOf(sent()[0])).toEqual({ loanId: 42, reason: 'illness' });
  });

  it("another customer's or a missing loan (the server's 404) → a Spanish message and the dashboard link", async () => {
    const user = userEvent.setup();
    create = (response) =>
      json(response, 404, {
        errors: [{ code: { name: 'LoanNotFound', value: 1201 }, message: 'Préstamo no encontrado.', title: 'Aviso' }],
      });
    await open('?loanId=99');
    await user.click(screen.getByRole('radio', { name: 'He perdido mi empleo' }));
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hemos encontrado este préstamo');
    await user.click(within(alert).getByRole('link', { name: 'Ir a mi panel' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('without a loan id in the address it says so at once and sends nothing', async () => {
    await open('');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos encontrado este préstamo');
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('a failure that is not the loan keeps the form and asks to try again', async () => {
    const user = userEvent.setup();
    create = (response) => json(response, 500, {});
    await open();
    await user.click(screen.getByRole('radio', { name: 'Se me olvidó la fecha de pago' }));
    await submit(user);
    expect(
      await screen.findByText('No hemos podido enviar tu respuesta. Por favor, inténtalo de nuevo.'),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Se me olvidó la fecha de pago' })).toBeChecked();
  });
});

describe('payment reason: before the form (ImpedimentAllowedGet)', () => {
  it('says we are on it when an impediment of this loan is still open, without the form', async () => {
    allowed = (response) => json(response, 200, { data: { canCreate: false, reason: 'alreadyOpen' } });
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ya nos lo contaste' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Estamos revisando lo que nos contaste sobre este préstamo/).closest('[role="status"]'),
    ).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a mi panel' })).toBeInTheDocument();
    expect(server.requests.some((request) => request.url === '/api/loan/customerCanCreateImpediment?loanId=42')).toBe(
      true,
    );
  });

  it('a loan that is not running, or not the customer’s (404), is not found', async () => {
    allowed = (response) => json(response, 200, { data: { canCreate: false, reason: 'notRunning' } });
    await open();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No hemos encontrado este préstamo' }),
    ).toBeInTheDocument();
    cleanup();
    allowed = (response) =>
      json(response, 404, { errors: [{ code: { name: 'NotFound', value: 404 }, message: 'x', title: 'Aviso' }] });
    await open();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No hemos encontrado este préstamo' }),
    ).toBeInTheDocument();
  });

  it('keeps the form when the check cannot be made', async () => {
    allowed = (response) => json(response, 500, {});
    await open();
    await waitFor(() =>
      expect(server.requests.some((request) => request.url?.startsWith('/api/loan/customerCanCreateImpediment'))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });
});
