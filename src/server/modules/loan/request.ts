import type { LoanOffer } from '../../../shared/api/agreement.ts';
import type { LoanRequestPayload, LoanRequestResult } from '../../../shared/api/loan.ts';
import { LOAN_REQUEST } from '../../../shared/loan-constants.ts';
import { ageOnDate, todayInMadrid, type IsoDate } from '../../../shared/dates.ts';
import { LOAN_REQUEST_RESULT_MESSAGES } from './texts.ts';
import { computePaymentDates } from '../../../shared/loan/payment-dates.ts';
import {
  isAmountWithinDefinition,
  type LoanDefinition,
  type MiniLoanDefinition,
} from '../../../shared/loan/loan-definition.ts';
import { buildPaymentPlan, type PaymentPlan } from '../../../shared/loan/plan.ts';
import { firstRepaymentWindow, isSelectableRepaymentDate } from '../../../shared/loan/repayment-window.ts';
import { eurosToCents, sumCents, toCents, type Cents } from '../../../shared/money.ts';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import type { KeepAnswer } from '../../http/idempotency.ts';
import { isUsableCardStatus } from '../../../shared/card-statuses.ts';
import { customerJourney } from '../document/index.ts';
import { findDefinitionInForce } from './definition-repository.ts';
import { daysOffAround } from '../misc/index.ts';
import { PERMISSION_SOURCES, savePermissions } from '../communication/index.ts';
import {
  customerCards,
  deleteDraft,
  findCustomerAccount,
  findLimitAndOwed,
  findRequestingCustomer,
  hasHadLoan,
  hasOpenLoan,
  hasRestructuredLoan,
  insertRequestedLoan,
  outstandingPrincipalCents,
} from './repository.ts';

/** What the loan request's consent box gives: every channel. */
const ALL_CHANNELS = { allowEmail: true, allowSms: true, allow3CxCalls: true } as const;

/**
 * The loan request (RequestLoanPost) and the customer's available limit (CreditLimitGet). Every rule the form
 * applies (second document §5, §9 and the architecture's decisions) is checked again here, in this order, in one
 * transaction under the customer's lock (`loan-request:customer:<id>`), so two requests with different
 * Idempotency-Keys run one after the other and the second sees the first one's loan:
 *
 * 1. customer: blacklisted → CustomerBlacklisted; age outside 18-75 → EligibleAgeError; a status other than
 *    systemApproved or securityChecked → NotAllowedCustomerStatus;
 * 2. a restructured loan that is not over → result `failed`, subReason `hasRestructuredLoan` (the declined page);
 * 3. an open loan (requested, agreementAssigned, in payout, issued, arranged) → ActiveLoanExists;
 * 4. account: `accountId` (query and body must agree) is the caller's → else BankAccountNotFound, never another
 *    customer's data; the caller's but not `active` → result `failed`, subReason `noValidAccount` (§4);
 * 5. card: when the customer has cards (not deleted), `cardId` is required and must be one of them → else
 *    CardNotFound; without cards a `cardId` is refused the same way;
 * 6. amount: at least 2.500 €, a multiple of 500 € → else InvalidLoanAmount; at most availableLimit + 500 € →
 *    else CreditLimitExceeded. A minipréstamo (`loanProduct: 'mini'`): within its definition's bounds and steps
 *    (100–600 € by 50 €) → else InvalidLoanAmount; at most the minipréstamo's available limit → else
 *    CreditLimitExceeded;
 * 7. instalments: only the enabled option (12) → else InstallmentOptionNotAvailable; a minipréstamo: 1;
 * 8. first repayment date: inside `firstRepaymentWindow(today)`, not a weekend nor a day off (`daysOffAround`) → else
 *    InvalidFirstRepaymentDate;
 * 9. payment dates: exactly `installment` monthly dates from the first repayment date, on its day of the month
 *    (clamped to short months), as `computePaymentDates` gives them → else InvalidPaymentDates.
 *
 * The price is the definition in force for the product (read in the transaction; the loan keeps its id). A
 * minipréstamo of at most the first loan's free maximum (300 €) for a customer who never had a loan paid out is the
 * interest-free first loan (`loans.interest_free`); 0 % is never asked for, the server decides it.
 *
 * Then the loan is created `requested` (amount in cents, the plan's instalments, a history row) and the saved
 * flow is deleted. The result is `success` when the chosen card is valid, otherwise `cardEntryRequired` (the
 * customer has no valid card yet: the add-card step follows).
 */

export interface LoanRequestDeps {
  db: Database;
  clock: Clock;
}

/** Statuses that may request a loan (second document §4, §6): approved by the rule engine, or a returning customer. */
const REQUESTING_STATUSES: readonly CustomerStatus[] = ['systemApproved', 'securityChecked'];
const MIN_AGE = 18;
const MAX_AGE = 75;

/**
 * The customer's loan lock: the loan request and the agreement's acceptance (agreement module) change the
 * customer's loans under it, one after the other on any instance.
 */
export const customerLoanLock = (customerId: number) => `loan-request:customer:${customerId}`;

/** The available limits: each product's limit minus the principal still owed on open loans, never below 0. */
export async function availableLimitsCents(
  db: Executor,
  customer: { id: number; creditLimitCents: number; miniLimitCents: number },
): Promise<{ installment: Cents; mini: Cents }> {
  const owed = await outstandingPrincipalCents(db, customer.id);
  return {
    installment: toCents(Math.max(0, customer.creditLimitCents - owed)),
    mini: toCents(Math.max(0, customer.miniLimitCents - owed)),
  };
}

/** What is available of each limit: the limit minus the principal owed on open loans, never below 0. */
export const availableOf = (state: {
  creditLimitCents: number;
  miniLimitCents: number;
  owedCents: number;
}): { availableLimit: Cents; miniAvailableLimit: Cents } => ({
  availableLimit: toCents(Math.max(0, state.creditLimitCents - state.owedCents)),
  miniAvailableLimit: toCents(Math.max(0, state.miniLimitCents - state.owedCents)),
});

/** CreditLimitGet. */
export async function creditLimit(
  deps: LoanRequestDeps,
  caller: AuthenticatedCustomer,
): Promise<{ availableLimit: Cents; miniAvailableLimit: Cents }> {
  const state = await findLimitAndOwed(deps.db, caller.id);
  if (!state) throw new HttpError('Unauthorized');
  return availableOf(state);
}

/** A declined request: the journey as it stands (no loan was created). */
const failed = async (
  tx: Executor,
  customerId: number,
  subReason: 'hasRestructuredLoan' | 'noValidAccount',
): Promise<LoanRequestResult> => ({
  result: 'failed',
  subReason,
  message: LOAN_REQUEST_RESULT_MESSAGES[subReason],
  journey: await customerJourney(tx, customerId),
});

/** Rule 6 for the instalment loan: the form's minimum and step, up to the available limit (and its margin). */
export function checkAmount(amount: Cents, availableCents: number): void {
  const min = eurosToCents(LOAN_REQUEST.amountMin);
  const step = eurosToCents(LOAN_REQUEST.amountStep);
  if (amount < min || amount % step !== 0) throw new BusinessError('InvalidLoanAmount');
  if (amount > availableCents + eurosToCents(LOAN_REQUEST.amountAboveLimit))
    throw new BusinessError('CreditLimitExceeded');
}

/** Rule 6 for the minipréstamo: the definition's amounts, up to the available limit. */
export function checkMiniAmount(amount: Cents, definition: MiniLoanDefinition, availableCents: number): void {
  if (!isAmountWithinDefinition(definition, amount)) throw new BusinessError('InvalidLoanAmount');
  if (amount > availableCents) throw new BusinessError('CreditLimitExceeded');
}

function checkInstallment(installment: number): void {
  if (!(LOAN_REQUEST.enabledInstallmentOptions as readonly number[]).includes(installment))
    throw new BusinessError('InstallmentOptionNotAvailable');
}

/** The monthly dates the form computes from the first repayment date. */
export function expectedPaymentDates(firstRepaymentDate: IsoDate, installment: number): IsoDate[] {
  return computePaymentDates({
    nextSalaryDate: firstRepaymentDate,
    calculateNextXDates: installment,
    paymentFrequencyLogical: 'specificDate',
  });
}

function checkPaymentDates(
  payload: Pick<LoanRequestPayload, 'firstRepaymentDate' | 'installment' | 'paymentDates'>,
): void {
  const expected = expectedPaymentDates(payload.firstRepaymentDate, payload.installment);
  const sent = payload.paymentDates;
  if (sent.length !== expected.length || sent.some((date, index) => date !== expected[index]))
    throw new BusinessError('InvalidPaymentDates');
}

/** The product an offer sells: the instalment loan unless it says `mini`. */
const productOf = (offer: Pick<LoanOffer, 'loanProduct'>) => offer.loanProduct ?? 'installment';

/** Rules 6–9: the amount against the product and the limit, the instalments, the first repayment date, the dates. */
async function checkOffer(
  tx: Executor,
  customer: { id: number; creditLimitCents: number; miniLimitCents: number },
  offer: LoanOffer,
  definition: LoanDefinition,
  today: IsoDate,
  holidays: Awaited<ReturnType<typeof daysOffAround>>,
): Promise<void> {
  const available = await availableLimitsCents(tx, customer);
  if (definition.product === 'mini') {
    checkMiniAmount(offer.product, definition, available.mini);
    if (offer.installment !== 1) throw new BusinessError('InstallmentOptionNotAvailable');
  } else {
    checkAmount(offer.product, available.installment);
    checkInstallment(offer.installment);
  }
  const window = firstRepaymentWindow(today, holidays);
  if (!isSelectableRepaymentDate(offer.firstRepaymentDate, window, holidays))
    throw new BusinessError('InvalidFirstRepaymentDate');
  checkPaymentDates(offer);
}

/**
 * The plan of a checked offer issued `today`, priced by `definition` (the product's definition in force, read in the
 * caller's transaction): what RequestLoanPost stores and every document shows.
 */
async function offerPlan(
  db: Executor,
  customerId: number,
  offer: LoanOffer,
  definition: LoanDefinition,
  today: IsoDate,
): Promise<PaymentPlan<LoanDefinition>> {
  const interestFree =
    definition.product === 'mini' &&
    offer.product <= definition.firstLoanFreeMaxCents &&
    !(await hasHadLoan(db, customerId));
  const plan = buildPaymentPlan<LoanDefinition>({
    amountCents: offer.product,
    issueDate: today,
    paymentDates: offer.paymentDates,
    definition,
    interestFree,
  });
  if (sumCents(plan.installments.map((item) => item.baseCents)) !== offer.product)
    throw new Error('loan request: the plan does not repay the amount');
  return plan;
}

/** A customer who may request a loan today (rule 1), or the error RequestLoanPost would answer. */
function checkRequestingCustomer(
  customer: Awaited<ReturnType<typeof findRequestingCustomer>>,
  today: IsoDate,
): asserts customer is NonNullable<typeof customer> {
  if (!customer) throw new HttpError('Unauthorized');
  if (customer.isBlacklist) throw new BusinessError('CustomerBlacklisted');
  const age = ageOnDate(customer.birthDate, today);
  if (age < MIN_AGE || age > MAX_AGE) throw new BusinessError('EligibleAgeError');
  if (!REQUESTING_STATUSES.includes(customer.status)) throw new BusinessError('NotAllowedCustomerStatus');
}

/** The terms of the offer on the loan request form, issued today, as RequestLoanPost would create the loan. */
export interface LoanOfferTerms {
  customerName: string;
  amountCents: Cents;
  issueDate: IsoDate;
  plan: PaymentPlan<LoanDefinition>;
}

/**
 * LoanOfferDocumentsPost's offer: checked by the rules RequestLoanPost applies to it (1, 4 and 6–9: the customer,
 * the account being theirs, the amount, the instalments, the dates), so a document is only ever rendered for an
 * offer this customer could request now, and with the plan the request would store.
 */
export async function loanOfferTerms(
  deps: LoanRequestDeps,
  caller: AuthenticatedCustomer,
  offer: LoanOffer,
): Promise<LoanOfferTerms> {
  const today = todayInMadrid(deps.clock.now());
  const holidays = await daysOffAround(deps.db, today);
  const customer = await findRequestingCustomer(deps.db, caller.id);
  checkRequestingCustomer(customer, today);
  if (!(await findCustomerAccount(deps.db, customer.id, offer.accountId)))
    throw new BusinessError('BankAccountNotFound');
  const definition = await findDefinitionInForce(deps.db, productOf(offer), deps.clock.now());
  await checkOffer(deps.db, customer, offer, definition, today, holidays);
  return {
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    amountCents: offer.product,
    issueDate: today,
    plan: await offerPlan(deps.db, customer.id, offer, definition, today),
  };
}

/** RequestLoanPost. */
export async function requestLoan(
  deps: LoanRequestDeps,
  caller: AuthenticatedCustomer,
  payload: LoanRequestPayload,
  queryAccountId: number,
  keep: KeepAnswer<LoanRequestResult>,
): Promise<LoanRequestResult> {
  if (queryAccountId !== payload.accountId) throw new BusinessError('BankAccountNotFound');
  const now = deps.clock.now();
  const today = todayInMadrid(now);
  const holidays = await daysOffAround(deps.db, today);

  // The answer commits with the loan (keep): a retry of the key after a crash gets it, not ActiveLoanExists.
  return withResourceLock(deps.db, customerLoanLock(caller.id), async (tx) =>
    keep(tx, await requestInTransaction(tx, caller, payload, now, holidays)),
  );
}

async function requestInTransaction(
  tx: Transaction,
  caller: AuthenticatedCustomer,
  payload: LoanRequestPayload,
  now: Date,
  holidays: Awaited<ReturnType<typeof daysOffAround>>,
): Promise<LoanRequestResult> {
  const today = todayInMadrid(now);
  const customer = await findRequestingCustomer(tx, caller.id);
  checkRequestingCustomer(customer, today);

  const cards = await customerCards(tx, customer.id);
  if (await hasRestructuredLoan(tx, customer.id)) return failed(tx, customer.id, 'hasRestructuredLoan');
  if (await hasOpenLoan(tx, customer.id)) throw new BusinessError('ActiveLoanExists');

  const account = await findCustomerAccount(tx, customer.id, payload.accountId);
  if (!account) throw new BusinessError('BankAccountNotFound');

  const cardId = payload.cardId ?? null;
  const card = cardId === null ? null : cards.find((item) => item.id === cardId);
  if (card === undefined || (cards.length > 0 && card === null)) throw new BusinessError('CardNotFound');

  const definition = await findDefinitionInForce(tx, productOf(payload), now);
  await checkOffer(tx, customer, payload, definition, today, holidays);
  if (account.status !== 'active') return failed(tx, customer.id, 'noValidAccount');

  const plan = await offerPlan(tx, customer.id, payload, definition, today);
  const loanId = await insertRequestedLoan(tx, {
    customerId: customer.id,
    loanDefinitionId: plan.definition.id,
    interestFree: plan.interestFree,
    amountCents: payload.product,
    issueDate: today,
    firstRepaymentDate: payload.firstRepaymentDate,
    toAccountId: account.id,
    cardId: card?.id ?? null,
    installments: plan.installments,
    now,
  });
  await recordStatusChange(tx, 'loan', { id: loanId, from: null, to: 'requested', changedBy: 'customer', at: now });
  await deleteDraft(tx, customer.id);
  // The form's «Acepto recibir comunicaciones comerciales…» box, ticked, is the customer's consent on every channel
  // (recorded with its date, source loanRequest). Left unticked it withdraws nothing given before.
  if (payload.acceptCommunications === true) {
    await savePermissions(tx, customer.id, () => ALL_CHANNELS, {
      source: PERMISSION_SOURCES.loanRequest,
      now,
      explicitChoice: true,
    });
  }

  const cardProvided = card !== null && isUsableCardStatus(card.cardStatus);
  const result = cardProvided ? 'success' : 'cardEntryRequired';
  return {
    result,
    subReason: null,
    message: LOAN_REQUEST_RESULT_MESSAGES[result],
    // The real journey (modules/document): the customer's documents, a validated card, this new loan.
    journey: await customerJourney(tx, customer.id),
  };
}
