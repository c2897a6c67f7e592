import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DirectTransferModal } from '../../../../../src/features/payment/transfer/index.ts';
import type { AppStore } from '../../../../../src/lib/storage/store.ts';
import { toCents } from '../../../../../src/shared/money.ts';
import { memberDetails } from '../../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../../lib/api/test-server.ts';
import { businessError, newStore, renderPage, where } from '../../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The direct transfer widget modal (second document §2, §4 events, §7.1, §8 "Widgets"; agreement 6) against a local
 * server standing in for the API.
 */

const WIDGET_ORIGIN = 'http://widget.test:4000';
const WIDGET_URL = `${WIDGET_ORIGIN}/sandbox/direct-transfer/widget?order=77`;

let server: TestServer;
let store: AppStore;
let orders: unknown[];
let init: (response: ServerResponse) => void;
let onClose: ReturnType<typeof vi.fn<() => void>>;

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api/inboundpayment/orders/unnax') return json(response, 200, { data: orders });
  if (path === '/api/inboundpayment/init/unnax') return init(response);
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  orders = [];
  init = (response) => json(response, 200, { data: { widgetUrl: WIDGET_URL } });
  onClose = vi.fn<() => void>();
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
});
afterEach(cleanup);

const PAGE = '/payment/pay/debit-card/42/4200?paymentOption=firstNotPaidInstallment';
const open = () =>
  renderPage(
    store,
    '/payment/pay/:paymentType/:loanId/:installmentId?',
    <DirectTransferModal
      loanId={42}
      amount={toCents(10010)}
      paymentOption="firstNotPaidInstallment"
      onClose={onClose}
    />,
    PAGE,
  );
const widget = () => screen.findByTitle('Pagar con transferencia inmediata');

/** A message posted to the app's window as the widget (or anyone else) would. */
function post(data: unknown, origin = WIDGET_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}
const event = (name: string, status: string | null = null) =>
  JSON.stringify({ source: 'unnax', event: name, status, orderId: '77' });

describe('direct transfer: opening the widget', () => {
  it('DirectTransferInitPost gets the amount, the loan, the absolute success and payment pages and a Spanish done message', async () => {
    await open();
    await widget();
    const request = server.requests.find((seen) => seen.url === '/api/inboundpayment/init/unnax');
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body.toString() ?? '{}')).toEqual({
      amount: 100.1,
      loanId: 42,
      successPage: `${window.location.origin}/payment/success/firstNotPaidInstallment?loanId=42`,
      errorPage: `${window.location.origin}${PAGE}`,
      doneMessage: 'Pago realizado. Ya puedes volver a Préstamo Rápido.',
    });
  });

  it('shows the widget URL in the full-width iframe with a spinner until it loads', async () => {
    await open();
    const frame = await widget();
    expect(frame).toHaveAttribute('src', WIDGET_URL);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => {
      frame.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('an order already authorised for this loan is shown instead of a second widget', async () => {
    orders = [
      { id: 9, loanId: 41, amount: 50, status: 'authorized', createdDate: '2026-11-20T09:00:00.000Z' },
      { id: 10, loanId: 42, amount: 80, status: 'completed', createdDate: '2026-11-21T09:00:00.000Z' },
      { id: 11, loanId: 42, amount: 100.1, status: 'authorized', createdDate: '2026-11-24T09:30:00.000Z' },
    ];
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Ya tienes una transferencia en curso' });
    expect(within(dialog).getByText(/Ya autorizaste/)).toHaveTextContent(
      'Ya autorizaste una transferencia de 100,10 € para este préstamo el 24/11/2026 10:30:00.',
    );
    expect(server.requests.some((seen) => seen.url === '/api/inboundpayment/init/unnax')).toBe(false);
    expect(screen.queryByTitle('Pagar con transferencia inmediata')).not.toBeInTheDocument();
  });

  it('an authorised order of another loan does not stop the widget', async () => {
    orders = [{ id: 9, loanId: 41, amount: 50, status: 'authorized', createdDate: '2026-11-20T09:00:00.000Z' }];
    await open();
    expect(await widget()).toHaveAttribute('src', WIDGET_URL);
  });

  it("no widgetUrl in the answer → 'Ha ocurrido un error. Por favor, inténtalo de nuevo.'", async () => {
    init = (response) => json(response, 200, { data: {} });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ha ocurrido un error. Por favor, inténtalo de nuevo.');
  });

  it("terms not accepted → 'Debe aceptar los términos y condiciones.'", async () => {
    init = businessError('TermsNotAccepted');
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Debe aceptar los términos y condiciones.');
  });

  it("a blocked account at start → 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.'", async () => {
    init = businessError('WidgetAccountBlocked');
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
    );
  });
});

describe('direct transfer: widget messages', () => {
  it('forwards only messages from the widget origin that mention unnax', async () => {
    await open();
    await widget();
    post(event('payment', 'success'), 'http://evil.test'); // wrong origin
    post(JSON.stringify({ source: 'other', event: 'payment', status: 'success' })); // no 'unnax'
    post({ event: 'payment', status: 'success' }); // an object without 'unnax'
    post('not json, but unnax'); // mentions it, but says no event
    expect(screen.queryByTestId('where')).not.toBeInTheDocument(); // still on the payment page: no navigation
    expect(await widget()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('payment success → /payment/success/<option>?loanId=…', async () => {
    await open();
    await widget();
    post(event('payment', 'success'));
    await waitFor(() => expect(where()).toBe('/payment/success/firstNotPaidInstallment?loanId=42'));
  });

  it('accepts the event as an object mentioning unnax too', async () => {
    await open();
    await widget();
    post({ source: 'unnax', event: 'payment', status: 'success', orderId: '77' });
    await waitFor(() => expect(where()).toBe('/payment/success/firstNotPaidInstallment?loanId=42'));
  });

  it("payment failure → fail with 'Ha ocurrido un error. Por favor, inténtalo de nuevo.'", async () => {
    await open();
    await widget();
    post(event('payment', 'failure'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ha ocurrido un error. Por favor, inténtalo de nuevo.');
    expect(screen.queryByTitle('Pagar con transferencia inmediata')).not.toBeInTheDocument();
  });

  it("user_blocked → fail with 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.'", async () => {
    await open();
    await widget();
    post(event('user_blocked'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
    );
  });

  it('consents_denied → done: the modal closes, nothing is paid', async () => {
    await open();
    await widget();
    post(event('consents_denied'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('bank_login → done: the customer is at the bank, the widget stays open', async () => {
    await open();
    await widget();
    post(event('bank_login'));
    expect(await widget()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
