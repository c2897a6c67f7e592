import { plain } from '../../helpers/plain-text.ts';
import type { ServerResponse } from 'node:http';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LoanCalculator } from '../../../../src/features/home/components/LoanCalculator.tsx';
import { loanDefinitionSchema } from '../../../../src/shared/api/loan.ts';
import { postPaymentDates } from '../../../../src/features/home/api/post-payment-dates.ts';
import { postPaymentPlan } from '../../../../src/features/home/api/post-payment-plans.ts';
import { createQuoteClient, paymentDateRequest } from '../../../../src/features/home/quotes/quote-client.ts';
import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { calculatorChoiceAtom } from '../../../../src/lib/storage/atoms.ts';
import { formatIsoDate } from '../../../../src/shared/calendar.ts';
import { illustrativeDisclaimer } from '../../../../src/shared/loan/disclaimer.ts';
import { DEFAULT_LOAN_DEFINITION, loanDefinitionToWire } from '../../../../src/shared/loan/loan-definition.ts';
import { computePaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { formatMoneyParts } from '../../../../src/shared/money.ts';
import { configureTestApi, json, startTestServer, type SeenRequest, type TestServer } from '../../harness/api.ts';
import { answerQuote, body, isDatesRequest, isPlansRequest, wirePlan, type WireItem } from './loan-server.ts';

/**
 * The home calculator against a local HTTP server that prices with the shared loan maths, as the reference server
 * does: defaults, select and slider in sync, the 'Pagarás' text, the 24 dates asked once, stale requests
 * cancelled, answers reused, a failed quote shown in place.
 */

const TODAY = '2026-03-10';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

beforeEach(() => {
  server.requests = [];
  server.handler = (request, response) => {
    if (!answerQuote(request, response)) json(response, 404, {});
  };
  configureTestApi(server); // a visitor: no session
});

function newClient() {
  return createQuoteClient({ fetchDates: postPaymentDates, fetchPlan: postPaymentPlan, today: () => TODAY });
}

/** The text the calculator must show for a choice, computed independently with the shared loan maths. */
function expectedText(amount: number, installments: number): string {
  const dates = computePaymentDates(paymentDateRequest(TODAY)).slice(0, installments);
  const plan = buildPaymentPlan({ amountCents: amount * 100, issueDate: TODAY, paymentDates: dates });
  const first = plan.installments[0]!;
  const { integer, cents } = formatMoneyParts(first.totalCents);
  return `Pagarás ${integer},${cents}€ el ${formatIsoDate(first.expectedDate)}`;
}

const plansAsked = () => server.requests.filter(isPlansRequest).map((r) => body<WireItem[]>(r)[0]!);
const datesAsked = () => server.requests.filter(isDatesRequest);

const amountSelect = () => screen.getByRole('combobox', { name: '¿Cuánto dinero necesitas?' });
const amountSlider = () => screen.getByRole('slider', { name: '¿Cuánto dinero necesitas?' });
const countSelect = () => screen.getByRole('combobox', { name: '¿En cuántas cuotas mensuales?' });
const countSlider = () => screen.getByRole('slider', { name: '¿En cuántas cuotas mensuales?' });
const payback = () => screen.getByRole('status');

async function renderCalculator(client = newClient()) {
  await act(async () => {
    render(<LoanCalculator client={client} />);
  });
  return client;
}

describe('home calculator', () => {
  it('starts at 2.500 € in 12 instalments, offering 2.000–5.000 € by 500 and 12–24 instalments by 4', async () => {
    await renderCalculator();
    expect(amountSelect()).toHaveValue('2500');
    expect(amountSlider()).toHaveValue('2500');
    expect(amountSlider()).toHaveAttribute('aria-valuetext', '2.500\u00a0€');
    expect(countSelect()).toHaveValue('12');
    expect(countSlider()).toHaveValue('12');
    expect(countSlider()).toHaveAttribute('aria-valuetext', '12 cuotas');
    const amounts = within(amountSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(amounts).toEqual([
      '2.000\u00a0€',
      '2.500\u00a0€',
      '3.000\u00a0€',
      '3.500\u00a0€',
      '4.000\u00a0€',
      '4.500\u00a0€',
      '5.000\u00a0€',
    ]);
    const counts = within(countSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(counts).toEqual(['12 cuotas', '16 cuotas', '20 cuotas', '24 cuotas']);
    expect(amountSlider()).toHaveAttribute('min', '2000');
    expect(amountSlider()).toHaveAttribute('max', '5000');
    expect(amountSlider()).toHaveAttribute('step', '500');
    expect(countSlider()).toHaveAttribute('step', '4');
  });

  it("shows 'Pagarás X€ el {date}' for the first instalment of the server's plan", async () => {
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    expect(payback().textContent).toMatch(/^Pagarás \d{1,3}(\.\d{3})*,\d{2}€ el \d{2}\/\d{2}\/\d{4}$/);
    // The plan was asked with today's date and the first 12 of the 24 dates.
    const [asked] = plansAsked();
    expect(asked).toEqual({
      amount: 2500,
      issueDate: TODAY,
      paymentDates: computePaymentDates(paymentDateRequest(TODAY)).slice(0, 12),
    });
  });

  it('asks the 24 payment dates once, on the default payment day 30, whatever the customer moves', async () => {
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    await userEvent.setup().selectOptions(amountSelect(), '4000');
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(4000, 12)));
    fireEvent.change(countSlider(), { target: { value: '24' } });
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(4000, 24)));

    expect(datesAsked()).toHaveLength(1);
    expect(body(datesAsked()[0]!)).toEqual({
      nextSalaryDate: '2026-03-16',
      calculateNextXDates: 24,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
      week: '',
    });
    expect(plansAsked().map((item) => [item.amount, item.paymentDates.length])).toEqual([
      [2500, 12],
      [4000, 12],
      [4000, 24],
    ]);
  });

  it("remembers the visitor's choice (not the defaults) for the loan request (calculatorChoiceAtom)", async () => {
    const store = getDefaultStore();
    await store.set(calculatorChoiceAtom, RESET);
    await renderCalculator();
    expect(store.get(calculatorChoiceAtom)).toBeNull();
    await userEvent.setup().selectOptions(amountSelect(), '3500');
    fireEvent.change(countSlider(), { target: { value: '16' } });
    expect(store.get(calculatorChoiceAtom)).toEqual({ amount: 3500, installments: 16 });
    await store.set(calculatorChoiceAtom, RESET);
  });

  it('keeps the select and the slider of each value in sync, both ways', async () => {
    await renderCalculator();
    await userEvent.setup().selectOptions(amountSelect(), '3500');
    expect(amountSlider()).toHaveValue('3500');
    expect(amountSlider()).toHaveAttribute('aria-valuetext', '3.500\u00a0€');
    fireEvent.change(amountSlider(), { target: { value: '5000' } });
    expect(amountSelect()).toHaveValue('5000');
    fireEvent.change(countSlider(), { target: { value: '16' } });
    expect(countSelect()).toHaveValue('16');
    await userEvent.setup().selectOptions(countSelect(), '20');
    expect(countSlider()).toHaveValue('20');
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(5000, 20)));
  });

  it('cancels the request of a choice the customer has already moved away from, and never shows its answer', async () => {
    const held: { request: SeenRequest; response: ServerResponse; closed: boolean }[] = [];
    server.handler = (request, response) => {
      if (isPlansRequest(request) && body<WireItem[]>(request)[0]!.amount === 3000) {
        const entry = { request, response, closed: false };
        response.on('close', () => (entry.closed = true));
        held.push(entry);
        return;
      }
      answerQuote(request, response);
    };
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));

    fireEvent.change(amountSlider(), { target: { value: '3000' } });
    await waitFor(() => expect(held).toHaveLength(1));
    fireEvent.change(amountSlider(), { target: { value: '3500' } });
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(3500, 12)));
    await waitFor(() => expect(held[0]!.closed).toBe(true));
    expect(screen.queryByText(expectedText(3000, 12))).not.toBeInTheDocument();
  });

  it('shows a choice already priced from the answer it got, without asking again', async () => {
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    await userEvent.setup().selectOptions(amountSelect(), '3000');
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(3000, 12)));
    await userEvent.setup().selectOptions(amountSelect(), '2500');
    expect(payback()).toHaveTextContent(expectedText(2500, 12));
    await userEvent.setup().selectOptions(amountSelect(), '3000');
    expect(payback()).toHaveTextContent(expectedText(3000, 12));
    expect(plansAsked().map((item) => item.amount)).toEqual([2500, 3000]);
  });

  it('a failed quote says so in Spanish in place, and "Reintentar" prices again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    server.handler = (request, response) => {
      if (isPlansRequest(request) && fail) return json(response, 500, { errors: [] });
      answerQuote(request, response);
    };
    await renderCalculator();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hemos podido calcular tu cuota. Comprueba tu conexión e inténtalo de nuevo.');
    expect(screen.getByRole('button', { name: 'Más Información' })).toBeDisabled();

    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The calculator could not price the loan', expect.anything());
  });

  it('offline it says so at once (no «Calculando…», no error) and prices the choice when the connection is back (issue 23 §7)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderCalculator();
    await waitFor(() =>
      expect(payback()).toHaveTextContent(
        'Sin conexión a internet: calcularemos tu cuota en cuanto vuelvas a tener conexión.',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(plansAsked()).toHaveLength(0);

    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    expect(plansAsked()).toHaveLength(1);
  });

  it('a failed payment-date request is asked again on the next try (it is not cached)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failDates = true;
    server.handler = (request, response) => {
      if (isDatesRequest(request) && failDates) return json(response, 503, { errors: [] });
      answerQuote(request, response);
    };
    await renderCalculator();
    await screen.findByRole('alert');
    failDates = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    expect(datesAsked()).toHaveLength(2);
  });

  it('renders the illustrative disclaimer from the loan definition the server priced with', async () => {
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    expect(screen.getByText(plain(illustrativeDisclaimer()))).toBeInTheDocument();
    expect(illustrativeDisclaimer()).toMatch(/^Ejemplo representativo: .*TAE \d+,\d %\.$/);
  });

  it('a server pricing with another loan definition gets that definition’s disclaimer, computed on the spot', async () => {
    const cheaper = { ...DEFAULT_LOAN_DEFINITION, id: 2, code: 'promo', monthlyRateBasisPoints: 300 };
    server.handler = (request, response) => {
      if (!isPlansRequest(request)) return void (answerQuote(request, response) || json(response, 404, {}));
      const plans = body<WireItem[]>(request).map((item) => ({
        ...wirePlan(item),
        loanDefinition: z.encode(loanDefinitionSchema, loanDefinitionToWire(cheaper)),
      }));
      json(response, 200, { data: plans });
    };
    await renderCalculator();
    const expected = illustrativeDisclaimer(cheaper);
    expect(expected).not.toBe(illustrativeDisclaimer()); // a different definition, different figures
    expect(await screen.findByText(plain(expected))).toBeInTheDocument();
    expect(screen.queryByText(plain(illustrativeDisclaimer()))).toBeNull();
  });

  it('shows the total to repay and the TAE of the plan', async () => {
    await renderCalculator();
    await waitFor(() => expect(payback()).toHaveTextContent(expectedText(2500, 12)));
    const dates = computePaymentDates(paymentDateRequest(TODAY)).slice(0, 12);
    const plan = buildPaymentPlan({ amountCents: 250000, issueDate: TODAY, paymentDates: dates });
    const total = formatMoneyParts(plan.totalCents);
    expect(
      screen.getByText(
        new RegExp(`^Total a devolver: ${total.integer.replace('.', '\\.')},${total.cents} € · TAE \\d+,\\d %$`),
      ),
    ).toBeInTheDocument();
  });
});
