// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createQuoteClient, paymentDateRequest } from '../../../../src/features/home/quotes/quote-client.ts';
import type { PaymentDateRequest, PaymentPlanRequestItem } from '../../../../src/shared/api/loan.ts';
import { computePaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { contractPlan } from './loan-server.ts';

/** The calculator's pricing client with in-process fakes: what is asked, once, and what is reused. */
function setup(start = '2026-03-10') {
  let today = start;
  const datesAsked: PaymentDateRequest[] = [];
  const plansAsked: PaymentPlanRequestItem[] = [];
  const client = createQuoteClient({
    today: () => today,
    fetchDates: async (request) => {
      datesAsked.push(request);
      return computePaymentDates(request);
    },
    fetchPlan: async (item) => {
      plansAsked.push(item);
      return contractPlan(item);
    },
  });
  return { client, datesAsked, plansAsked, setToday: (day: string) => (today = day) };
}

const signal = () => new AbortController().signal;

describe('calculator quote client', () => {
  it('the first instalment is never closer than 6 days: the salary date sent is today + 6, day 30', () => {
    expect(paymentDateRequest('2026-03-28')).toEqual({
      nextSalaryDate: '2026-04-03',
      calculateNextXDates: 24,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
      week: '',
    });
    expect(computePaymentDates(paymentDateRequest('2026-03-28'))[0]).toBe('2026-04-30');
  });

  it('prices N instalments on the first N of the 24 dates, asking the dates once', async () => {
    const { client, datesAsked, plansAsked } = setup();
    const twelve = await client.quote(2500, 12, signal());
    const twenty = await client.quote(2500, 20, signal());
    expect(datesAsked).toHaveLength(1);
    const dates = computePaymentDates(paymentDateRequest('2026-03-10'));
    expect(plansAsked.map((item) => item.paymentDates)).toEqual([dates.slice(0, 12), dates.slice(0, 20)]);
    expect(twelve.plan.installments).toHaveLength(12);
    expect(twenty.plan.installments).toHaveLength(20);
  });

  it('reuses an answer for an amount and count already seen, and says so through cached()', async () => {
    const { client, plansAsked } = setup();
    expect(client.cached(3000, 16)).toBeUndefined();
    const first = await client.quote(3000, 16, signal());
    expect(client.cached(3000, 16)).toBe(first);
    expect(await client.quote(3000, 16, signal())).toBe(first);
    expect(plansAsked).toHaveLength(1);
  });

  it('a new day forgets the dates and answers of the day before', async () => {
    const { client, datesAsked, plansAsked, setToday } = setup('2026-03-10');
    await client.quote(2500, 12, signal());
    setToday('2026-03-11');
    expect(client.cached(2500, 12)).toBeUndefined();
    const next = await client.quote(2500, 12, signal());
    expect(next.issueDate).toBe('2026-03-11');
    expect(datesAsked.map((request) => request.nextSalaryDate)).toEqual(['2026-03-16', '2026-03-17']);
    expect(plansAsked).toHaveLength(2);
  });

  it('a cancelled quote rejects at once, while the shared dates request goes on for the next one', async () => {
    let release: () => void = () => undefined;
    const datesAsked: PaymentDateRequest[] = [];
    const client = createQuoteClient({
      today: () => '2026-03-10',
      fetchDates: (request) =>
        new Promise((resolve) => {
          datesAsked.push(request);
          release = () => resolve(computePaymentDates(request));
        }),
      fetchPlan: async (item) => contractPlan(item),
    });
    const controller = new AbortController();
    const stale = client.quote(2500, 12, controller.signal);
    controller.abort(new DOMException('moved on', 'AbortError'));
    await expect(stale).rejects.toThrow('moved on');
    const fresh = client.quote(3000, 12, signal());
    release();
    expect((await fresh).amount).toBe(3000);
    expect(datesAsked).toHaveLength(1);
  });
});
