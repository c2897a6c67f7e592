import type { PaymentDateRequest, PaymentPlan, PaymentPlanRequestItem } from '../../../shared/api/loan.ts';
import { CALCULATOR, FIRST_REPAYMENT } from '../../../shared/constants.ts';
import { addDaysIso, type IsoDate } from '../../../shared/calendar.ts';
import { eurosToCents } from '../../../shared/money.ts';
import { postPaymentDates } from '../api/post-payment-dates.ts';
import { postPaymentPlan } from '../api/post-payment-plans.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';

/**
 * The calculator's pricing (first document §4 "Loan calculation on home"): the 24 payment dates are asked once
 * (PaymentDatePost), then each amount / instalment count is priced with PaymentPlansPost on the first N of them.
 * An answer already seen today is reused instead of asking again.
 *
 * The dates request (first document §3 "Payment date request"): `specificDate` on the default payment day 30,
 * 24 dates, week empty. Decision: the next salary date is today + 6 days, the earliest first repayment the loan
 * request allows (second document §5), so the first instalment the calculator shows is never closer than that.
 * The issue date is today in Madrid.
 */

export interface Quote {
  readonly amount: number;
  readonly installments: number;
  readonly issueDate: IsoDate;
  readonly plan: PaymentPlan;
}

export interface QuoteClientDeps {
  readonly fetchDates: (request: PaymentDateRequest) => Promise<IsoDate[]>;
  readonly fetchPlan: (item: PaymentPlanRequestItem, signal: AbortSignal) => Promise<PaymentPlan>;
  readonly today: () => IsoDate;
}

export interface QuoteClient {
  /** The answer already received today for this amount and count, if any. */
  cached(amount: number, installments: number): Quote | undefined;
  /** The quote for this amount and count; `signal` cancels it (the dates request, shared, goes on). */
  quote(amount: number, installments: number, signal: AbortSignal): Promise<Quote>;
}

export function paymentDateRequest(today: IsoDate): PaymentDateRequest {
  return {
    nextSalaryDate: addDaysIso(today, FIRST_REPAYMENT.earliestInDays),
    calculateNextXDates: CALCULATOR.paymentDatesLoaded,
    paymentFrequencyLogical: 'specificDate',
    day: CALCULATOR.defaultPaymentDay,
    week: '',
  };
}

/** Rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function createQuoteClient(deps: QuoteClientDeps): QuoteClient {
  let day: IsoDate | null = null;
  let dates: Promise<IsoDate[]> | null = null;
  const plans = new Map<string, Quote>();

  /** Today's date, forgetting yesterday's dates and plans when the day has changed. */
  const issueDate = (): IsoDate => {
    const today = deps.today();
    if (today !== day) {
      day = today;
      dates = null;
      plans.clear();
    }
    return today;
  };

  const paymentDates = (today: IsoDate): Promise<IsoDate[]> => {
    if (!dates) {
      const request = deps.fetchDates(paymentDateRequest(today));
      dates = request;
      // A failed request is forgotten, so the next quote asks again.
      request.catch(() => {
        if (dates === request) dates = null;
      });
    }
    return dates;
  };

  const key = (amount: number, installments: number) => `${amount}|${installments}`;

  return {
    cached(amount, installments) {
      issueDate();
      return plans.get(key(amount, installments));
    },
    async quote(amount, installments, signal) {
      const today = issueDate();
      const known = plans.get(key(amount, installments));
      if (known) return known;
      const all = await untilAborted(paymentDates(today), signal);
      if (all.length < installments) throw new RangeError(`Only ${all.length} payment dates for ${installments}`);
      // The calculator's amounts are whole euros (its slider's unit); the contract takes Cents.
      const item = { amount: eurosToCents(amount), issueDate: today, paymentDates: all.slice(0, installments) };
      const plan = await deps.fetchPlan(item, signal);
      const quote: Quote = { amount, installments, issueDate: today, plan };
      if (day === today) plans.set(key(amount, installments), quote);
      return quote;
    },
  };
}

/** The app's one quote client: its dates and answers outlive a visit to the home page. */
export const quoteClient: QuoteClient = createQuoteClient({
  fetchDates: (request) => postPaymentDates(request),
  fetchPlan: (item, signal) => postPaymentPlan(item, signal),
  today: () => todayInMadrid(),
});
