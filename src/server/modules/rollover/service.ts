import type { Loan } from '../../../shared/api/loan-schemas.ts';
import type { PaymentResult } from '../../../shared/api/payment.ts';
import type { RolloverQuote } from '../../../shared/api/rollover.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { canRollover } from '../../../shared/loan/loan-actions.ts';
import {
  isRolloverDate,
  rolloverDates,
  rolloverFigures,
  rolloverInstallment,
  type RolloverFigures,
} from '../../../shared/loan/rollover.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { toCents } from '../../../shared/money.ts';
import { collectionLegalFraudStatuses, type CustomerStatus } from '../../../shared/statuses.ts';
import { ROLLOVER_FEE_PAYMENT } from '../../../shared/payment-statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import type { CardGatewayOrigins } from '../../providers/card-gateway.ts';
import { faultPoint } from '../../fault-points.ts';
import { customerStatusOf } from '../customer/index.ts';
import { findDefinitionById } from '../loan/index.ts';
import { daysOffAround } from '../misc/index.ts';
import {
  chargeCardPayment,
  createPendingPayment,
  customerLoan,
  customerLoans,
  findCustomerLoan,
  findCustomerPaymentByKey,
  insertRollover,
  loanInstallments,
  lockCustomerLoans,
  notFound,
  resumeCardPayment,
  usableCustomerCard,
  type InstallmentRow,
  type PaymentDeps,
} from '../payment/index.ts';

export type RolloverDeps = PaymentDeps;

/** §6: rollover needs securityChecked or a collection, legal or fraud status (never systemApproved). */
const ROLLOVER_CUSTOMER_STATUSES: ReadonlySet<CustomerStatus> = new Set([
  'securityChecked',
  ...collectionLegalFraudStatuses,
]);

interface Eligible {
  view: Loan;
  /** The definition the loan was priced by: its rate prices the extension. */
  definition: LoanDefinition;
  installment: InstallmentRow;
  today: string;
  holidays: string[];
}

/**
 * The loan the caller may roll over today (docs/rules/payments.md "Rollover"): the caller's (404 LoanNotFound for
 * another customer's or a missing one), the customer's status of §6, and `canRollover` (§5) on the Loan view of today
 * (Madrid) → 422 RolloverNotAllowed otherwise. Run under the customer's loan lock when it leads to a change.
 */
async function eligibleLoan(deps: RolloverDeps, db: Executor, customerId: number, loanId: number): Promise<Eligible> {
  const loan = await findCustomerLoan(db, customerId, loanId);
  if (!loan) throw notFound('LoanNotFound');
  const status = await customerStatusOf(db, customerId);
  if (!status || !ROLLOVER_CUSTOMER_STATUSES.has(status)) throw new BusinessError('RolloverNotAllowed');
  const view = await customerLoan({ db, clock: deps.clock }, customerId, loanId);
  if (!view || !canRollover(view)) throw new BusinessError('RolloverNotAllowed');
  const installment = rolloverInstallment(await loanInstallments(db, loanId));
  if (!installment) throw new BusinessError('RolloverNotAllowed');
  const definition = await findDefinitionById(db, loan.loanDefinitionId);
  if (!definition) throw new Error(`loan ${loanId}: its definition ${loan.loanDefinitionId} is missing`);
  const today = todayInMadrid(deps.clock.now());
  return { view, definition, installment, today, holidays: await daysOffAround(db, today) };
}

/** The fee and the new instalment for `rolloverDate` (422 InvalidRolloverDate when it is not an available date). */
function figuresFor(eligible: Eligible, rolloverDate: string): RolloverFigures {
  const { installment, today, holidays, definition } = eligible;
  if (!isRolloverDate(rolloverDate, { today, currentDate: installment.expectedDate, holidays })) {
    throw new BusinessError('InvalidRolloverDate');
  }
  const figures = rolloverFigures(
    {
      expectedDate: installment.expectedDate,
      base: toCents(installment.baseCents),
      interest: toCents(installment.interestCents),
      paid: toCents(installment.paidCents),
    },
    rolloverDate,
    definition,
  );
  // canRollover (closing costs more than was lent) implies a fee; nothing to charge is nothing to roll over.
  if (figures.fee <= 0) throw new BusinessError('RolloverNotAllowed');
  return figures;
}

/**
 * RolloverAvailableDatesGet: the new dates of the loan (`loanId`, or the caller's running loan that can be rolled
 * over when it is left out), not before `fromDate`.
 */
export async function availableDates(
  deps: RolloverDeps,
  caller: AuthenticatedCustomer,
  query: { fromDate: string; loanId?: number | undefined },
): Promise<string[]> {
  let loanId = query.loanId;
  if (loanId === undefined) {
    const loans = await customerLoans({ db: deps.db, clock: deps.clock }, caller.id, null);
    const candidate = loans.find(canRollover);
    if (!candidate) throw new BusinessError('RolloverNotAllowed');
    loanId = candidate.id;
  }
  const { installment, today, holidays } = await eligibleLoan(deps, deps.db, caller.id, loanId);
  return rolloverDates({ today, currentDate: installment.expectedDate, fromDate: query.fromDate, holidays });
}

/** RolloverCalculatePost: the quote for a new date (docs/rules/payments.md "Rollover"). */
export async function calculateRollover(
  deps: RolloverDeps,
  caller: AuthenticatedCustomer,
  body: { loanId: number; rolloverDate: string },
): Promise<RolloverQuote> {
  const eligible = await eligibleLoan(deps, deps.db, caller.id, body.loanId);
  const figures = figuresFor(eligible, body.rolloverDate);
  return {
    loanId: body.loanId,
    installmentId: eligible.installment.id,
    currentDate: eligible.installment.expectedDate,
    rolloverDate: body.rolloverDate,
    ...figures,
  };
}

/**
 * RolloverPost (idempotent by Idempotency-Key in registerCall): under the customer's loan lock the eligibility, the
 * date and the card are checked, a `pending` fee payment (payment option `rolloverFee`; another pending payment of
 * the loan → 409 RequestInProgress) and its `loan_rollovers` row are written; then the card is charged by the payment
 * module's `chargeCardPayment` (3-D Secure when the gateway asks). The settle core applies the rollover when the fee
 * payment settles and fails it when the payment fails.
 */
export async function rollover(
  deps: RolloverDeps,
  caller: AuthenticatedCustomer,
  body: { loanId: number; rolloverDate: string; cardId: number },
  origins: CardGatewayOrigins,
  idempotencyKey: string | null = null,
): Promise<PaymentResult> {
  if (idempotencyKey !== null) {
    const intent = await findCustomerPaymentByKey(deps.db, caller.id, idempotencyKey);
    if (intent) return resumeCardPayment(deps, caller.id, intent, origins);
  }
  const at = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx) => {
    await lockCustomerLoans(tx, caller.id);
    const eligible = await eligibleLoan(deps, tx, caller.id, body.loanId);
    const card = await usableCustomerCard(tx, caller.id, body.cardId);
    const figures = figuresFor(eligible, body.rolloverDate);
    const payment = await createPendingPayment(
      tx,
      {
        customerId: caller.id,
        loanId: body.loanId,
        installmentId: eligible.installment.id,
        paymentOption: ROLLOVER_FEE_PAYMENT,
        source: 'debit-card',
        cardId: card.id,
        amountCents: figures.fee,
        idempotencyKey,
        instanceId: deps.instance.id,
      },
      { changedBy: 'customer', at },
    );
    await insertRollover(tx, {
      loanId: body.loanId,
      customerId: caller.id,
      paymentId: payment.id,
      fromInstallmentId: eligible.installment.id,
      fromDate: eligible.installment.expectedDate,
      toDate: body.rolloverDate,
      feeCents: figures.fee,
      newBaseCents: figures.principal,
      newInterestCents: figures.newInterest,
      newTotalCents: figures.newTotalPayment,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    });
    return { payment, card };
  });
  faultPoint('payment:afterIntent');
  return chargeCardPayment(deps, caller.id, prepared.payment, prepared.card, origins);
}
