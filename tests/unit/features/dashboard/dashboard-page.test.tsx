import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage.tsx';
import { loanDebtCents } from '../../../../src/features/dashboard/loan-summary.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { loanSchema } from '../../../../src/shared/api/loan.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import type { LoanStatus } from '../../../../src/shared/statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage, where } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The dashboard's credit summary (second document §2, §3, §4) against a local server standing in for the API. */

const today = todayInMadrid();
const day = (offset: number) => addDaysIso(today, offset);

interface WireInstallment {
  id: number;
  status: string;
  expectedDate: string;
  totalPayment: number;
  initialBase: number;
  initialCalculatedInterest: number;
  payments: { type: string; amount: number; paymentSource: string; paymentDate: string }[];
}

/** A 3 x 100,10 € loan on the wire (euros): dates at `offsets` days from today, the first `paidCount` paid. */
function wireLoan(status: LoanStatus, offsets: readonly number[], paidCount = 0, id = 42) {
  const installments: WireInstallment[] = offsets.map((offset, index) => ({
    id: id * 100 + index,
    status: index < paidCount ? 'paid' : 'notPaid',
    expectedDate: day(offset),
    totalPayment: 100.1,
    initialBase: 83.34,
    initialCalculatedInterest: 16.76,
    payments: [],
  }));
  return {
    id,
    loanAmount: 250,
    createdDate: day(-40),
    status,
    earlyClosureAmount: 0,
    installments,
    initialPayment: 100.1,
    firstRepaymentDate: day(offsets[0] ?? 0),
    overdueDay: 0,
    isRestructured: false,
    toAccountId: 7,
  };
}

let server: TestServer;
let store: AppStore;
let loans: unknown[];
let failing: boolean;

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url.startsWith('/api/loan/customerLoansByStatus')) {
    if (failing) return json(response, 500, {});
    return json(response, 200, { data: loans });
  }
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  loans = [];
  failing = false;
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
});
afterEach(cleanup);

const open = () => renderPage(store, '/dashboard', <DashboardPage />, '/dashboard');
const summary = async () => screen.findByRole('region', { name: 'TU DEUDA ACTUAL' });

describe('dashboard: loading', () => {
  it('asks for every open loan status, one repeated statuses parameter each', async () => {
    await open();
    await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' });
    const url = new URL(server.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/loan/customerLoansByStatus');
    expect(url.searchParams.getAll('statuses')).toEqual([
      'requested',
      'agreementAssigned',
      'transferRequested',
      'transferPending',
      'queued',
      'issued',
      'arranged',
    ]);
  });

  it('shows a spinner with an accessible name while the loans load', async () => {
    server.handler = () => undefined; // never answers
    await open();
    expect(screen.getByRole('progressbar', { name: 'Cargando tu préstamo' })).toBeInTheDocument();
  });

  it('a load failure says so in Spanish; Reintentar loads again and shows the summary', async () => {
    failing = true;
    loans = [wireLoan('issued', [10, 40, 70])];
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hemos podido cargar tu préstamo.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await summary()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('dashboard: the credit summary', () => {
  it('the debt is the sum of what remains unpaid of the instalments, in cents (2 x 100,10 € + 60,05 € left)', async () => {
    const loan = wireLoan('issued', [-20, 10, 40, 70], 1);
    const last = loan.installments[3] as WireInstallment;
    last.payments = [{ type: 'card', amount: 40.05, paymentSource: 'card', paymentDate: `${day(-1)}T10:00:00.000Z` }];
    loans = [loan];
    expect(loanDebtCents(loanSchema.parse(loan))).toBe(26_025);
    await open();
    const card = await summary();
    expect(within(card).getByText('260,25 €')).toBeInTheDocument();
    expect(within(card).getByText('250,00 €')).toBeInTheDocument();
    expect(within(card).getByText('1 de 4 pagadas')).toBeInTheDocument();
    expect(within(card).getByText(formatIsoDate(day(10)))).toBeInTheDocument();
    expect(within(card).getByText('Próximo pago')).toBeInTheDocument();
  });

  it.each([
    ['issued', [5, 35], 'Activo'],
    ['arranged', [5, 35], 'Pendiente'],
    ['agreementAssigned', [20, 50], 'En proceso'],
    ['requested', [20, 50], 'En espera'],
    ['transferPending', [20, 50], 'En espera'],
    ['queued', [20, 50], 'En espera'],
    ['issued', [-1, 29], 'No pagado'],
    ['arranged', [-3, 27], 'No pagado'],
    ['issued', [0, 30], 'Activo'],
  ] as const)('a %s loan with instalments at %j days shows the label %s', async (status, offsets, label) => {
    loans = [wireLoan(status, offsets)];
    await open();
    const card = await summary();
    expect(within(card).getByText('Estado').nextElementSibling).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it('an overdue loan lists the missed date and the next one', async () => {
    loans = [wireLoan('issued', [-1, 29, 59])];
    await open();
    const card = await summary();
    expect(within(card).getByText('Próximos pagos').nextElementSibling).toHaveTextContent(
      `${formatIsoDate(day(-1))}, ${formatIsoDate(day(29))}`,
    );
  });

  it('agreementAssigned: the money is on its way; requested: the request is being processed', async () => {
    loans = [wireLoan('agreementAssigned', [20, 50])];
    await open();
    expect(within(await summary()).getByRole('note')).toHaveTextContent(
      'Tu dinero está en camino. Lo recibirás en tu cuenta bancaria en unos minutos.',
    );
    cleanup();
    loans = [wireLoan('requested', [20, 50])];
    await open();
    expect(within(await summary()).getByRole('note')).toHaveTextContent(/^Estamos procesando tu solicitud\./);
  });

  it('an issued loan has no note and none of the next issues controls (Pagar, Prórroga, Pago Flexible, Ver contrato)', async () => {
    loans = [wireLoan('issued', [5, 35])];
    await open();
    const card = await summary();
    expect(within(card).queryByRole('note')).not.toBeInTheDocument();
    for (const name of [/Pagar/, 'Prórroga', 'Pago Flexible', 'Ver contrato', '¿Problemas con un reembolso?'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it("'Ver detalles' shows each instalment (date, amount, base, interest, status); 'Ver menos' hides them", async () => {
    loans = [wireLoan('issued', [-20, -1, 29], 1)];
    await open();
    const card = await summary();
    const user = userEvent.setup();
    expect(screen.queryByRole('list', { name: 'Tus cuotas' })).not.toBeInTheDocument();
    const toggle = within(card).getByRole('button', { name: 'Ver detalles' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = screen.getByRole('list', { name: 'Tus cuotas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Cuota 1' })).toBeInTheDocument();
    expect(first).toHaveTextContent(formatIsoDate(day(-20)));
    expect(first).toHaveTextContent('100,10 €');
    expect(first).toHaveTextContent('Capital83,34 €');
    expect(first).toHaveTextContent('Intereses16,76 €');
    expect(first).toHaveTextContent('Estado de la cuotaPagada');
    expect(second).toHaveTextContent('Estado de la cuotaNo pagada');
    expect(third).toHaveTextContent('Estado de la cuotaPendiente');
    const less = within(card).getByRole('button', { name: 'Ver menos' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(screen.queryByRole('list', { name: 'Tus cuotas' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ver detalles' })).toBeInTheDocument();
  });

  it('with several open loans the running one is summarised', async () => {
    loans = [wireLoan('requested', [20, 50], 0, 50), wireLoan('issued', [5, 35], 0, 42)];
    await open();
    expect(within(await summary()).getByText('Estado').nextElementSibling).toHaveTextContent('Activo');
    expect(screen.getAllByRole('region', { name: 'TU DEUDA ACTUAL' })).toHaveLength(1);
  });
});

describe('dashboard: no open loan', () => {
  it('explains it and links to the loan request (the loan call-to-action by status)', async () => {
    store = await newStore(server, memberDetails({ id: 4, status: 'systemApproved' }));
    await open();
    expect(await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/loan-request');
    expect(screen.queryByRole('region', { name: 'TU DEUDA ACTUAL' })).not.toBeInTheDocument();
  });

  it('a collection customer (who cannot request a loan) gets no link back to the dashboard itself', async () => {
    store = await newStore(server, memberDetails({ id: 8, status: 'externalCollection' }));
    await open();
    expect(await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Solicita tu préstamo' })).not.toBeInTheDocument();
  });

  it('a declined customer is sent to /dashboard/declined', async () => {
    store = await newStore(server, memberDetails({ id: 7, status: 'declined' }));
    await open();
    await waitFor(() => expect(where()).toBe('/dashboard/declined'));
  });
});
