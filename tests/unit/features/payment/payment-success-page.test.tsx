import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { currentSession } from '../../../../src/lib/session/session.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { formatIsoDate } from '../../../../src/shared/calendar.ts';
import type { Cents } from '../../../../src/shared/money.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore } from '../cards/cards-harness.tsx';
import { day, paymentStatus, renderPayment, where, wireLoan } from './payment-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /payment/success/:paidType? (query loanId, paymentId): what was paid, what remains, the next date. */

let server: TestServer;
let store: AppStore;
let api: {
  loans: unknown[];
  status: Array<(response: ServerResponse) => void>;
  failLoans: boolean;
  /** CustomerReviewLinkPost loses its connection while true. */
  reviewDown: boolean;
  /** What MemberDetailsGet answers. */
  member: ReturnType<typeof memberDetails>;
};

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  if (path === '/api/loan/customerAllLoans') {
    return api.failLoans ? json(response, 500, {}) : json(response, 200, { data: api.loans });
  }
  if (path === '/api/loan/checkstatus') {
    const next = api.status.length > 1 ? api.status.shift() : api.status[0];
    return next ? next(response) : json(response, 404, { errors: [] });
  }
  if (path === '/api/membership/memberDetails') {
    return json(response, 200, { data: { memberDetails: api.member } });
  }
  if (path === '/api/communication/customerReviewLink') {
    if (api.reviewDown) return response.socket?.destroy();
    return json(response, 200, { data: 'http://127.0.0.1/sandbox/review/AAAAAAAAAAAAAAAAAAAAAAAA' });
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
  api = {
    loans: [],
    status: [paymentStatus('success')],
    failLoans: false,
    reviewDown: false,
    member: memberDetails({ id: 6, status: 'securityChecked', hasActiveLoan: true }),
  };
  store = await newStore(server, memberDetails({ id: 6, status: 'securityChecked', hasActiveLoan: true }));
});
afterEach(cleanup);

const open = (path = '/payment/success/firstNotPaidInstallment?loanId=42&paymentId=501') =>
  renderPayment(store, path, { withSuccessPage: true });
const reviewLinks = () => server.requests.filter((request) => request.url === '/api/communication/customerReviewLink');
const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('payment success page', () => {
  it('shows the amount paid, the option in Spanish, what remains and the next instalment date', async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago realizado!' })).toBeInTheDocument();
    await screen.findByText('Has pagado');
    expect(figure('Has pagado')).toBe('100,10\u00a0€');
    expect(figure('Concepto')).toBe('Pago de la cuota');
    expect(figure('Te queda por pagar')).toBe('200,20\u00a0€');
    expect(figure('Próxima cuota')).toBe(formatIsoDate(day(25)));
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/loan/checkstatus?paymentId=501',
      '/api/loan/customerAllLoans',
    ]);
  });

  it("a loan paid off reads 'Préstamo pagado' and has no next date", async () => {
    api.loans = [wireLoan([-5, 25], { paidCount: 2, status: 'repaid' })];
    api.status = [paymentStatus('success', 250.5)];
    await open('/payment/success/closeLoan?loanId=42&paymentId=501');
    await screen.findByText('Te queda por pagar');
    expect(figure('Has pagado')).toBe('250,50\u00a0€');
    expect(figure('Concepto')).toBe('Pago Total Préstamo');
    expect(figure('Te queda por pagar')).toBe('Préstamo pagado');
    expect(screen.queryByText('Próxima cuota')).not.toBeInTheDocument();
    // The payment repaid the loan: the invitation to review it (CustomerReviewLinkPost for loan-42).
    const invitation = await screen.findByRole('complementary', { name: '¿Qué tal tu experiencia?' });
    expect(invitation).toHaveTextContent('Dejar mi opinión');
    const review = server.requests.find((request) => request.url === '/api/communication/customerReviewLink');
    expect(JSON.parse(review!.body.toString())).toEqual({ customerId: 6, reviewUniqueRef: 'loan-42' });
  });

  it("a payment that repaid the loan reads the customer's details again: no active loan, the limits grown (header)", async () => {
    api.loans = [wireLoan([-5, 25], { paidCount: 2, status: 'repaid' })];
    api.member = memberDetails({
      id: 6,
      status: 'securityChecked',
      hasActiveLoan: false,
      customerCreditLimit: 3500 as Cents,
      miniCreditLimit: 400 as Cents,
    });
    await open('/payment/success/closeLoan?loanId=42&paymentId=501');
    await screen.findByText('Te queda por pagar');
    await waitFor(() =>
      expect(currentSession(store)?.memberDetails).toMatchObject({
        hasActiveLoan: false,
        customerCreditLimit: 350_000,
        miniCreditLimit: 40_000,
      }),
    );
  });

  it("a payment that leaves the loan running does not read the customer's details again", async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open();
    await screen.findByText('Te queda por pagar');
    expect(server.requests.map((request) => request.url)).not.toContain('/api/membership/memberDetails');
    expect(currentSession(store)?.memberDetails.hasActiveLoan).toBe(true);
  });

  it('a review link lost for lack of connection is asked again when the connection comes back', async () => {
    api.loans = [wireLoan([-5, 25], { paidCount: 2, status: 'repaid' })];
    api.status = [paymentStatus('success', 250.5)];
    api.reviewDown = true;
    await open('/payment/success/closeLoan?loanId=42&paymentId=501');
    await waitFor(() => expect(reviewLinks()).toHaveLength(1));
    api.reviewDown = false;
    // The connection goes and comes back until the failed load has seen it (once it has, it loads again once).
    const invitation = () => screen.queryByRole('complementary', { name: '¿Qué tal tu experiencia?' });
    for (let round = 0; round < 50 && !invitation(); round += 1) {
      act(() => store.set(onlineAtom, false));
      act(() => store.set(onlineAtom, true));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(invitation()).toHaveTextContent('Dejar mi opinión');
    expect(reviewLinks()).toHaveLength(2);
  });

  it('a payment that leaves the loan running has no review invitation', async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open();
    await screen.findByText('Te queda por pagar');
    expect(screen.queryByRole('complementary', { name: '¿Qué tal tu experiencia?' })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.url.includes('customerReviewLink'))).toBe(false);
  });

  it('a payment still pending is polled until it is settled, then the loan is read', async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    api.status = [paymentStatus('pending'), paymentStatus('success')];
    await open();
    expect(screen.getByRole('progressbar', { name: 'Estamos confirmando tu pago con tu banco…' })).toBeInTheDocument();
    await screen.findByText('Te queda por pagar', {}, { timeout: 5000 });
    const checks = server.requests.filter((request) => request.url.startsWith('/api/loan/checkstatus'));
    expect(checks).toHaveLength(2);
  });

  it('without paymentId (the direct transfer widget’s success) it shows the option and the loan after', async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open('/payment/success/firstNotPaidInstallment?loanId=42');
    await screen.findByText('Te queda por pagar');
    expect(screen.queryByText('Has pagado')).not.toBeInTheDocument();
    expect(figure('Concepto')).toBe('Pago de la cuota');
    expect(figure('Te queda por pagar')).toBe('200,20\u00a0€');
    expect(server.requests.map((request) => request.url)).toEqual(['/api/loan/customerAllLoans']);
  });

  it('a failed payment says so with its message', async () => {
    api.loans = [wireLoan([-5, 25, 55])];
    api.status = [paymentStatus('failed', 100.1, 'Fondos insuficientes.')];
    await open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'El pago no se ha podido realizar.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Fondos insuficientes.');
  });

  it("'Volver a mi área de clientes' goes to the dashboard", async () => {
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Volver a mi área de clientes' }));
    expect(where()).toBe('/dashboard');
  });

  it('a load failure offers Reintentar', async () => {
    api.failLoans = true;
    api.loans = [wireLoan([-5, 25, 55], { paidCount: 1 })];
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar los datos de tu pago.');
    api.failLoans = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(figure('Te queda por pagar')).toBe('200,20\u00a0€'));
  });
});
