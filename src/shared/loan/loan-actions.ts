import type { Cents } from '../money.ts';
import { FLEXIBLE_PAYMENT_MAX_ACTIVE_LOANS, OVERDUE } from '../loan-constants.ts';
import { isActiveLoanStatus, type LoanStatus } from '../loan-statuses.ts';
import { type PaymentOption } from '../payment-statuses.ts';
import { payableInstallments, paymentQuote, type PayableLoanView } from './payment-amounts.ts';
import { rolloverInstallment } from './rollover.ts';

/**
 * The credit summary's button visibility rules (second document §5, §9), as pure functions over the contract's Loan:
 * the dashboard shows its buttons with them and the server (rollover, restructure) checks eligibility with
 * the same functions.
 *
 * `overdueDay` is the contract's: the first unpaid instalment's date minus today in Europe/Madrid, in days, negative
 * when late (−1 = due yesterday; architecture §7, `OVERDUE` in constants.ts). Decisions where §5 says "between":
 *
 * - Pago Flexible: strictly between −60 and −35 (36 to 59 days late), as §5 says ("exclusive").
 * - Prórroga: −35 ≤ overdueDay ≤ 5, both ends included ("from 35 days late to 5 days before the date"). With Pago
 *   Flexible exclusive at −35, the two windows meet without overlapping: 35 days late is still Prórroga, 36 is
 *   already Pago Flexible. Arranged loans: within 35 days of the due date either way, |overdueDay| ≤ 35.
 * - '¿Problemas con un reembolso?': overdueDay < −3 (more than 3 days late), issued or arranged.
 * - Pago Flexible's first branch, "issued loan with 1 or fewer active loans when restructured": the loan is issued,
 *   it is a restructured one (`isRestructured`) and the customer has at most FLEXIBLE_PAYMENT_MAX_ACTIVE_LOANS
 *   running loans (issued or arranged, this one included).
 *
 * Every rule needs a running loan (issued or arranged): a loan in application, repaid or cancelled shows none.
 */

/** Prórroga's lower end: 35 days late, the same day as Pago Flexible's (exclusive) upper end. */
const ROLLOVER_LOWER = OVERDUE.flexiblePaymentUpper;

/** The part of a Loan these rules read. */
export interface LoanActionsView extends PayableLoanView {
  readonly id: number;
  readonly loanAmount: Cents;
  readonly overdueDay: number;
  readonly isRestructured: boolean;
}

/** Pago Flexible (restructure). `customerLoans`: every loan of the customer (this one may or may not be among them). */
export function canFlexiblePayment(
  loan: LoanActionsView,
  customerLoans: ReadonlyArray<{ readonly id: number; readonly status: LoanStatus }>,
): boolean {
  if (!isActiveLoanStatus(loan.status)) return false;
  const others = customerLoans.filter((other) => other.id !== loan.id && isActiveLoanStatus(other.status)).length;
  const restructuredBranch =
    loan.status === 'issued' && loan.isRestructured && others + 1 <= FLEXIBLE_PAYMENT_MAX_ACTIVE_LOANS;
  const overdueBranch =
    loan.overdueDay > OVERDUE.flexiblePaymentLower && loan.overdueDay < OVERDUE.flexiblePaymentUpper;
  return restructuredBranch || overdueBranch;
}

/**
 * Prórroga (rollover): one instalment (not counting the `rollovered` ones: a rolled-over loan can be rolled over
 * again; `rolloverInstallment`), closing costs more than was lent, and the overdue window of its status.
 */
export function canRollover(loan: LoanActionsView): boolean {
  if (rolloverInstallment(loan.installments) === null || loan.earlyClosureAmount <= loan.loanAmount) return false;
  if (loan.status === 'issued') {
    return loan.overdueDay >= ROLLOVER_LOWER && loan.overdueDay <= OVERDUE.rolloverUpper;
  }
  if (loan.status === 'arranged') return Math.abs(loan.overdueDay) <= OVERDUE.arrangedRolloverWindowDays;
  return false;
}

/** '¿Problemas con un reembolso?': an issued or arranged loan more than 3 days late. */
export const canReportRepaymentProblem = (loan: LoanActionsView): boolean =>
  isActiveLoanStatus(loan.status) && loan.overdueDay < OVERDUE.repaymentProblemsBelow;

/** A payment the dashboard offers: the payment route's option, its instalment (when it names one) and the amount. */
export interface PaymentAction {
  readonly option: PaymentOption;
  readonly installmentId: number | null;
  readonly amount: Cents;
}

/**
 * 'Pagar': the first payable instalment (firstNotPaidInstallment), or every payable instalment already due
 * (pendingInstallments) when several are; null when nothing is payable. Amounts from paymentQuote.
 */
export function payAction(loan: LoanActionsView, today: string): PaymentAction | null {
  const pending = paymentQuote(loan, 'pendingInstallments', today);
  if (!pending.ok) return null;
  if (pending.installmentIds.length > 1)
    return { option: 'pendingInstallments', installmentId: null, amount: pending.amount };
  return firstInstallmentAction(loan, today);
}

/** 'Pagar {amount}' of the first payable instalment (the only instalment that can be paid on its own). */
export function firstInstallmentAction(loan: LoanActionsView, today: string): PaymentAction | null {
  const quote = paymentQuote(loan, 'firstNotPaidInstallment', today);
  if (!quote.ok) return null;
  return { option: 'firstNotPaidInstallment', installmentId: quote.installmentIds[0] ?? null, amount: quote.amount };
}

/** 'Pago Total Préstamo' (closeLoan at earlyClosureAmount): only when several instalments are payable (§5). */
export function payWholeLoanAction(loan: LoanActionsView, today: string): PaymentAction | null {
  if (payableInstallments(loan.installments).length < 2) return null;
  const quote = paymentQuote(loan, 'closeLoan', today);
  return quote.ok ? { option: 'closeLoan', installmentId: null, amount: quote.amount } : null;
}

/** Every action of a loan's credit summary. */
export interface LoanActions {
  readonly flexiblePayment: boolean;
  readonly rollover: boolean;
  readonly repaymentProblem: boolean;
  readonly pay: PaymentAction | null;
  readonly payInstallment: PaymentAction | null;
  readonly payWholeLoan: PaymentAction | null;
}

export function loanActions(
  loan: LoanActionsView,
  customerLoans: ReadonlyArray<{ readonly id: number; readonly status: LoanStatus }>,
  today: string,
): LoanActions {
  return {
    flexiblePayment: canFlexiblePayment(loan, customerLoans),
    rollover: canRollover(loan),
    repaymentProblem: canReportRepaymentProblem(loan),
    pay: payAction(loan, today),
    payInstallment: firstInstallmentAction(loan, today),
    payWholeLoan: payWholeLoanAction(loan, today),
  };
}
