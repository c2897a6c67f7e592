import type { PaymentDateRequest, PaymentPlan, PaymentPlanRequestItem } from '../../../shared/api/loan.ts';
import { CALCULATOR, FIRST_REPAYMENT } from '../../../shared/constants.ts';
import { addDaysIso, isoWeekday, type IsoDate } from '../../../shared/calendar.ts';
import { eurosToCents } from '../../../shared/money.ts';
import { getApiConfig, isApiConfigured } from '../../../lib/api/configure.ts';
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
 *
 * The minipréstamo (`product: 'mini'`) is priced on one date: today + the chosen days, moved forward to the Monday
 * when it falls on a weekend (the first repayment window's rule, repayment-window.ts; the home page loads no holiday
 * list, so a holiday is left for the loan request's date picker to move). Its answer depends on who asks (a visitor's
 * or a first-time borrower's quote up to 300 € is interest-free, a returning customer's is not), so it is kept per
 * viewer (`deps.viewer`, the logged-in member or none).
 */

export interface InstallmentQuote {
  readonly product: 'installment';
  readonly amount: number;
  readonly installments: number;
  readonly issueDate: IsoDate;
  readonly plan: PaymentPlan;
}

export interface MiniQuote {
  readonly product: 'mini';
  readonly amount: number;
  /** The days chosen; the plan's date may be later (a weekend moved to the Monday). */
  readonly days: number;
  readonly issueDate: IsoDate;
  readonly plan: PaymentPlan;
}

export type Quote = InstallmentQuote | MiniQuote;

export interface QuoteClientDeps {
  readonly fetchDates: (request: PaymentDateRequest) => Promise<IsoDate[]>;
  readonly fetchPlan: (item: PaymentPlanRequestItem, signal: AbortSignal) => Promise<PaymentPlan>;
  readonly today: () => IsoDate;
  /** Who is asking (the logged-in member's id, '' for a visitor): a minipréstamo's price depends on it. */
  readonly viewer?: () => string;
}

export interface QuoteClient {
  /** The answer already received today for this amount and count, if any. */
  cached(amount: number, installments: number): InstallmentQuote | undefined;
  /** The quote for this amount and count; `signal` cancels it (the dates request, shared, goes on). */
  quote(amount: number, installments: number, signal: AbortSignal): Promise<InstallmentQuote>;
  /** The minipréstamo's answer already received today for this amount and term, for this viewer, if any. */
  cachedMini(amount: number, days: number): MiniQuote | undefined;
  /** The minipréstamo's quote for this amount (euros) repaid `days` from today; `signal` cancels it. */
  quoteMini(amount: number, days: number, signal: AbortSignal): Promise<MiniQuote>;
}

/**
 * The minipréstamo's repayment date: `days` after `today`, on the Monday when that is a Saturday or a Sunday (as
 * `nextWorkingDay` of repayment-window.ts without holidays, written out so the first load does not carry it).
 */
export function miniRepaymentDate(today: IsoDate, days: number): IsoDate {
  const weekday = isoWeekday(addDaysIso(today, days));
  return addDaysIso(today, days + (weekday === 6 ? 2 : weekday === 7 ? 1 : 0));
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
  const plans = new Map<string, InstallmentQuote>();
  const minis = new Map<string, MiniQuote>();
  const viewer = deps.viewer ?? (() => '');

  /** Today's date, forgetting yesterday's dates and plans when the day has changed. */
  const issueDate = (): IsoDate => {
    const today = deps.today();
    if (today !== day) {
      day = today;
      dates = null;
      plans.clear();
      minis.clear();
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
  const miniKey = (amount: number, days: number) => `${viewer()}|${amount}|${days}`;

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
      const quote: InstallmentQuote = { product: 'installment', amount, installments, issueDate: today, plan };
      if (day === today) plans.set(key(amount, installments), quote);
      return quote;
    },
    cachedMini(amount, days) {
      issueDate();
      return minis.get(miniKey(amount, days));
    },
    async quoteMini(amount, days, signal) {
      const today = issueDate();
      const cacheKey = miniKey(amount, days);
      const known = minis.get(cacheKey);
      if (known) return known;
      const item = {
        product: 'mini' as const,
        amount: eurosToCents(amount),
        issueDate: today,
        paymentDates: [miniRepaymentDate(today, days)],
      };
      const plan = await deps.fetchPlan(item, signal);
      const quote: MiniQuote = { product: 'mini', amount, days, issueDate: today, plan };
      if (day === today) minis.set(cacheKey, quote);
      return quote;
    },
  };
}

/** The app's one quote client: its dates and answers outlive a visit to the home page. */
export const quoteClient: QuoteClient = createQuoteClient({
  fetchDates: (request) => postPaymentDates(request),
  fetchPlan: (item, signal) => postPaymentPlan(item, signal),
  today: () => todayInMadrid(),
  viewer: () => (isApiConfigured() ? String(getApiConfig().getAuth()?.memberId ?? '') : ''),
});
