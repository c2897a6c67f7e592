import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CreditHistoryPage from '../../../../src/features/credit-history/CreditHistoryPage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import type { LoanStatus } from '../../../../src/shared/loan-statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage } from '../cards/cards-harness.tsx';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /credit-history: every loan (CustomerAllLoansGet), newest first, with its instalments and payments. */

const today = todayInMadrid();
const day = (offset: number) => addDaysIso(today, offset);

interface WirePayment {
  type: string;
  amount: number;
  paymentSource: string;
  paymentDate: string;
}

/** A loan on the wire (euros): instalments of 100,10 € at `offsets` days from today, with the given statuses. */
function wireLoan(
  id: number,
  status: LoanStatus,
  createdOffset: number,
  installments: readonly { offset: number; status: string; payments?: WirePayment[] }[],
  loanAmount = 250,
) {
  return {
    id,
    loanAmount,
    createdDate: day(createdOffset),
    status,
    earlyClosureAmount: 0,
    installments: installments.map((installment, index) => ({
      id: id * 100 + index,
      status: installment.status,
      expectedDate: day(installment.offset),
      totalPayment: 100.1,
      initialBase: 83.34,
      initialCalculatedInterest: 16.76,
      payments: installment.payments ?? [],
    })),
    initialPayment: 100.1,
    firstRepaymentDate: day(installments[0]?.offset ?? 0),
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
  if (request.url === '/api/loan/customerAllLoans') {
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

const open = () => renderPage(store, '/credit-history', <CreditHistoryPage />, '/credit-history');
const loanItems = async () =>
  within(await screen.findByRole('list', { name: 'Tus préstamos' }))
    .getAllByRole('article')
    .map((article) => article);

/** axe-core's rules that jsdom can judge (no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

describe('credit history', () => {
  it('lists every loan newest first with amount, dates and the §4 label, the synthetic No pagado included', async () => {
    loans = [
      wireLoan(10, 'repaid', -400, [{ offset: -370, status: 'paid' }], 500),
      wireLoan(30, 'issued', -40, [{ offset: -5, status: 'notPaid' }], 2500),
      wireLoan(20, 'cancelled', -200, [], 300),
      wireLoan(25, 'issued', -100, [{ offset: 20, status: 'notPaid' }], 1000),
    ];
    await open();
    const articles = await loanItems();
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Préstamo de 2.500,00\u00a0€No pagado',
      'Préstamo de 1.000,00\u00a0€Activo',
      'Préstamo de 300,00\u00a0€Cancelado',
      'Préstamo de 500,00\u00a0€Pagado',
    ]);
    const newest = articles[0]!;
    expect(newest).toHaveTextContent(`Fecha de solicitud${formatIsoDate(day(-40))}`);
    expect(newest).toHaveTextContent(`Primer pago${formatIsoDate(day(-5))}`);
    expect(newest).toHaveTextContent('EstadoNo pagado');
  });

  it('shows each instalment (date, amount, status) and its payments with the source in Spanish', async () => {
    loans = [
      wireLoan(30, 'issued', -70, [
        {
          offset: -40,
          status: 'paid',
          payments: [
            {
              type: 'firstNotPaidInstallment',
              amount: 60,
              paymentSource: 'debit-card',
              paymentDate: '2026-01-10T10:00:00.000Z',
            },
            {
              type: 'firstNotPaidInstallment',
              amount: 40.1,
              paymentSource: 'bank-transfer',
              paymentDate: '2026-01-12T23:30:00.000Z',
            },
          ],
        },
        {
          offset: -10,
          status: 'paid',
          payments: [
            {
              type: 'closeLoan',
              amount: 100.1,
              paymentSource: 'direct-transfer',
              paymentDate: '2026-02-01T08:00:00.000Z',
            },
          ],
        },
        {
          offset: -2,
          status: 'notPaid',
          payments: [
            {
              type: 'rolloverFee',
              amount: 16.76,
              paymentSource: 'debit-card',
              paymentDate: '2026-02-03T09:00:00.000Z',
            },
          ],
        },
        { offset: 25, status: 'notPaid' },
      ]),
    ];
    await open();
    const [loan] = await loanItems();
    const installments = within(within(loan!).getByRole('list', { name: 'Cuotas del préstamo de 250,00\u00a0€' }))
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('history-installment'));
    expect(installments).toHaveLength(4);
    expect(installments[0]).toHaveTextContent(
      `Cuota 1Fecha${formatIsoDate(day(-40))}Importe100,10 €Estado de la cuotaPagada`,
    );
    const payments = within(installments[0]!).getByRole('list', { name: 'Pagos' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '10/01/2026 · 60,00\u00a0€ · Tarjeta',
      // 23:30 UTC on 12 January is already the 13th in Madrid.
      '13/01/2026 · 40,10\u00a0€ · Transferencia bancaria',
    ]);
    expect(within(installments[1]!).getByRole('list', { name: 'Pagos' })).toHaveTextContent(
      '01/02/2026 · 100,10 € · Transferencia inmediata',
    );
    expect(installments[2]).toHaveTextContent('Estado de la cuotaNo pagada');
    // A rollover's payment is named as the contract and the rollover page name it: interest, not a fee.
    expect(within(installments[2]!).getByRole('list', { name: 'Pagos' })).toHaveTextContent(
      '03/02/2026 · 16,76 € · Intereses de prórroga · Tarjeta',
    );
    expect(installments[3]).toHaveTextContent('Estado de la cuotaPendiente');
  });

  it('has no accessibility violations axe can see in jsdom', async () => {
    loans = [
      wireLoan(30, 'issued', -70, [
        {
          offset: -40,
          status: 'paid',
          payments: [
            { type: 'closeLoan', amount: 100.1, paymentSource: 'debit-card', paymentDate: '2026-01-10T10:00:00.000Z' },
          ],
        },
        { offset: 10, status: 'notPaid' },
      ]),
      wireLoan(10, 'repaid', -400, [{ offset: -370, status: 'paid' }]),
    ];
    await open();
    await loanItems();
    expect(await axeViolations()).toEqual([]);
  });

  it('a customer without loans sees how to get one', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'Todavía no tienes préstamos' })).toBeInTheDocument();
    // securityChecked without a stored loan flow: the loan call-to-action is the loan request.
    expect(screen.getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/loan-request');
    expect(screen.queryByRole('list', { name: 'Tus préstamos' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading; a failure says so and Reintentar loads again', async () => {
    server.handler = () => undefined; // never answers
    await open();
    expect(screen.getByRole('progressbar', { name: 'Cargando tus préstamos' })).toBeInTheDocument();
    cleanup();
    server.handler = handle;
    failing = true;
    loans = [wireLoan(30, 'repaid', -70, [{ offset: -40, status: 'paid' }])];
    // Another session's store: the first one still waits for the answer that never comes.
    store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hemos podido cargar tus préstamos.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await loanItems()).toHaveLength(1);
  });
  it('offline it shows the loans it had with their age, as the dashboard does (issue 23 §7: it failed before)', async () => {
    loans = [wireLoan(30, 'repaid', -70, [{ offset: -40, status: 'paid' }])];
    await open();
    expect(await loanItems()).toHaveLength(1);
    cleanup();
    // Offline now (the next load fails as a lost connection would): the kept loans, with their age and why.
    act(() => store.set(onlineAtom, false));
    failing = true;
    await open();
    expect(await loanItems()).toHaveLength(1);
    expect(screen.getByText(/Sin conexión: te mostramos tus préstamos/).closest('[role="status"]')).toHaveTextContent(
      'Datos de hace menos de 1 minSin conexión: te mostramos tus préstamos tal como estaban.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed load with loans kept shows them with the reason and Reintentar', async () => {
    loans = [wireLoan(30, 'repaid', -70, [{ offset: -40, status: 'paid' }])];
    await open();
    await loanItems();
    cleanup();
    failing = true;
    await open();
    const note = (await screen.findByText(/No hemos podido actualizar tus préstamos/)).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(note).toHaveTextContent('No hemos podido actualizar tus préstamos: te mostramos los últimos datos.');
    expect(await loanItems()).toHaveLength(1);
    failing = false;
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText(/No hemos podido actualizar/)).not.toBeInTheDocument());
  });
});
