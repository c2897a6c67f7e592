import { callApi } from '../../../lib/api/client.ts';
import type { Customer } from '../../../shared/api/membership.ts';
import { getCustomer } from '../../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../../lib/api/calls/customer-cards.ts';
import { customerPermissions } from '../../../lib/api/calls/check-permissions.ts';
import { getAvailableLimit } from '../../../lib/api/calls/credit-limit.ts';
import { getScrapedAccounts } from '../../../lib/api/calls/scraped-accounts.ts';
import { getCustomerLoansByStatus } from '../../../lib/api/calls/customer-loans.ts';
import { AgreementByTypeGet, LoanOfferDocumentsPost } from '../../../shared/api/agreement.ts';
import {
  CheckLoanByRestructuredPost,
  HolidaysGet,
  RequestLoanPost,
  type LoanRequestResult,
  type PaymentPlan,
} from '../../../shared/api/loan.ts';
import { postPaymentPlans } from '../../../lib/api/calls/payment-plans.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
import type { LoanFlowLoaded } from '../../../lib/storage/loan-flow-atom.ts';
import { computePaymentDates } from '../../../shared/loan/payment-dates.ts';
import { computeTae } from '../../../shared/loan/tae.ts';
import { eurosToCents, sumCents, type Cents } from '../../../shared/money.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { LOAN_REQUEST } from '../../../shared/loan-constants.ts';

/** The loan request's calls. Loads skip the global error dialogs: the page falls back to what the flow saved. */

const quiet = { ignoreErrors: true } as const;

export interface LoanRequestData {
  readonly loaded: Required<Omit<LoanFlowLoaded, 'plans'>>;
  readonly customer: Pick<Customer, 'isRtb' | 'isBlacklist' | 'email' | 'status'>;
  readonly hasLoanInProgress: boolean;
  readonly canRequestLoan: boolean;
}

/** Everything the form needs, in parallel (second document §4 redirects included). */
export async function loadLoanRequestData(customerId: number): Promise<LoanRequestData> {
  const [limit, holidays, accounts, cards, permissions, customer, loans, restructured] = await Promise.all([
    getAvailableLimit(),
    callApi(HolidaysGet, {}, quiet),
    getScrapedAccounts(),
    getCustomerCards(quiet),
    customerPermissions(customerId),
    getCustomer(),
    getCustomerLoansByStatus(['issued', 'arranged'], quiet),
    callApi(CheckLoanByRestructuredPost, { query: { customerId } }, quiet),
  ]);
  return {
    loaded: {
      availableLimitCents: limit,
      holidays,
      accounts: accounts.map(({ accountId, accountNumber, bankValue }) => ({ accountId, accountNumber, bankValue })),
      cards: cards.map(({ id, maskedCardNumber, cardStatus, brand }) => ({ id, maskedCardNumber, cardStatus, brand })),
      hasCommunicationPreferences: permissions !== null && Object.keys(permissions).length > 0,
    },
    customer: {
      isRtb: customer.isRtb,
      isBlacklist: customer.isBlacklist,
      email: customer.email,
      status: customer.status,
    },
    hasLoanInProgress: loans.length > 0,
    canRequestLoan: !restructured.hasRestructuredLoan || restructured.canRequestLoan,
  };
}

export type PlanOption = NonNullable<LoanFlowLoaded['plans']>['options'][number];

/** The payment dates of a first repayment date: monthly on that day, the stored flow's salary rule. */
export function paymentDatesFrom(firstRepaymentDate: IsoDate): IsoDate[] {
  return computePaymentDates({
    nextSalaryDate: firstRepaymentDate,
    calculateNextXDates: LOAN_REQUEST.salaryDatesComputed,
    paymentFrequencyLogical: 'specificDate',
  });
}

/** A plan's figures: monthly (first) payment, total interest, total to repay, TAE (Annex I, shared solver). */
export function planOption(plan: PaymentPlan, amountCents: Cents, issueDate: IsoDate): PlanOption {
  const first = plan.installments[0];
  const totalCents = sumCents(plan.installments.map((item) => item.totalPayment));
  return {
    installments: plan.installments.length,
    monthlyCents: first?.totalPayment ?? 0,
    firstPaymentCents: first ? first.initialBase + first.initialCalculatedInterest : 0,
    totalInterestCents: sumCents(plan.installments.map((item) => item.initialCalculatedInterest)),
    totalCents,
    taePercent: computeTae({
      drawdowns: [{ date: issueDate, cents: amountCents }],
      payments: plan.installments.map((item) => ({ date: item.expectedDate, cents: item.totalPayment })),
    }),
    firstDate: first?.expectedDate ?? issueDate,
  };
}

/** One PaymentPlansPost with the four instalment options' plans. */
export async function loadPlans(
  product: number,
  firstRepaymentDate: IsoDate,
  issueDate: IsoDate,
  customerId: number,
  counts: readonly number[],
  signal?: AbortSignal,
): Promise<PlanOption[]> {
  const amount = eurosToCents(product);
  const dates = paymentDatesFrom(firstRepaymentDate);
  const plans = await postPaymentPlans(
    counts.map((count) => ({ amount, issueDate, paymentDates: dates.slice(0, count) })),
    { customerId, signal },
  );
  return plans.map((plan) => planOption(plan, amount, issueDate));
}

export interface LoanRequestInput {
  readonly product: number;
  readonly installment: number;
  readonly firstRepaymentDate: IsoDate;
  readonly accountId: number;
  readonly cardId: number | null;
  readonly acceptCommunications: boolean;
}

/**
 * RequestLoanPost: ONE call of callApi per press (one Idempotency-Key; its own retries reuse it). Errors are
 * handled by the page (codes of §8), the global catalogue only for what is not a business error.
 */
export function requestLoan(input: LoanRequestInput): Promise<LoanRequestResult> {
  return callApi(RequestLoanPost, {
    query: { accountId: input.accountId },
    body: {
      product: eurosToCents(input.product),
      installment: input.installment,
      firstRepaymentDate: input.firstRepaymentDate,
      accountId: input.accountId,
      cardId: input.cardId,
      acceptCommunications: input.acceptCommunications,
      paymentDates: paymentDatesFrom(input.firstRepaymentDate).slice(0, input.installment),
    },
  });
}

/** The offer on the form, complete: what LoanOfferDocumentsPost renders and RequestLoanPost would sign. */
export type LoanOfferInput = Pick<LoanRequestInput, 'product' | 'installment' | 'firstRepaymentDate' | 'accountId'>;

/**
 * LoanOfferDocumentsPost: the documents of the offer on the form (loan explanation, terms, pre-contract
 * information, contract), rendered by the server from that exact offer; the one of `type` (global errors skipped:
 * the modal says it could not load).
 */
export async function loadOfferDocument(type: AgreementType, offer: LoanOfferInput, signal?: AbortSignal) {
  const texts = await callApi(
    LoanOfferDocumentsPost,
    {
      body: {
        product: eurosToCents(offer.product),
        installment: offer.installment,
        firstRepaymentDate: offer.firstRepaymentDate,
        accountId: offer.accountId,
        paymentDates: paymentDatesFrom(offer.firstRepaymentDate).slice(0, offer.installment),
      },
    },
    signal ? { ...quiet, signal } : quiet,
  );
  const text = texts.find((item) => item.type === type);
  if (!text) throw new Error(`LoanOfferDocumentsPost answered no ${type}`);
  return text;
}

/** AgreementByTypeGet: one agreement text, of the saved loan `loanId` when given (global errors skipped). */
export function loadAgreement(type: AgreementType, { loanId, signal }: { loanId?: number; signal?: AbortSignal } = {}) {
  return callApi(
    AgreementByTypeGet,
    { params: { type }, query: loanId === undefined ? {} : { loanId } },
    signal ? { ...quiet, signal } : quiet,
  );
}
