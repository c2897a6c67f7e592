import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RolloverPage from '../../../../src/features/rollover/RolloverPage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { formatIsoDate } from '../../../../src/shared/calendar.ts';
import { memberDetails } from '../../helpers/members.ts';
import { bodyOf } from '../../harness/api.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, newStore, renderPage, where } from '../cards/cards-harness.tsx';
import { day, paymentResult, paymentStatus, wireCard, wireLoan } from '../payment/payment-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * /rollover/:loanId? ('Prórroga'; issue 14, docs/rules/payments.md "Rollover"): dates, quote, card, one key per press,
 * 3-D Secure.
 */

const CHALLENGE_URL = 'https://acs.example/sandbox/card-gateway/challenge?t=trk-9';
const DATES = [day(7), day(8), day(9)];
// One instalment 3 days late, closing costs more than was lent: the dashboard shows 'Prórroga'.
const LOAN = wireLoan([-3], { earlyClosureAmount: 260 });

let server: TestServer;
let store: AppStore;
let api: {
  loans: unknown[];
  dates: (response: ServerResponse) => void;
  /** RolloverCalculatePost answers 500 while true. */
  quoteDown: boolean;
  rollover: Array<(response: ServerResponse) => void>;
  threeDs: Array<(response: ServerResponse) => void>;
  status: Array<(response: ServerResponse) => void>;
};

const quoteOf = (rolloverDate: string) => ({
  loanId: 42,
  installmentId: 4200,
  currentDate: day(-3),
  rolloverDate,
  fee: 16.76,
  principal: 83.34,
  newInterest: rolloverDate === DATES[0] ? 1.23 : 2.34,
  newTotalPayment: rolloverDate === DATES[0] ? 84.57 : 85.68,
});

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/loan/customerAllLoans':
      return json(response, 200, { data: api.loans });
    case '/api/card/customer/mini':
      return json(response, 200, {
        data: [wireCard(31, '411111******1111', false), wireCard(32, '555555******4444', true)],
      });
    case '/api/loan/rolloverAvailableDates':
      return api.dates(response);
    case '/api/loan/rolloverCalculate': {
      if (api.quoteDown) return json(response, 500, { errors: [] });
      const body = JSON.parse(request.body.toString()) as { rolloverDate: string };
      return json(response, 200, { data: quoteOf(body.rolloverDate) });
    }
    case '/api/loan/rollover': {
      const next = api.rollover.shift();
      return next ? next(response) : json(response, 500, {});
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

const rolled =
  (status: 'success' | 'failed' | 'pending', extra: Parameters<typeof paymentResult>[2] = {}) =>
  (response: ServerResponse) =>
    json(response, 200, paymentResult(status, LOAN, { amount: 16.76, ...extra }));
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
    dates: (response) => json(response, 200, { data: DATES }),
    quoteDown: false,
    rollover: [],
    threeDs: [],
    status: [],
  };
  store = await newStore(server, memberDetails({ id: 6, status: 'securityChecked' }));
});
afterEach(() => {
  cleanup();
  clearToasts();
});

const open = (entry = '/rollover/42') => renderPage(store, '/rollover/:loanId?', <RolloverPage />, entry);
const button = () => screen.findByRole('button', { name: 'Pagar 16,76\u00a0€ y prorrogar' });
const presses = () =>
  server.requests.filter(
    (request) => request.url.startsWith('/api/loan/rollover?') || request.url === '/api/loan/rollover',
  );
const keyOf = (request: SeenRequest | undefined) => request?.headers['idempotency-key'];
const asked = (path: string) => server.requests.filter((request) => request.url.split('?')[0] === path);

describe('rollover page', () => {
  it('the new dates, the fee and the new amount; pays with the chosen card, then the dashboard with the new date', async () => {
    const user = userEvent.setup();
    api.rollover = [rolled('success')];
    await open();
    const select = await screen.findByLabelText('Nueva fecha de pago');
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(
      DATES.map(formatIsoDate),
    );
    expect(server.requests.find((request) => request.url.startsWith('/api/loan/rolloverAvailableDates'))!.url).toBe(
      `/api/loan/rolloverAvailableDates?fromDate=${day(0)}&loanId=42`,
    );
    expect((await screen.findByText('Pagas hoy (intereses de prórroga)')).nextSibling).toHaveTextContent('16,76 €');
    expect(
      screen.getByText(
        'Son los intereses de tu cuota que aún no has pagado, al tipo de tu contrato: la prórroga no tiene comisión.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Importe a pagar en la nueva fecha').nextSibling).toHaveTextContent('84,57 €');

    await user.selectOptions(select, DATES[1]!);
    await waitFor(() =>
      expect(screen.getByText('Importe a pagar en la nueva fecha').nextSibling).toHaveTextContent('85,68 €'),
    );
    await user.click((await screen.findByRole('radio', { name: /1111/ })).closest('label')!);
    await user.click(await button());
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(JSON.parse(presses()[0]!.body.toString())).toEqual({ loanId: 42, rolloverDate: DATES[1], cardId: 31 });
    expect(keyOf(presses()[0])).toBeTruthy();
    expect(
      await screen.findByText(`¡Prórroga realizada! Tu nueva fecha de pago es el ${formatIsoDate(DATES[1]!)}.`),
    ).toBeInTheDocument();
    // The loans are loaded again for the dashboard.
    expect(server.requests.filter((request) => request.url === '/api/loan/customerAllLoans')).toHaveLength(2);
  });

  it('a lost answer keeps the key for the next press; a refused card is a new intent with a new key', async () => {
    const user = userEvent.setup();
    api.rollover = [
      dropped,
      dropped,
      dropped,
      rolled('failed', { message: 'El banco emisor ha denegado el cargo.' }),
      rolled('success'),
    ];
    await open();
    await user.click(await button());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'No hemos podido confirmar tu pago por un problema de conexión.',
    );
    await user.click(await button());
    expect(await screen.findByRole('alert')).toHaveTextContent('El banco emisor ha denegado el cargo.');
    expect(new Set(presses().slice(0, 4).map(keyOf)).size).toBe(1);
    await user.click(await button());
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(keyOf(presses()[4])).not.toBe(keyOf(presses()[0]));
  });

  it('3-D Secure: the bank page, then the payment confirmed, then the dashboard', async () => {
    const user = userEvent.setup();
    api.rollover = [
      rolled('pending', {
        threeDs: {
          trackId: 'trk-9',
          event: { state: 'iframe', url: CHALLENGE_URL, provider: 'credorax', transactionId: 'tx-9', formFields: {} },
        },
      }),
    ];
    api.threeDs = [
      (response) =>
        json(response, 200, {
          data: { state: 'completed', transactionId: 'tx-9', provider: 'credorax', formFields: {}, url: null },
        }),
    ];
    api.status = [paymentStatus('success', 16.76)];
    await open();
    await user.click(await button());
    const frame = (await screen.findByTitle('Verificación 3-D Secure')) as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: 'credorax_completed',
          origin: 'https://acs.example',
          source: frame.contentWindow,
        }),
      );
    });
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('a loan §5 does not allow to roll over (two instalments): the Spanish refusal, no call', async () => {
    api.loans = [wireLoan([-3, 27], { earlyClosureAmount: 260 })];
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('La prórroga no está disponible para este préstamo.');
    expect(server.requests.some((request) => request.url.startsWith('/api/loan/rollover'))).toBe(false);
  });

  it('the server refuses the dates (422): its message', async () => {
    api.dates = businessError('RolloverNotAllowed');
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('La prórroga no está disponible para este préstamo.');
  });

  it('without a loan id: the loan that can be rolled over; a loan that is not the customer’s: home', async () => {
    await open('/rollover');
    expect(await screen.findByLabelText('Nueva fecha de pago')).toBeInTheDocument();
    cleanup();
    await open('/rollover/77');
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('dates that fail: Reintentar asks for them again, then the quote of the first date', async () => {
    const user = userEvent.setup();
    api.dates = (response) => json(response, 500, { errors: [] });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar los datos de tu préstamo.');
    api.dates = (response) => json(response, 200, { data: DATES });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Nueva fecha de pago')).toBeInTheDocument();
    expect(await button()).toBeInTheDocument();
    expect(asked('/api/loan/rolloverAvailableDates')).toHaveLength(2);
  });

  it('a quote that fails: Reintentar asks for the quote of the chosen date again, not the dates', async () => {
    const user = userEvent.setup();
    await open();
    const select = await screen.findByLabelText('Nueva fecha de pago');
    await button();
    api.quoteDown = true;
    await user.selectOptions(select, DATES[2]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar los datos de tu préstamo.');
    api.quoteDown = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() =>
      expect(screen.getByText('Importe a pagar en la nueva fecha').nextSibling).toHaveTextContent('85,68 €'),
    );
    expect((screen.getByLabelText('Nueva fecha de pago') as HTMLSelectElement).value).toBe(DATES[2]);
    const quotes = asked('/api/loan/rolloverCalculate').map((request) => bodyOf(request));
    expect(quotes.slice(-2)).toEqual([
      { loanId: 42, rolloverDate: DATES[2] },
      { loanId: 42, rolloverDate: DATES[2] },
    ]);
    expect(asked('/api/loan/rolloverAvailableDates')).toHaveLength(1);
  });

  it('leaving the page while its dates load aborts their request', async () => {
    let left: Promise<boolean> | undefined;
    api.dates = (response) => {
      // Never answered: closed by the client, before an answer was written.
      left = new Promise((resolve) => response.on('close', () => resolve(!response.writableFinished)));
    };
    await open();
    await waitFor(() => expect(left).toBeDefined());
    cleanup();
    expect(await left).toBe(true);
  });
});
