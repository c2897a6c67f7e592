import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../src/app/shell/Header.tsx';
import { onlineAtom } from '../../../src/lib/pwa/network-status.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import { addDaysIso } from '../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../src/shared/madrid-today.ts';
import { newStore } from '../features/cards/cards-harness.tsx';
import { memberDetails } from '../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../lib/api/test-server.ts';

vi.setConfig({ testTimeout: 30_000 });

/** The shell's loan pieces (issue 13): the header's pay shortcut and the side menu's credit balance, one loan data. */

const today = todayInMadrid();

function wireLoan(id: number, status: string, installments: ReadonlyArray<[offset: number, paid: boolean]>) {
  return {
    id,
    loanAmount: 250,
    createdDate: addDaysIso(today, -40),
    status,
    earlyClosureAmount: 200.2,
    installments: installments.map(([offset, paid], index) => ({
      id: id * 100 + index,
      status: paid ? 'paid' : 'notPaid',
      expectedDate: addDaysIso(today, offset),
      totalPayment: 100.1,
      initialBase: 83.34,
      initialCalculatedInterest: 16.76,
      payments: [],
    })),
    initialPayment: 100.1,
    firstRepaymentDate: addDaysIso(today, installments[0]?.[0] ?? 0),
    overdueDay: 0,
    isRestructured: false,
    toAccountId: 7,
  };
}

let server: TestServer;
let store: AppStore;
let loans: unknown[];

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url === '/api/loan/customerAllLoans') return json(response, 200, { data: loans });
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  server.handler = handle;
  loans = [];
});
afterEach(cleanup);

async function renderHeader(hasActiveLoan: boolean) {
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked', hasActiveLoan }));
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Header />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
  });
}

const loanRequests = () => server.requests.filter((request) => request.url === '/api/loan/customerAllLoans');

describe("the header's pay shortcut", () => {
  it("goes to the earliest payable instalment's payment page", async () => {
    loans = [
      wireLoan(42, 'issued', [
        [-20, true],
        [10, false],
        [40, false],
      ]),
      wireLoan(30, 'repaid', [[-50, true]]),
    ];
    await renderHeader(true);
    const link = await screen.findByRole('link', { name: 'Pagar tu cuota de 100,10\u00a0€' });
    expect(link).toHaveAttribute('href', '/payment/pay/debit-card/42/4201?paymentOption=firstNotPaidInstallment');
    expect(link).toHaveTextContent(/^Pagar$/);
  });

  it('offline it is a disabled button saying why, as the dashboard card is; back online it is the link again', async () => {
    loans = [wireLoan(42, 'issued', [[10, false]])];
    await renderHeader(true);
    await screen.findByRole('link', { name: /^Pagar tu cuota/ });
    act(() => store.set(onlineAtom, false));
    const button = await screen.findByRole('button', { name: 'Pagar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sin conexión: no puedes pagar ahora.');
    expect(screen.queryByRole('link', { name: /^Pagar tu cuota/ })).not.toBeInTheDocument();
    act(() => store.set(onlineAtom, true));
    expect(await screen.findByRole('link', { name: /^Pagar tu cuota/ })).toBeInTheDocument();
  });

  it('is not shown when nothing is payable', async () => {
    loans = [
      wireLoan(42, 'issued', [
        [-20, true],
        [10, true],
      ]),
    ];
    await renderHeader(true);
    await waitFor(() => expect(loanRequests()).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: /^Pagar tu cuota/ })).not.toBeInTheDocument();
  });

  it('a customer without an active loan: no shortcut and no loan request', async () => {
    loans = [wireLoan(42, 'issued', [[10, false]])];
    await renderHeader(false);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: /^Pagar tu cuota/ })).not.toBeInTheDocument();
    expect(loanRequests()).toHaveLength(0);
  });
});

describe("the side menu's credit balance", () => {
  it('shows what the running loans owe, from the same loans the header read (one request)', async () => {
    loans = [
      wireLoan(42, 'issued', [
        [-20, true],
        [10, false],
        [40, false],
      ]),
      wireLoan(43, 'arranged', [[5, false]]),
      wireLoan(30, 'repaid', [[-50, true]]),
    ];
    await renderHeader(true);
    await screen.findByRole('link', { name: /^Pagar tu cuota/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menú' });
    expect(within(dialog).getByText('Tu deuda actual').parentElement).toHaveTextContent('Tu deuda actual 300,30 €');
    expect(loanRequests()).toHaveLength(1);
  });
});
