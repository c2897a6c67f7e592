import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { formatIsoDate } from '../../../../src/shared/calendar.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi, json, startTestServer, type SeenRequest, type TestServer } from '../../harness/api.ts';
import { businessError, newStore } from '../cards/cards-harness.tsx';
import {
  day,
  navigationState,
  paymentResult,
  paymentStatus,
  renderPayment,
  where,
  wireCard,
  wireCustomer,
  wireLoan,
} from './payment-harness.tsx';

// The transfer modals are transferui's (src/features/payment/transfer/): the page is checked against their props.
vi.mock('../../../../src/features/payment/transfer/index.ts', () => ({
  BankTransferInfoModal: (props: { loanId: number; amount: number; referenceCode: string }) => (
    <p data-testid="bank-transfer-modal">{`bank ${props.loanId} ${props.amount} ${props.referenceCode}`}</p>
  ),
  DirectTransferModal: (props: { loanId: number; amount: number; paymentOption: string }) => (
    <p data-testid="direct-transfer-modal">{`direct ${props.loanId} ${props.amount} ${props.paymentOption}`}</p>
  ),
}));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /payment/pay/:paymentType/:loanId/:installmentId? (second document §2, §5; HELPERS13 agreements 1, 2, 7). */

const CHALLENGE_URL = 'https://acs.example/sandbox/card-gateway/challenge?t=trk-9';

let server: TestServer;
let store: AppStore;
let api: {
  loans: unknown[];
  cards: unknown[];
  pay: Array<(response: ServerResponse, request: SeenRequest) => void>;
  threeDs: Array<(response: ServerResponse) => void>;
  status: Array<(response: ServerResponse) => void>;
};

const threeDsState =
  (state: string, url: string | null = null) =>
  (response: ServerResponse) =>
    json(response, 200, { data: { state, transactionId: 'tx-9', provider: 'credorax', formFields: {}, url } });

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/loan/customerAllLoans':
      return json(response, 200, { data: api.loans });
    case '/api/card/customer/mini':
      return json(response, 200, { data: api.cards });
    case '/api/customer/customer':
      return json(response, 200, { data: wireCustomer() });
    case '/api/loan/payloan': {
      const next = api.pay.shift();
      return next ? next(response, request) : json(response, 500, {});
    }
    case '/api/card/threeDsState': {
      const next = api.threeDs.shift();
      return next ? next(response) : json(response, 404, { errors: [] });
    }
    case '/api/loan/checkstatus': {
      const next = api.status.length > 1 ? api.status.shift() : api.status[0];
      return next ? next(response) : json(response, 404, { errors: [] });
    }
    default:
      return json(response, 404, {});
  }
}

const LOAN = wireLoan([-5, 25, 55]);
const paid =
  (status: 'success' | 'failed' | 'pending', extra: Parameters<typeof paymentResult>[2] = {}) =>
  (response: ServerResponse) =>
    json(response, 200, paymentResult(status, LOAN, extra));
/** The connection drops before the answer (a flicker): the client sees a network failure. */
const dropped = (response: ServerResponse) => response.socket?.destroy();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  api = {
    loans: [LOAN],
    cards: [
      wireCard(31, '411111******1111', false),
      wireCard(32, '555555******4444', true),
      wireCard(33, '400000******0002', false, 'Invalid'),
    ],
    pay: [],
    threeDs: [],
    status: [],
  };
  store = await newStore(server, memberDetails({ id: 6, status: 'securityChecked' }));
});
afterEach(() => {
  cleanup();
  clearToasts();
});

const FIRST = '/payment/pay/debit-card/42/4200?paymentOption=firstNotPaidInstallment';
const open = (entry = FIRST) => renderPayment(store, entry);
const payButton = async (amount = '100,10\u00a0€') => screen.findByRole('button', { name: `Pagar ${amount}` });
const pays = () => server.requests.filter((request) => request.url.startsWith('/api/loan/payloan'));
const keyOf = (request: SeenRequest | undefined) => request?.headers['idempotency-key'];
const summary = async () => screen.findByRole('region', { name: 'Importe a pagar' });

describe('payment page: the amount of each payment option (paymentQuote)', () => {
  it('firstNotPaidInstallment: the first unpaid instalment, its number and date', async () => {
    await open();
    const region = await summary();
    expect(within(region).getByText('100,10 €')).toBeInTheDocument();
    expect(region).toHaveTextContent('Pago de la cuota');
    // Due 5 days ago: said as passed, with the days late (issue 23 §5; it read «vence el …» before).
    expect(region).toHaveTextContent(`Cuota 1 de 3, venció el ${formatIsoDate(day(-5))} (5 días de retraso): 100,10 €`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pagar');
  });

  it.each([
    [-1, (date: string) => `venció el ${date} (1 día de retraso)`],
    [0, () => 'vence hoy'],
    [3, (date: string) => `vence el ${date}`],
  ])('an instalment due at %i days reads as its date passed, today or to come', async (offset, text) => {
    api.loans = [wireLoan([offset, offset + 30])];
    await open();
    const region = await summary();
    expect(region).toHaveTextContent(`Cuota 1 de 2, ${text(formatIsoDate(day(offset)))}: 100,10 €`);
  });

  it('pendingInstallments: every instalment due today or earlier', async () => {
    api.loans = [wireLoan([-35, -5, 25])];
    await open('/payment/pay/debit-card/42?paymentOption=pendingInstallments');
    const region = await summary();
    expect(within(region).getByText('200,20 €')).toBeInTheDocument();
    expect(region).toHaveTextContent('Pago de las cuotas pendientes');
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(await payButton('200,20\u00a0€')).toBeInTheDocument();
  });

  it('closeLoan: the early closure amount, for the whole loan', async () => {
    await open('/payment/pay/debit-card/42?paymentOption=closeLoan');
    const region = await summary();
    expect(within(region).getByText('250,50 €')).toBeInTheDocument();
    expect(region).toHaveTextContent('Pago Total Préstamo');
    expect(region).toHaveTextContent('Todo el préstamo (3 cuotas pendientes)');
  });

  it('without paymentOption it pays the first unpaid instalment', async () => {
    await open('/payment/pay/debit-card/42');
    expect(await payButton()).toBeInTheDocument();
  });

  it('an instalment that is not the first unpaid one opens the page of the first one', async () => {
    await open('/payment/pay/debit-card/42/4201?paymentOption=firstNotPaidInstallment');
    expect(await payButton()).toBeInTheDocument();
    expect(await summary()).toHaveTextContent('Cuota 1 de 3');
  });
});

describe('payment page: the card', () => {
  it('lists the usable cards masked, with the brand icon, and preselects the principal one', async () => {
    await open();
    const cards = within(await screen.findByRole('group', { name: 'Tarjeta con la que pagas' })).getAllByRole('radio');
    expect(cards).toHaveLength(2);
    const visa = screen.getByRole('radio', { name: /\*\*\*\* \*\*\*\* \*\*\*\* 1111/ });
    const principal = screen.getByRole('radio', { name: /\*\*\*\* \*\*\*\* \*\*\*\* 4444/ });
    expect(principal).toBeChecked();
    expect(visa).not.toBeChecked();
    expect(principal.closest('label')).toHaveTextContent('Principal');
    expect(within(visa.closest('label')!).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(within(principal.closest('label')!).queryByRole('img', { name: 'Visa' })).not.toBeInTheDocument();
    expect(screen.queryByText(/0002/)).not.toBeInTheDocument();
  });

  it('without a usable card it offers to add one', async () => {
    api.cards = [wireCard(33, '400000******0002', true, 'Invalid')];
    await open();
    expect(await screen.findByText('No tienes ninguna tarjeta válida para pagar.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Añadir una tarjeta' })).toHaveAttribute(
      'href',
      '/financial-info/add-card',
    );
    expect(screen.queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
  });
});

describe('payment page: paying by card (PayLoanPost)', () => {
  it('sends the quote with the chosen card and goes to the success page', async () => {
    const user = userEvent.setup();
    api.pay = [paid('success')];
    await open();
    await user.click((await screen.findByRole('radio', { name: /1111/ })).closest('label')!);
    await user.click(await payButton());
    await waitFor(() => expect(where()).toBe('/payment/success/firstNotPaidInstallment?loanId=42&paymentId=501'));
    expect(JSON.parse(pays()[0]!.body.toString())).toEqual({
      loanId: 42,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: 4200,
      installmentIds: [4200],
      amount: 100.1,
      cardId: 31,
    });
    expect(keyOf(pays()[0])).toBeTruthy();
  });

  it('a connection that drops is retried with the same Idempotency-Key, and the payment succeeds', async () => {
    const user = userEvent.setup();
    api.pay = [dropped, paid('success')];
    await open();
    await user.click(await payButton());
    await waitFor(() => expect(where()).toBe('/payment/success/firstNotPaidInstallment?loanId=42&paymentId=501'));
    expect(pays()).toHaveLength(2);
    expect(keyOf(pays()[1])).toBe(keyOf(pays()[0]));
    expect(pays()[1]!.body.toString()).toBe(pays()[0]!.body.toString());
  });

  it('failed: the answer’s Spanish message on the page; a new press is a new intent with a new key', async () => {
    const user = userEvent.setup();
    api.pay = [paid('failed', { message: 'Tarjeta denegada por el banco emisor.' }), paid('success')];
    await open();
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tarjeta denegada por el banco emisor.');
    expect(where).toThrow();
    await user.click(await payButton());
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(pays()).toHaveLength(2);
    expect(keyOf(pays()[1])).not.toBe(keyOf(pays()[0]));
  });

  it('a press after a lost answer sends the same key again (nothing is paid twice)', async () => {
    const user = userEvent.setup();
    api.pay = [dropped, dropped, dropped, paid('success')];
    await open();
    await user.click(await payButton());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'No hemos podido confirmar tu pago por un problema de conexión.',
    );
    expect(pays()).toHaveLength(3);
    await user.click(await payButton());
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(new Set(pays().map(keyOf)).size).toBe(1);
  });

  it('409 RequestInProgress (a payment of this loan still running) says so; the next press keeps the key', async () => {
    const user = userEvent.setup();
    const inProgress = (response: ServerResponse) =>
      json(response, 409, {
        errors: [
          {
            code: { name: 'RequestInProgress', value: 1220 },
            message: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
            title: 'Aviso',
          },
        ],
      });
    api.pay = [inProgress, inProgress, inProgress, paid('success')];
    await open();
    await user.click(await payButton());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Tu solicitud ya se está procesando. Por favor, espera un momento.',
    );
    await user.click(await payButton());
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(pays()).toHaveLength(4);
    expect(new Set(pays().map(keyOf)).size).toBe(1);
  });

  it('a server failure (500) goes to the global catalogue; the next press keeps the key', async () => {
    const user = userEvent.setup();
    api.pay = [(response) => json(response, 500, {}), paid('success')];
    await open();
    await user.click(await payButton());
    await waitFor(() => expect(pays()).toHaveLength(1));
    await user.click(await payButton());
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(keyOf(pays()[1])).toBe(keyOf(pays()[0]));
  });

  it.each([
    ['InvalidPaymentAmount', 'El importe a pagar no es válido.'],
    ['CardNotFound', 'No hemos encontrado la tarjeta seleccionada.'],
    ['InstallmentNotFound', 'No hemos encontrado la cuota seleccionada.'],
  ] as const)('%s shows its Spanish message', async (code, message) => {
    const user = userEvent.setup();
    api.pay = [businessError(code)];
    await open();
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('LoanAlreadyRepaid goes to the dashboard with the already-paid note', async () => {
    const user = userEvent.setup();
    api.pay = [businessError('LoanAlreadyRepaid')];
    await open();
    await user.click(await payButton());
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(navigationState()).toEqual({ notice: 'alreadyPaid' });
  });

  it('a double press sends one payment', async () => {
    api.pay = [(response) => setTimeout(() => paid('success')(response), 300)];
    await open();
    const button = await payButton();
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(pays()).toHaveLength(1);
  });
});

describe('payment page: global handling', () => {
  const withGlobalHandler = () => {
    const onGlobalFailure = vi.fn();
    configureTestApi(server, { store, onGlobalFailure });
    return onGlobalFailure;
  };

  it('another customer’s loan (404 LoanNotFound) goes to the app’s not-found handling', async () => {
    const user = userEvent.setup();
    const onGlobalFailure = withGlobalHandler();
    api.pay = [
      (response) =>
        json(response, 404, {
          errors: [{ code: { name: 'LoanNotFound', value: 1201 }, message: 'Préstamo no encontrado.', title: 'Aviso' }],
        }),
    ];
    await open();
    await user.click(await payButton());
    await waitFor(() => expect(onGlobalFailure).toHaveBeenCalledTimes(1));
    expect(onGlobalFailure.mock.calls[0]?.[0]).toMatchObject({ kind: 'notFound' });
  });

  it('a lost answer is the page’s alone: no global network dialog (its Recargar would drop the key)', async () => {
    const user = userEvent.setup();
    const onGlobalFailure = withGlobalHandler();
    api.pay = [dropped, dropped, dropped];
    await open();
    await user.click(await payButton());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'No hemos podido confirmar tu pago',
    );
    expect(onGlobalFailure).not.toHaveBeenCalled();
  });
});

describe('payment page: 3-D Secure', () => {
  const challenge = paid('pending', {
    threeDs: {
      trackId: 'trk-9',
      event: { state: 'iframe', url: CHALLENGE_URL, provider: 'credorax', transactionId: 'tx-9', formFields: {} },
    },
  });

  async function completeChallenge() {
    const frame = (await screen.findByTitle('Verificación 3-D Secure')) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', CHALLENGE_URL);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: 'credorax_completed',
          origin: 'https://acs.example',
          source: frame.contentWindow,
        }),
      );
    });
  }

  it('pending with a challenge: the bank page, then ThreeDsStateGet completed, then PaymentStatusGet until success', async () => {
    const user = userEvent.setup();
    api.pay = [challenge];
    api.threeDs = [threeDsState('completed')];
    api.status = [paymentStatus('pending'), paymentStatus('success')];
    await open();
    await user.click(await payButton());
    await completeChallenge();
    expect(await screen.findByText('Estamos confirmando tu pago con tu banco…')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/payment/success/firstNotPaidInstallment?loanId=42&paymentId=501'));
    const urls = server.requests.map((request) => request.url);
    expect(urls.filter((url) => url.startsWith('/api/card/threeDsState'))).toEqual([
      '/api/card/threeDsState?trackId=trk-9',
    ]);
    expect(urls.filter((url) => url.startsWith('/api/loan/checkstatus'))).toEqual([
      '/api/loan/checkstatus?paymentId=501',
      '/api/loan/checkstatus?paymentId=501',
    ]);
  });

  it('a 3-D Secure error shows the card flow’s failure text adapted to a payment', async () => {
    const user = userEvent.setup();
    api.pay = [challenge, paid('success')];
    api.threeDs = [threeDsState('error')];
    await open();
    await user.click(await payButton());
    await completeChallenge();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Falló la verificación de 3D Secure. No se pudo realizar el pago. Por favor, inténtalo de nuevo.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.setup().click(await payButton());
    await waitFor(() => expect(where()).toMatch(/^\/payment\/success\//));
    expect(keyOf(pays()[1])).not.toBe(keyOf(pays()[0]));
  });

  it('a payment refused after the challenge shows the status’s message', async () => {
    const user = userEvent.setup();
    api.pay = [challenge];
    api.threeDs = [threeDsState('completed')];
    api.status = [paymentStatus('failed', 100.1, 'Fondos insuficientes.')];
    await open();
    await user.click(await payButton());
    await completeChallenge();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fondos insuficientes.');
  });
});

describe('payment page: already paid, not found, offline', () => {
  it('an instalment already paid goes to the dashboard with the note (replace)', async () => {
    api.loans = [wireLoan([-35, -5, 25], { paidCount: 1 })];
    await open('/payment/pay/debit-card/42/4200?paymentOption=firstNotPaidInstallment');
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(navigationState()).toEqual({ notice: 'alreadyPaid' });
  });

  it('a repaid loan goes to the dashboard with the note', async () => {
    api.loans = [wireLoan([-35, -5], { paidCount: 2, status: 'repaid' })];
    await open('/payment/pay/debit-card/42?paymentOption=closeLoan');
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(navigationState()).toEqual({ notice: 'alreadyPaid' });
  });

  it('a loan that is not the customer’s gets the not-found handling (warning, home)', async () => {
    await open('/payment/pay/debit-card/99?paymentOption=firstNotPaidInstallment');
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByText('No conseguimos encontrar lo que estás buscando.')).toBeInTheDocument();
    expect(pays()).toHaveLength(0);
  });

  it('an unknown payment type is not found', async () => {
    await open('/payment/pay/cash/42');
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('offline: Pagar is disabled with the reason, and nothing is sent', async () => {
    const user = userEvent.setup();
    await open();
    const button = await payButton();
    act(() => store.set(onlineAtom, false));
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(
      'No hay conexión a Internet: no puedes pagar ahora. Conéctate y vuelve a intentarlo.',
    );
    await user.click(button);
    expect(pays()).toHaveLength(0);
    act(() => store.set(onlineAtom, true));
    await waitFor(() => expect(button).toBeEnabled());
  });
});

describe('payment page: bank transfer and direct transfer', () => {
  it('bank-transfer opens on the transfer details; the modal gets the loan, the amount and the reference code', async () => {
    const user = userEvent.setup();
    await open('/payment/pay/bank-transfer/42/4200?paymentOption=firstNotPaidInstallment');
    expect(await screen.findByRole('radio', { name: 'Transferencia bancaria' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Ver los datos para la transferencia' }));
    expect(screen.getByTestId('bank-transfer-modal')).toHaveTextContent('bank 42 10010 PR000006');
  });

  it('the direct transfer widget gets the loan, the amount and the payment option', async () => {
    const user = userEvent.setup();
    await open('/payment/pay/debit-card/42?paymentOption=closeLoan');
    await user.click(await screen.findByRole('radio', { name: 'Transferencia inmediata desde tu banco' }));
    await user.click(screen.getByRole('button', { name: 'Pagar desde mi banco' }));
    expect(screen.getByTestId('direct-transfer-modal')).toHaveTextContent('direct 42 25050 closeLoan');
  });
});
