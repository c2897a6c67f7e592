import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage.tsx';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, newStore, renderPage } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** 'Desistir del contrato' on the dashboard (issue 14): the link while eligible, the modal, the notice after it. */

const today = todayInMadrid();
const day = (offset: number) => addDaysIso(today, offset);

const loan = (status = 'issued') => ({
  id: 42,
  loanAmount: 300,
  createdDate: day(-3),
  status,
  earlyClosureAmount: 306.3,
  installments: [
    {
      id: 4200,
      status: status === 'repaid' ? 'paid' : 'notPaid',
      expectedDate: day(27),
      totalPayment: 363,
      initialBase: 300,
      initialCalculatedInterest: 63,
      payments: [],
    },
  ],
  initialPayment: 363,
  firstRepaymentDate: day(27),
  overdueDay: 27,
  isRestructured: false,
  toAccountId: 7,
});

const quote = (overrides: Record<string, unknown> = {}) => ({
  loanId: 42,
  eligible: true,
  issueDate: day(-3),
  deadline: day(11),
  principal: 300,
  interest: 6.3,
  amount: 306.3,
  dailyInterest: 2.1,
  withdrawal: null,
  ...overrides,
});

const NOTICE_AT = `${today}T09:30:00.000Z`;
const recorded = () =>
  quote({ withdrawal: { requestedAt: NOTICE_AT, amount: 306.3, repayBy: day(30), status: 'requested' } });

type Respond = (response: ServerResponse) => void;
const dropped: Respond = (response) => response.socket?.destroy();

let server: TestServer;
let store: AppStore;
let getQuote: Respond;
let posts: Respond[];

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url.startsWith('/api/loan/customerAllLoans')) return json(response, 200, { data: [loan()] });
  if (request.url === '/api/loan/desistContract?loanId=42' && request.method === 'GET') return getQuote(response);
  if (request.url === '/api/loan/desistContract' && request.method === 'POST') {
    const next = posts.shift() ?? ((r: ServerResponse) => json(r, 500, {}));
    return next(response);
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
  getQuote = (response) => json(response, 200, { data: quote() });
  posts = [(response) => json(response, 200, { data: recorded() })];
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
});
afterEach(cleanup);

const open = () => renderPage(store, '/dashboard', <DashboardPage />, '/dashboard');
const summary = () => screen.findByRole('region', { name: /^TU DEUDA ACTUAL/ });
const quotesSeen = () =>
  server.requests.filter((request) => request.method === 'GET' && request.url === '/api/loan/desistContract?loanId=42');
const postsSeen = () =>
  server.requests.filter((request) => request.method === 'POST' && request.url === '/api/loan/desistContract');

describe('dashboard: Desistir del contrato', () => {
  it('while eligible: the link opens the amount, the daily interest, the last day and how to pay', async () => {
    const user = userEvent.setup();
    await open();
    const card = await summary();
    await user.click(await within(card).findByRole('button', { name: 'Desistir del contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir del contrato' });
    expect(dialog).toHaveTextContent(`Tu último día para desistir es el ${formatIsoDate(day(11))}.`);
    expect(within(dialog).getByText('Capital recibido').nextSibling).toHaveTextContent('300,00 €');
    expect(within(dialog).getByText('Intereses hasta hoy').nextSibling).toHaveTextContent('6,30 €');
    expect(within(dialog).getByTestId('withdrawal-amount')).toHaveTextContent('306,30 €');
    expect(within(dialog).getByText('Intereses por día').nextSibling).toHaveTextContent('2,10 €');
    expect(within(dialog).getByRole('link', { name: 'Pagar con tarjeta' })).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42?paymentOption=closeLoan',
    );
    expect(within(dialog).getByRole('link', { name: 'Pagar por transferencia' })).toHaveAttribute(
      'href',
      '/payment/pay/bank-transfer/42?paymentOption=closeLoan',
    );
    expect(postsSeen()).toHaveLength(0);
  });

  it('confirming records it (one Idempotency-Key), reloads the loans and shows the notice with the amount', async () => {
    const user = userEvent.setup();
    await open();
    const card = await summary();
    await user.click(await within(card).findByRole('button', { name: 'Desistir del contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir del contrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistimiento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = postsSeen();
    expect(JSON.parse(post!.body.toString())).toEqual({ loanId: 42 });
    expect(post!.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(await screen.findByText('Hemos registrado tu desistimiento del contrato.')).toBeInTheDocument();
    const notice = within(card).getByRole('note', { name: 'Has desistido del contrato' });
    expect(notice).toHaveTextContent(
      `Nos lo comunicaste el ${formatIsoDate(today)}. Devuelve 306,30 € antes del ${formatIsoDate(day(30))}.`,
    );
    expect(within(notice).getByRole('link', { name: 'Pagar con tarjeta' })).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42?paymentOption=closeLoan',
    );
    expect(within(card).queryByRole('button', { name: 'Desistir del contrato' })).toBeNull();
    await waitFor(() =>
      expect(server.requests.filter((request) => request.url === '/api/loan/customerAllLoans')).toHaveLength(2),
    );
  });

  it('a lost answer keeps the key: the next press sends the same one', async () => {
    posts = [dropped, dropped, dropped, (response) => json(response, 200, { data: recorded() })];
    const user = userEvent.setup();
    await open();
    const card = await summary();
    await user.click(await within(card).findByRole('button', { name: 'Desistir del contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir del contrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistimiento' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'No hemos recibido respuesta.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistimiento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keys = new Set(postsSeen().map((request) => request.headers['idempotency-key']));
    expect(postsSeen()).toHaveLength(4);
    expect(keys.size).toBe(1);
  });

  it('a refusal (the 14 days are over) shows the catalogue message and a new press gets a new key', async () => {
    posts = [businessError('WithdrawalNotAllowed'), businessError('WithdrawalNotAllowed')];
    const user = userEvent.setup();
    await open();
    const card = await summary();
    await user.click(await within(card).findByRole('button', { name: 'Desistir del contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir del contrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistimiento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El plazo de 14 días para desistir del contrato ha terminado o el préstamo no lo permite.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistimiento' }));
    await waitFor(() => expect(postsSeen()).toHaveLength(2));
    const [first, second] = postsSeen();
    expect(first!.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
  });

  it('outside the 14 days (or when the quote cannot be loaded) there is no link', async () => {
    getQuote = (response) => json(response, 200, { data: quote({ eligible: false, deadline: day(-1) }) });
    await open();
    const card = await summary();
    await waitFor(() => expect(server.requests.some((request) => request.url.includes('desistContract'))).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(within(card).queryByRole('button', { name: 'Desistir del contrato' })).toBeNull();
    cleanup();
    getQuote = (response) => json(response, 500, {});
    await open();
    const again = await summary();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(within(again).queryByRole('button', { name: 'Desistir del contrato' })).toBeNull();
  });

  it('a quote lost for lack of connection is asked again when the connection comes back: then the link', async () => {
    getQuote = dropped;
    await open();
    const card = await summary();
    await waitFor(() => expect(quotesSeen()).toHaveLength(1));
    getQuote = (response) => json(response, 200, { data: quote() });
    // The connection goes and comes back until the failed load has seen it (once it has, it loads again once).
    const link = () => within(card).queryByRole('button', { name: 'Desistir del contrato' });
    for (let round = 0; round < 50 && !link(); round += 1) {
      act(() => store.set(onlineAtom, false));
      act(() => store.set(onlineAtom, true));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link()).toBeInTheDocument();
    expect(quotesSeen()).toHaveLength(2);
  });

  it('a notice already given shows on the dashboard instead of the link', async () => {
    getQuote = (response) => json(response, 200, { data: recorded() });
    await open();
    const card = await summary();
    const notice = await within(card).findByRole('note', { name: 'Has desistido del contrato' });
    expect(notice).toHaveTextContent('Si lo devuelves más tarde, cada día suma 2,10 € de intereses.');
    expect(within(card).queryByRole('button', { name: 'Desistir del contrato' })).toBeNull();
  });
});
