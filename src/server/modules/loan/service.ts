import type { AgreementRequest } from '../../../shared/api/agreement.ts';
import {
  type PaymentDateRequest,
  type PaymentPlan as WirePaymentPlan,
  type PaymentPlanRequestItem,
  PaymentPlansPost,
} from '../../../shared/api/loan.ts';
import { FIRST_REPAYMENT } from '../../../shared/constants.ts';
import { LOAN_REQUEST } from '../../../shared/loan-constants.ts';
import { addYearsIso, type IsoDate } from '../../../shared/dates.ts';
import { daysBetweenIso, isIsoDate } from '../../../shared/calendar.ts';
import {
  isAmountWithinDefinition,
  loanDefinitionToWire,
  type InstallmentLoanDefinition,
  type LoanDefinition,
  type MiniLoanDefinition,
} from '../../../shared/loan/loan-definition.ts';
import { computePaymentDates } from '../../../shared/loan/payment-dates.ts';
import { buildPaymentPlan, type PaymentPlan } from '../../../shared/loan/plan.ts';
import { taeForPlan } from '../../../shared/loan/tae.ts';
import { eurosToCents, toCents, type Cents } from '../../../shared/money.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { validatedAnswer } from '../../http/serializer.ts';
import type { DefinitionCatalogue } from './definition-catalogue.ts';
import { findDefinitionInForce } from './definition-repository.ts';
import { QuoteCache } from './quote-cache.ts';
import { findQuotingCustomer, hasHadLoan } from './repository.ts';

/**
 * Quotes: what a loan would cost before it exists (PaymentDatePost, PaymentPlansPost, and the pricing of AgreementPost, whose documents the agreement module renders). Pure
 * pricing from `src/shared/loan`, so the calculator, the request form and the contract show the same cents.
 *
 * What the server quotes (the spec gives several ranges; a quote is not an offer, the loan request enforces the
 * customer's limit and the enabled instalment options):
 * - amount: whole cents, from the default loan flow's 100 € up to the highest amount offered anywhere: the
 *   calculator's 5.000 €, or for a logged-in customer their credit limit + 500 € when that is higher
 *   (the request form's "availableLimit plus 500"); otherwise InvalidLoanAmount;
 * - payment dates: 1 to the definition's maximum number of instalments (24), each after the issue date and the
 *   one before it, the last within 5 years of the issue date; otherwise InvalidPaymentDates.
 * A minipréstamo (`product: 'mini'`): an amount within its definition's bounds and steps (100–600 € by 50 €),
 * otherwise InvalidLoanAmount; one payment date, 1 to MINI_QUOTE_MAX_DAYS days after the issue date (the request
 * enforces the first repayment window), otherwise InvalidPaymentDates. It is priced interest-free up to the first
 * loan's free maximum for a visitor and for a customer who never had a loan paid out.
 */

const MIN_QUOTE_CENTS = eurosToCents(LOAN_REQUEST.defaultFlowAmount);
const MAX_TERM_YEARS = 5;
/**
 * The longest minipréstamo a quote prices: the first repayment window's last day (today + 31) moved off weekends and
 * holidays, with two weeks of room (a quote is not an offer: the request enforces the window).
 */
const MINI_QUOTE_MAX_DAYS = FIRST_REPAYMENT.latestInDays + 14;

/** The loan service's one deps object. */
export interface QuoteDeps {
  db: Executor;
  clock: Clock;
  /** The definitions in force, kept in memory for the calculator's quotes (`definition-catalogue.ts`). */
  definitions: DefinitionCatalogue;
}

/** PaymentDatePost: the salary-driven payment dates (first document §3). */
export function paymentDates(request: PaymentDateRequest): IsoDate[] {
  try {
    return computePaymentDates(request);
  } catch (error) {
    if (error instanceof RangeError) throw new BusinessError('InvalidPaymentDates');
    throw error;
  }
}

/** The caller's customer when `customerId` names them; a customerId of someone else is not found (404). */
async function quotingCustomer(
  deps: Pick<QuoteDeps, 'db'>,
  customer: AuthenticatedCustomer | null,
  customerId: number | undefined,
  options: { askFirstLoan?: boolean } = {},
): Promise<QuotingCustomer | null> {
  if (customerId !== undefined) {
    if (!customer) throw new HttpError('Unauthorized');
    if (customer.id !== customerId) throw new HttpError('NotFound');
  }
  if (!customer) return null;
  const [row, hadLoan] = await Promise.all([
    findQuotingCustomer(deps.db, customer.id),
    options.askFirstLoan ? hasHadLoan(deps.db, customer.id) : Promise.resolve(true),
  ]);
  return row
    ? {
        creditLimitCents: row.creditLimitCents,
        fullName: `${row.firstName} ${row.lastName}`.trim(),
        firstLoan: !hadLoan,
      }
    : null;
}

interface QuotingCustomer {
  creditLimitCents: number;
  fullName: string;
  /** Never had a loan paid out (only asked when a minipréstamo is quoted; false otherwise). */
  firstLoan: boolean;
}

function maxQuoteCents(definition: InstallmentLoanDefinition, creditLimitCents: number | undefined): number {
  const offered = creditLimitCents ? creditLimitCents + eurosToCents(LOAN_REQUEST.amountAboveLimit) : 0;
  return Math.max(definition.maxAmountCents, offered);
}

/** The amount (whole cents already: the contract refuses fractions of a cent with a 400) within what is offered. */
function amountCentsOrThrow(amount: Cents, maxCents: number): Cents {
  if (amount < MIN_QUOTE_CENTS || amount > maxCents) throw new BusinessError('InvalidLoanAmount');
  return amount;
}

function planOrThrow(
  amountCents: number,
  issueDate: IsoDate,
  dates: readonly IsoDate[],
  definition: InstallmentLoanDefinition,
): PaymentPlan<InstallmentLoanDefinition> {
  const last = dates.at(-1);
  if (dates.length > definition.maxInstallments || !last || last > addYearsIso(issueDate, MAX_TERM_YEARS)) {
    throw new BusinessError('InvalidPaymentDates');
  }
  try {
    return buildPaymentPlan({ amountCents, issueDate, paymentDates: dates, definition });
  } catch (error) {
    if (error instanceof RangeError) throw new BusinessError('InvalidPaymentDates');
    throw error;
  }
}

/** TAE in percent with one decimal, as the disclaimer and the contract print it. */
export const roundedTae = (plan: PaymentPlan, issueDate: IsoDate) => Math.round(taeForPlan(plan, issueDate) * 10) / 10;

function planToWire(plan: PaymentPlan, issueDate: IsoDate): WirePaymentPlan {
  return {
    installments: plan.installments.map((item) => ({
      initialBase: toCents(item.baseCents),
      initialCalculatedInterest: toCents(item.interestCents),
      expectedDate: item.expectedDate,
      totalPayment: toCents(item.totalCents),
    })),
    loanDefinition: loanDefinitionToWire(plan.definition),
    totalInstallmentDays: plan.totalInstallmentDays,
    taePercent: roundedTae(plan, issueDate),
    interestFree: plan.interestFree,
  };
}

/**
 * Priced plans per (definition, amount, issue date, dates): the plan with its TAE, and the one-plan answer already
 * checked against the contract (see `quote-cache.ts`, `http/serializer.ts`).
 */
const quoteCache = new QuoteCache<{ plan: WirePaymentPlan; answer: WirePaymentPlan[] }>();

/**
 * PaymentPlansPost: one priced plan per requested item, in order. An anonymous quote (every marketing visit) needs
 * no database and answers at once; a logged-in customer's is priced once their limit is read.
 */
export function paymentPlans(
  deps: QuoteDeps,
  items: readonly PaymentPlanRequestItem[],
  customer: AuthenticatedCustomer | null,
  customerId: number | undefined,
): WirePaymentPlan[] | Promise<WirePaymentPlan[]> {
  const now = deps.clock.now();
  const hasMini = items.some((item) => item.product === 'mini');
  const installment = deps.definitions.inForce('installment', now);
  const mini = hasMini ? deps.definitions.inForce('mini', now) : null;
  if (
    customer === null &&
    customerId === undefined &&
    !(installment instanceof Promise) &&
    !(mini instanceof Promise)
  ) {
    return priceQuotes({ installment, mini }, items, null);
  }
  return Promise.all([installment, mini, quotingCustomer(deps, customer, customerId, { askFirstLoan: hasMini })]).then(
    ([inForce, miniInForce, quoting]) => priceQuotes({ installment: inForce, mini: miniInForce }, items, quoting),
  );
}

function priceQuotes(
  definitions: { installment: InstallmentLoanDefinition; mini: MiniLoanDefinition | null },
  items: readonly PaymentPlanRequestItem[],
  quoting: QuotingCustomer | null,
): WirePaymentPlan[] {
  const quotes = items.map((item) =>
    item.product === 'mini'
      ? priceMini(definitions.mini!, item, quoting)
      : priceInstallment(definitions.installment, item, quoting),
  );
  // The calculator asks for one plan at a time: its answer was validated and serialised once, when first priced.
  return quotes.length === 1 ? quotes[0]!.answer : quotes.map((quote) => quote.plan);
}

function priceInstallment(
  definition: InstallmentLoanDefinition,
  item: PaymentPlanRequestItem,
  quoting: QuotingCustomer | null,
) {
  const amountCents = amountCentsOrThrow(item.amount, maxQuoteCents(definition, quoting?.creditLimitCents));
  const { issueDate, paymentDates: dates } = item;
  return quoteCache.get({ definition, amountCents, issueDate, paymentDates: dates }, () => {
    const plan = planToWire(planOrThrow(amountCents, issueDate, dates, definition), issueDate);
    return { plan, answer: validatedAnswer(PaymentPlansPost.response, [plan]) };
  });
}

/**
 * A minipréstamo's plan, checked: the amount within its definition, one payment date 1 to MINI_QUOTE_MAX_DAYS days
 * after the issue date, interest-free up to the first loan's maximum for a visitor or a customer who never had a loan.
 */
function miniPlanOrThrow(
  definition: MiniLoanDefinition,
  amountCents: Cents,
  issueDate: IsoDate,
  dates: readonly IsoDate[],
  quoting: QuotingCustomer | null,
): PaymentPlan<MiniLoanDefinition> {
  if (!isAmountWithinDefinition(definition, amountCents)) throw new BusinessError('InvalidLoanAmount');
  const [date] = dates;
  if (dates.length !== 1 || date === undefined || !isIsoDate(date)) throw new BusinessError('InvalidPaymentDates');
  const days = daysBetweenIso(issueDate, date);
  if (days < 1 || days > MINI_QUOTE_MAX_DAYS) throw new BusinessError('InvalidPaymentDates');
  const interestFree = amountCents <= definition.firstLoanFreeMaxCents && (quoting === null || quoting.firstLoan);
  return buildPaymentPlan({ amountCents, issueDate, paymentDates: dates, definition, interestFree });
}

function priceMini(definition: MiniLoanDefinition, item: PaymentPlanRequestItem, quoting: QuotingCustomer | null) {
  const { amount: amountCents, issueDate, paymentDates: dates } = item;
  // Checked before the cache: the key holds only what the price depends on.
  const priced = miniPlanOrThrow(definition, amountCents, issueDate, dates, quoting);
  const { interestFree } = priced;
  return quoteCache.get({ definition, amountCents, issueDate, paymentDates: dates, interestFree }, () => {
    const plan = planToWire(priced, issueDate);
    return { plan, answer: validatedAnswer(PaymentPlansPost.response, [plan]) };
  });
}

/** An unsaved loan priced by the server (AgreementPost's figures): what the agreement documents print. */
export interface UnsavedLoanQuote {
  readonly customerName: string | null;
  readonly amountCents: Cents;
  readonly issueDate: IsoDate;
  readonly plan: PaymentPlan<LoanDefinition>;
  /** TAE in percent, one decimal. */
  readonly tae: number;
  readonly definition: LoanDefinition;
}

/**
 * AgreementPost's pricing: the unsaved loan is priced again here from the product, the amount, the issue date and
 * the instalment dates, by the rules of PaymentPlansPost; the instalment amounts the client sent are not used, so a
 * contract can only ever show the server's pricing (the agreement module renders the documents).
 */
export async function quoteUnsavedLoan(
  deps: Pick<QuoteDeps, 'db' | 'clock'>,
  request: AgreementRequest,
  customer: AuthenticatedCustomer | null,
): Promise<UnsavedLoanQuote> {
  const now = deps.clock.now();
  const dates = request.installments.map((item) => item.expectedDate);
  const issueDate = request.createdDate;
  let plan: PaymentPlan<LoanDefinition>;
  let quoting: QuotingCustomer | null;
  if (request.loanProduct === 'mini') {
    const [definition, found] = await Promise.all([
      findDefinitionInForce(deps.db, 'mini', now),
      quotingCustomer(deps, customer, undefined, { askFirstLoan: true }),
    ]);
    quoting = found;
    plan = miniPlanOrThrow(definition, request.loanAmount, issueDate, dates, quoting);
  } else {
    const [definition, found] = await Promise.all([
      findDefinitionInForce(deps.db, 'installment', now),
      quotingCustomer(deps, customer, undefined),
    ]);
    quoting = found;
    const amountCents = amountCentsOrThrow(request.loanAmount, maxQuoteCents(definition, quoting?.creditLimitCents));
    plan = planOrThrow(amountCents, issueDate, dates, definition);
  }
  return {
    customerName: quoting?.fullName ?? null,
    amountCents: request.loanAmount,
    issueDate,
    plan,
    tae: roundedTae(plan, issueDate),
    definition: plan.definition,
  };
}
