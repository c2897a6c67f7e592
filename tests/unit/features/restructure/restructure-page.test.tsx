import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RestructurePage from '../../../../src/features/restructure/RestructurePage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { loansStateAtom } from '../../../../src/lib/loans/loans-state.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, newStore, renderPage, where } from '../cards/cards-harness.tsx';
import { wireLoan } from '../payment/payment-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * 'Pago Flexible' (/restructure/:loanId?, issue 14): the new plan (RestructurePlanGet) before the customer confirms;
 * RestructureLoanPost with one Idempotency-Key per press (the same key again after a lost answer); then the loans
 * are loaded again and the dashboard shows the new plan with a success toast.
 */

const PLAN = {
  loanId: 42,
  debt: 900,
  principal: 600,
  totalCost: 413.25,
  totalPayment: 1013.25,
  tae: 812.4,
  installments: [
    { number: 4, expectedDate: '2026-12-24', base: 176.19, interest: 136.66, totalPayment: 312.85 },
    { number: 5, expectedDate: '2027-01-25', base: 193.31, interest: 119.54, totalPayment: 312.85 },
    { number: 6, expectedDate: '2027-02-24', base: 230.5, interest: 157.05, totalPayment: 387.55 },
  ],
  preContractInformation: {
    title: 'Información precontractual del Pago Flexible',
    agreement: '<section><h1>Información precontractual del Pago Flexible</h1><p>Total: 1.013,25 €</p></section>',
    digest: 'a'.repeat(64),
  },
};

let server: TestServer;
let store: AppStore;
let api: {
  plan: (response: ServerResponse) => void;
  restructure: Array<(response: ServerResponse) => void>;
  loans: unknown[];
};

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  if (path === '/api/loan/restructureLoan' && request.method === 'GET') return api.plan(response);
  if (path === '/api/loan/restructureLoan' && request.method === 'POST') {
    const next = api.restructure.shift();
    return next ? next(response) : json(response, 500, {});
  }
  if (path === '/api/loan/customerAllLoans') return json(response, 200, { data: api.loans });
  return json(response, 404, {});
}

const restructured = () => ({ ...wireLoan([30, 61, 92]), isRestructured: true });
/** The restructure is made: from now on the server's loans show the new plan. */
const done = (response: ServerResponse) => {
  api.loans = [restructured()];
  json(response, 200, { data: { loan: restructured() } });
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  api = {
    plan: (response) => json(response, 200, { data: PLAN }),
    restructure: [done],
    loans: [{ ...wireLoan([-40, -10, 20]), overdueDay: -40 }],
  };
  store = await newStore(server, memberDetails({ id: 6, status: 'securityChecked' }));
});
afterEach(() => {
  cleanup();
  clearToasts();
  closeAllDialogs();
});

type User = ReturnType<typeof userEvent.setup>;
const acceptBox = () =>
  screen.getByRole('checkbox', {
    name: 'He leído la información precontractual del Pago Flexible y acepto el nuevo plan de pagos.',
  });

/** Ticks the acceptance (once), presses 'Confirmar Pago Flexible' and answers the confirmation 'Sí, confirmar'. */
async function acceptAndConfirm(user: User) {
  await screen.findByRole('region', { name: 'Resumen' });
  if (!(acceptBox() as HTMLInputElement).checked) await user.click(acceptBox());
  await user.click(confirmButton());
  const dialog = await screen.findByRole('alertdialog', { name: '¿Confirmas el Pago Flexible?' });
  await user.click(within(dialog).getByRole('button', { name: 'Sí, confirmar' }));
}

// The harness renders the dialog host beside the page, as the shell does.
const open = (path = '/restructure/42') => renderPage(store, '/restructure/:loanId?', <RestructurePage />, path);
const posts = () => server.requests.filter((request) => request.method === 'POST');
const keyOf = (request: SeenRequest | undefined) => request?.headers['idempotency-key'];
const confirmButton = () => screen.getByRole('button', { name: 'Confirmar Pago Flexible' });

describe('the new plan before confirming', () => {
  it('shows what is owed, the total cost, the TAE and each new instalment with its date and amount', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Flexible' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Resumen' });
    const fact = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(fact('Lo que debes hoy')).toBe('900,00\u00a0€');
    expect(fact('Capital pendiente')).toBe('600,00\u00a0€');
    expect(fact('Coste total')).toBe('413,25\u00a0€');
    expect(fact('Total a pagar')).toBe('1.013,25\u00a0€');
    expect(fact('TAE')).toBe('812,4 %');

    const plan = screen.getByRole('region', { name: 'Tu nuevo plan de pagos' });
    const items = within(plan).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Cuota 1 de 3',
      'Cuota 2 de 3',
      'Cuota 3 de 3',
    ]);
    expect(items.map((item) => within(item).getByText('Fecha').nextElementSibling?.textContent)).toEqual([
      '24/12/2026',
      '25/01/2027',
      '24/02/2027',
    ]);
    expect(items.map((item) => within(item).getByText('Importe').nextElementSibling?.textContent)).toEqual([
      '312,85\u00a0€',
      '312,85\u00a0€',
      '387,55\u00a0€',
    ]);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/loan/restructureLoan?loanId=42']);
    expect(posts()).toHaveLength(0);
  });

  it('has no accessibility violations (axe-core, what jsdom can judge)', async () => {
    await open();
    await screen.findByRole('region', { name: 'Resumen' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('a loan the rule does not allow: the server’s message and the way back, no button', async () => {
    api.plan = businessError('RestructureNotAllowed');
    await open();
    expect(await screen.findByText('El pago flexible no está disponible para este préstamo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi panel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Confirmar Pago Flexible' })).toBeNull();
  });

  it('another customer’s loan (404) or a bad id: not found, never a plan', async () => {
    api.plan = (response) => json(response, 404, { errors: [{ code: { name: 'LoanNotFound', value: 1 } }] });
    await open();
    expect(await screen.findByText('No hemos encontrado este préstamo')).toBeInTheDocument();
    cleanup();
    server.requests = [];
    await open('/restructure/abc');
    expect(screen.getByText('No hemos encontrado este préstamo')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('a failed load offers Reintentar, which loads again', async () => {
    let calls = 0;
    api.plan = (response) => {
      calls += 1;
      if (calls === 1) json(response, 500, {});
      else json(response, 200, { data: PLAN });
    };
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Resumen' })).toBeInTheDocument();
  });

  it('without a loan id: the running loan Pago Flexible applies to', async () => {
    await open('/restructure');
    await screen.findByRole('region', { name: 'Resumen' });
    expect(server.requests.map((request) => request.url)).toContain('/api/loan/restructureLoan?loanId=42');
  });
});

describe('confirming', () => {
  it('one press: RestructureLoanPost with a key, the loans loaded again, the dashboard and the success toast', async () => {
    const user = userEvent.setup();
    await open();
    await acceptAndConfirm(user);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(posts()[0]!.body.toString())).toEqual({
      loanId: 42,
      acceptPreContract: true,
      preContractDigest: PLAN.preContractInformation.digest,
    });
    expect(keyOf(posts()[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.requests.map((request) => request.url)).toContain('/api/loan/customerAllLoans');
    const state = store.get(loansStateAtom);
    expect(state.kind === 'ready' && state.loans[0]?.isRestructured).toBe(true);
    expect(
      await screen.findByText('Tu Pago Flexible está activado. Ya puedes ver tu nuevo plan de pagos en tu panel.'),
    ).toBeInTheDocument();
  });

  it('a lost answer: the page says so and the next press sends the SAME key', async () => {
    api.restructure = [(response) => json(response, 500, {}), done];
    const user = userEvent.setup();
    await open();
    await acceptAndConfirm(user);
    expect(await screen.findByText(/No hemos podido confirmar tu Pago Flexible/)).toBeInTheDocument();
    await acceptAndConfirm(user);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(posts()).toHaveLength(2);
    expect(keyOf(posts()[1])).toBe(keyOf(posts()[0]));
  });

  it('a refusal ends the intent: its message, and the next press gets a new key', async () => {
    api.restructure = [businessError('RestructureNotAllowed'), done];
    const user = userEvent.setup();
    await open();
    await acceptAndConfirm(user);
    expect(await screen.findByText('El pago flexible no está disponible para este préstamo.')).toBeInTheDocument();
    await acceptAndConfirm(user);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(posts()).toHaveLength(2);
    expect(keyOf(posts()[1])).not.toBe(keyOf(posts()[0]));
  });

  it('a double press sends one request', async () => {
    let release: () => void = () => undefined;
    api.restructure = [
      (response) => void new Promise<void>((resolve) => (release = resolve)).then(() => done(response)),
    ];
    const user = userEvent.setup();
    await open();
    await acceptAndConfirm(user);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await user.click(confirmButton());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    release();
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(posts()).toHaveLength(1);
  });
});

describe('a new credit agreement: the pre-contract information, the box and the confirmation', () => {
  it("shows the plan's pre-contract information in a sandboxed frame", async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole('region', { name: 'Resumen' });
    await user.click(screen.getByRole('button', { name: 'Información precontractual del Pago Flexible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información precontractual del Pago Flexible' });
    const frame = within(dialog).getByTitle('Información precontractual del Pago Flexible');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Total: 1.013,25 €</p>');
  });

  it('without the box ticked nothing is sent: the box says so; cancelling the confirmation sends nothing either', async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole('region', { name: 'Resumen' });
    await user.click(confirmButton());
    expect(await screen.findByText('Marca la casilla para aceptar el nuevo plan de pagos.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(acceptBox());
    expect(screen.queryByText('Marca la casilla para aceptar el nuevo plan de pagos.')).toBeNull();
    await user.click(confirmButton());
    const dialog = await screen.findByRole('alertdialog', { name: '¿Confirmas el Pago Flexible?' });
    expect(dialog).toHaveTextContent(
      'Tus cuotas pendientes se sustituyen por 3 cuotas nuevas. Pagarás 1.013,25 € en total, la primera cuota el 24/12/2026.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts()).toHaveLength(0);
  });

  it('a plan that changed since it was read: the message, and «Ver el nuevo plan» loads it again to be accepted anew', async () => {
    api.restructure = [businessError('RestructurePlanChanged')];
    const user = userEvent.setup();
    await open();
    await acceptAndConfirm(user);
    expect(
      await screen.findByText(
        'El plan del Pago Flexible ha cambiado desde que lo consultaste. No se ha cambiado nada: revisa el nuevo plan antes de aceptarlo.',
      ),
    ).toBeInTheDocument();
    api.plan = (response) =>
      json(response, 200, {
        data: {
          ...PLAN,
          totalPayment: 1020,
          preContractInformation: { ...PLAN.preContractInformation, digest: 'b'.repeat(64) },
        },
      });
    await user.click(screen.getByRole('button', { name: 'Ver el nuevo plan' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Resumen' })).getByText('Total a pagar').nextElementSibling,
      ).toHaveTextContent('1.020,00 €'),
    );
    expect(acceptBox()).not.toBeChecked();
    api.restructure = [done];
    await acceptAndConfirm(user);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(JSON.parse(posts()[1]!.body.toString()).preContractDigest).toBe('b'.repeat(64));
  });
});

describe('route wiring (src/app/route-pages.ts)', () => {
  it('restructure has its own page, loaded on demand', async () => {
    const { hasOwnPage, preloadPage } = await import('../../../../src/app/route-pages.ts');
    expect(hasOwnPage('restructure')).toBe(true);
    await expect(preloadPage('restructure')).resolves.toBeUndefined();
  });
});
