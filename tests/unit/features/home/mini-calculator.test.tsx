import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { getDefaultStore, Provider } from 'jotai';
import { RESET } from 'jotai/utils';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../../src/features/home/HomePage.tsx';
import { LoanCalculator } from '../../../../src/features/home/components/LoanCalculator.tsx';
import { postPaymentDates } from '../../../../src/features/home/api/post-payment-dates.ts';
import { postPaymentPlan } from '../../../../src/features/home/api/post-payment-plans.ts';
import { createQuoteClient, miniRepaymentDate } from '../../../../src/features/home/quotes/quote-client.ts';
import { calculatorChoiceAtom } from '../../../../src/lib/storage/atoms.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import { nextWorkingDay } from '../../../../src/shared/loan/repayment-window.ts';
import { formatMoney, formatPercent } from '../../../../src/shared/money.ts';
import { plain } from '../../helpers/plain-text.ts';
import { freshStore } from '../../harness/render-at-route.tsx';
import { configureTestApi, json, startTestServer, type TestServer } from '../../harness/api.ts';
import { answerQuote, body, isDatesRequest, isPlansRequest, wirePlan, type WireItem } from './loan-server.ts';

/**
 * The home calculator's minipréstamo against a local server that prices as the reference server does (a visitor's
 * quote up to 300 € is the interest-free first loan): the product switch, the amount and days sent to
 * PaymentPlansPost, 'Pagarás X€ el {date}', the 0 % message and what is owed if the date is missed, and the
 * representative example, compared with figures computed here by hand (not with the app's loan maths).
 */

const TODAY = '2026-03-10'; // a Tuesday: + 20 days is Monday 30 March
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
  configureTestApi(server); // a visitor
});

const newClient = (today = TODAY) =>
  createQuoteClient({ fetchDates: postPaymentDates, fetchPlan: postPaymentPlan, today: () => today });

async function renderMini(client = newClient()) {
  await act(async () => {
    render(
      <MemoryRouter>
        <LoanCalculator client={client} initialProduct="mini" />
      </MemoryRouter>,
    );
  });
}

const plansAsked = () => server.requests.filter(isPlansRequest).map((r) => body<WireItem[]>(r)[0]!);
const radio = (name: string) => screen.getByRole('radio', { name });
const amountSlider = () => screen.getByRole('slider', { name: '¿Cuánto dinero necesitas?' });
const daysSlider = () => screen.getByRole('slider', { name: '¿En cuántos días lo devuelves?' });
const daysSelect = () => screen.getByRole('combobox', { name: '¿En cuántos días lo devuelves?' });
const payback = () => screen.getByRole('status');

/** 0,75 % of the amount a day, in cents, rounded half up (positive amounts): worked out here, not by the app. */
const interestCents = (euros: number, days: number) => Math.round(euros * 100 * 0.0075 * days);
const euros = (cents: number) => plain(formatMoney(cents));
/** 'Pagarás 345,00€ el 30/03/2026' (the spec's text, no space before €). */
const paybackText = (cents: number, date: string) =>
  `Pagarás ${formatMoney(cents).replace(/\u00a0€$/, '')}€ el ${formatIsoDate(date)}`;

describe('home calculator: the minipréstamo', () => {
  it('switches between the two products with a radio group, each with its own controls and quote', async () => {
    await renderMini();
    expect(screen.getByRole('group', { name: 'Tipo de préstamo' })).toBeInTheDocument();
    expect(radio('Minipréstamo')).toBeChecked();
    expect(amountSlider()).toHaveAttribute('min', '100');
    expect(amountSlider()).toHaveAttribute('max', '600');
    expect(amountSlider()).toHaveAttribute('step', '50');
    expect(amountSlider()).toHaveValue('300');
    expect(daysSlider()).toHaveAttribute('min', '6');
    expect(daysSlider()).toHaveAttribute('max', '31');
    expect(daysSlider()).toHaveValue('20');
    expect(daysSlider()).toHaveAttribute('aria-valuetext', '20 días');
    expect(screen.queryByRole('slider', { name: '¿En cuántas cuotas mensuales?' })).toBeNull();
    await waitFor(() => expect(payback()).toHaveTextContent(/^Pagarás 300,00€ el 30\/03\/2026$/));

    await userEvent.setup().click(radio('Préstamo a plazos'));
    expect(radio('Préstamo a plazos')).toBeChecked();
    expect(screen.queryByRole('slider', { name: '¿En cuántos días lo devuelves?' })).toBeNull();
    expect(amountSlider()).toHaveValue('2500');
    expect(screen.getByRole('slider', { name: '¿En cuántas cuotas mensuales?' })).toHaveValue('12');
    await waitFor(() => expect(payback()).toHaveTextContent(/^Pagarás \d{3},\d{2}€ el \d{2}\/\d{2}\/2026$/));
    expect(server.requests.filter(isDatesRequest)).toHaveLength(1); // the instalment loan's dates, asked now

    await userEvent.setup().click(radio('Minipréstamo'));
    expect(payback()).toHaveTextContent('Pagarás 300,00€ el 30/03/2026'); // kept: not asked again
    expect(plansAsked().map((item) => item.product ?? 'installment')).toEqual(['mini', 'installment']);
  });

  it('asks PaymentPlansPost for the minipréstamo: euros on the wire, today, one date the chosen days ahead', async () => {
    await renderMini();
    await waitFor(() => expect(plansAsked()).toHaveLength(1));
    expect(plansAsked()[0]).toEqual({
      product: 'mini',
      amount: 300,
      issueDate: TODAY,
      paymentDates: ['2026-03-30'],
    });
    fireEvent.change(amountSlider(), { target: { value: '450' } });
    await userEvent.setup().selectOptions(daysSelect(), '7');
    await waitFor(() => expect(plansAsked()).toHaveLength(3));
    expect(plansAsked()[2]).toEqual({ product: 'mini', amount: 450, issueDate: TODAY, paymentDates: ['2026-03-17'] });
    expect(server.requests.filter(isDatesRequest)).toHaveLength(0); // no salary dates for a minipréstamo
  });

  it('a term ending on a Saturday or a Sunday is repaid on the Monday, and the days shown are the real ones', async () => {
    await renderMini();
    fireEvent.change(daysSlider(), { target: { value: '18' } }); // Saturday 28 March
    await waitFor(() => expect(plansAsked().at(-1)?.paymentDates).toEqual(['2026-03-30']));
    const interest = interestCents(400, 20); // 400 € is above the free first loan
    fireEvent.change(amountSlider(), { target: { value: '400' } });
    await waitFor(() => expect(payback()).toHaveTextContent(plain(paybackText(40000 + interest, '2026-03-30'))));
    expect(screen.getByText(/^Un solo pago a 20 días:/)).toHaveTextContent(
      `Un solo pago a 20 días: ${euros(40000)} del préstamo y ${euros(interest)} de intereses · TAE`,
    );
    // The rule, for every day of a year: the date itself on a weekday, else the next Monday.
    for (let offset = 0; offset < 366; offset += 1) {
      const today = addDaysIso('2026-01-01', offset);
      for (const days of [6, 20, 31]) {
        expect(miniRepaymentDate(today, days)).toBe(nextWorkingDay(addDaysIso(today, days), []));
      }
    }
  });

  it('prices each amount and term: «Pagarás X€ el {date}» with its interest, 0,75 % a day', async () => {
    await renderMini();
    fireEvent.change(amountSlider(), { target: { value: '600' } });
    fireEvent.change(daysSlider(), { target: { value: '31' } }); // Friday 10 April
    const interest = interestCents(600, 31);
    expect(interest).toBe(13950); // 139,50 €, the rules' example
    await waitFor(() => expect(payback()).toHaveTextContent(plain(paybackText(60000 + interest, '2026-04-10'))));
    expect(screen.queryByText(/tu primer préstamo, al 0 %/)).toBeNull();
  });

  it('a visitor’s quote up to 300 € is the interest-free first loan: 0,00 € de intereses, and what is owed if the date is missed', async () => {
    await renderMini();
    await waitFor(() => expect(payback()).toHaveTextContent('Pagarás 300,00€ el 30/03/2026'));
    expect(
      screen.getByText(
        plain(`${formatMoney(0)} de intereses: tu primer préstamo, al 0 %, si lo devuelves el 30/03/2026.`),
      ),
    ).toBeInTheDocument();
    const standard = interestCents(300, 20);
    expect(standard).toBe(4500);
    expect(
      screen.getByText(
        plain(
          `Si no lo devuelves ese día, pierdes la promoción y pagarás los intereses del precio estándar: ${formatMoney(standard)} (${formatMoney(30000 + standard)} en total).`,
        ),
      ),
    ).toBeInTheDocument();
    // 350 € is priced normally, on the whole amount.
    fireEvent.change(amountSlider(), { target: { value: '350' } });
    await waitFor(() =>
      expect(payback()).toHaveTextContent(plain(paybackText(35000 + interestCents(350, 20), '2026-03-30'))),
    );
    expect(screen.queryByText(/de intereses: tu primer préstamo/)).toBeNull();
  });

  it('a customer past the first loan gets no 0 % message: the server’s interestFree decides', async () => {
    server.handler = (request, response) => {
      if (!isPlansRequest(request)) return void (answerQuote(request, response) || json(response, 404, {}));
      json(response, 200, { data: body<WireItem[]>(request).map((item) => wirePlan(item, { interestFree: false })) });
    };
    await renderMini();
    await waitFor(() => expect(payback()).toHaveTextContent(plain(paybackText(34500, '2026-03-30'))));
    expect(screen.queryByText(/de intereses: tu primer préstamo/)).toBeNull();
  });

  it('shows the minipréstamo’s representative example, equal to the figures worked out by hand', async () => {
    await renderMini();
    // 300 € for 20 days at 0,75 % a day: 45 € of interest, 345 € in one payment. TIN = 0,75 × 365. TAE by Annex I
    // for one payment t = 20/365 years later: (1 + X)^t = 345 / 300.
    const tae = ((345 / 300) ** (365 / 20) - 1) * 100;
    const expected =
      `Ejemplo representativo: para un minipréstamo de ${formatMoney(30000)} devuelto en un solo pago a 20 días, ` +
      `TIN ${formatPercent(0.75 * 365, 2)}, intereses ${formatMoney(4500)}, importe total adeudado ${formatMoney(34500)}, ` +
      `TAE ${formatPercent(tae, 1)}. Tu primer préstamo, de hasta ${formatMoney(30000)}, sin intereses si lo devuelves en la fecha acordada.`;
    expect(formatPercent(tae, 1)).toBe('1.181,6 %');
    expect(screen.getByText(plain(expected))).toBeInTheDocument(); // before the first quote, too
    await waitFor(() => expect(payback()).toHaveTextContent('Pagarás 300,00€ el 30/03/2026'));
    expect(screen.getByText(plain(expected))).toBeInTheDocument();

    await userEvent.setup().click(radio('Préstamo a plazos'));
    expect(
      await screen.findByText(/^Ejemplo representativo: para un préstamo de 2\.500,00 € en 12 cuotas/),
    ).toBeInTheDocument();
    expect(screen.queryByText(plain(expected))).toBeNull();
  });

  it("«Más Información» of the minipréstamo opens its contract once priced, as the instalment loan's does", async () => {
    await renderMini();
    await waitFor(() => expect(payback()).toHaveTextContent('Pagarás 300,00€ el 30/03/2026'));
    // The modal's request and contract: agreement-modal.test.tsx.
    expect(screen.getByRole('button', { name: 'Más Información' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Más Información' })).toBeNull();
    await userEvent.setup().click(radio('Préstamo a plazos'));
    await waitFor(() => expect(payback()).toHaveTextContent(/^Pagarás \d{3},\d{2}€ el \d{2}\/\d{2}\/2026$/));
    expect(screen.getByRole('button', { name: 'Más Información' })).toBeEnabled();
  });

  it('remembers the product with the choice for the loan request (calculatorChoiceAtom)', async () => {
    const store = getDefaultStore();
    await store.set(calculatorChoiceAtom, RESET);
    await renderMini();
    expect(store.get(calculatorChoiceAtom)).toBeNull(); // the defaults are no choice
    fireEvent.change(amountSlider(), { target: { value: '250' } });
    fireEvent.change(daysSlider(), { target: { value: '25' } });
    expect(store.get(calculatorChoiceAtom)).toEqual({ product: 'mini', amount: 250, installments: 12, days: 25 });
    await userEvent.setup().click(radio('Préstamo a plazos'));
    expect(store.get(calculatorChoiceAtom)).toEqual({ amount: 2500, installments: 12 }); // as before the minipréstamo
    await store.set(calculatorChoiceAtom, RESET);
  });
});

describe('home page: which product comes first', () => {
  async function renderHome(store: Awaited<ReturnType<typeof freshStore>>) {
    await act(async () => {
      render(
        <Provider store={store}>
          <MemoryRouter>
            <HomePage />
          </MemoryRouter>
        </Provider>,
      );
    });
  }

  it('a visitor (the zero-interest hero) sees the minipréstamo of 300 € first', async () => {
    await renderHome(await freshStore());
    const calculator = screen.getByRole('region', { name: 'Calcula tu préstamo' });
    expect(within(calculator).getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    expect(within(calculator).getByRole('slider', { name: '¿Cuánto dinero necesitas?' })).toHaveValue('300');
  });

  it('the hero’s call to action shows the offer again: the minipréstamo of 300 €', async () => {
    await renderHome(await freshStore());
    const user = userEvent.setup();
    await user.click(radio('Préstamo a plazos'));
    expect(amountSlider()).toHaveValue('2500');
    const cta = screen.getByRole('link', { name: /^Calcula tu minipréstamo al 0\s%$/ });
    expect(cta).toHaveAttribute('href', '#calculadora');
    await user.click(cta);
    expect(radio('Minipréstamo')).toBeChecked();
    expect(radio('Minipréstamo')).toHaveFocus();
    expect(amountSlider()).toHaveValue('300');
  });
});
