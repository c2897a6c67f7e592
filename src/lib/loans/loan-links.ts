import type { Loan } from '../../shared/api/loan-schemas.ts';
import { firstInstallmentAction, type PaymentAction } from '../../shared/loan/loan-actions.ts';
import { installmentRemaining, payableInstallments } from '../../shared/loan/payment-amounts.ts';
import { sumCents, type Cents } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { isActiveLoanStatus } from '../../shared/loan-statuses.ts';

/** Where the loan data leads: the payment page of an action, the debt of the running loans, the first payable one. */

/** The payment page (second document §2) of a payment action: `/payment/pay/debit-card/<loan>/<inst>?paymentOption=…`. */
export const paymentPath = (loanId: number, action: Pick<PaymentAction, 'option' | 'installmentId'>): string =>
  buildPath(
    'payment',
    { paymentType: 'debit-card', loanId, installmentId: action.installmentId },
    { paymentOption: action.option },
  );

/** Running loans (issued, arranged), newest first. */
export const runningLoans = (loans: readonly Loan[]): Loan[] =>
  loans.filter((loan) => isActiveLoanStatus(loan.status)).sort((a, b) => b.id - a.id);

/** What the customer owes on every running loan: the sum of what is left of their payable instalments. */
export const totalDebtCents = (loans: readonly Loan[]): Cents =>
  sumCents(runningLoans(loans).flatMap((loan) => payableInstallments(loan.installments).map(installmentRemaining)));

/**
 * The first payable instalment's payment page (a reminder's 'Pagar', `/dashboard?accion=pagar`, the header's
 * shortcut): of the loan `loanId` when given, else of the running loan whose first payable instalment is the
 * earliest. Undefined when nothing is payable.
 */
export function firstPayablePayment(
  loans: readonly Loan[],
  today: string,
  loanId?: number,
): { loan: Loan; action: PaymentAction; path: string } | undefined {
  const candidates = runningLoans(loans)
    .filter((loan) => loanId === undefined || loan.id === loanId)
    .map((loan) => ({ loan, action: firstInstallmentAction(loan, today) }))
    .filter((entry): entry is { loan: Loan; action: PaymentAction } => entry.action !== null)
    .sort((a, b) => firstDate(a.loan).localeCompare(firstDate(b.loan)));
  const first = candidates[0];
  return first ? { ...first, path: paymentPath(first.loan.id, first.action) } : undefined;
}

const firstDate = (loan: Loan): string => payableInstallments(loan.installments)[0]?.expectedDate ?? '9999-12-31';
