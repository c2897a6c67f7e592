import { sumCents, toCents, type Cents } from '../money.ts';
import type { InstallmentStatus, LoanStatus } from '../loan-statuses.ts';
import type { PaymentOption } from '../payment-statuses.ts';
import { isActiveLoanStatus } from '../loan-statuses.ts';

/**
 * What a payment option pays (second document §2 payment route, §5 "payments are made from the first unpaid
 * installment"): one rule for the payment page, the dashboard's buttons and PayLoanPost, which refuses any other
 * amount (InvalidPaymentAmount). Dates are `YYYY-MM-DD` in Europe/Madrid; amounts in cents.
 *
 * - firstNotPaidInstallment: what is left of the first payable instalment (the earliest by date);
 * - pendingInstallments: what is left of every payable instalment due today or earlier (at least the first one, so
 *   a customer who is not late pays the next instalment);
 * - closeLoan: the loan's `earlyClosureAmount` (the server computes it from the loan definition and today), which
 *   settles every payable instalment.
 *
 * Payable instalments are `notPaid` and `arranged` ones (an arranged instalment is owed under an arrangement).
 */

/** The part of a loan (the contract's Loan) this rule reads. */
export interface PayableLoanView {
  readonly status: LoanStatus;
  readonly earlyClosureAmount: Cents;
  readonly installments: ReadonlyArray<PayableInstallmentView>;
}

export interface PayableInstallmentView {
  readonly id: number;
  readonly status: InstallmentStatus;
  readonly expectedDate: string;
  readonly totalPayment: Cents;
  readonly payments: ReadonlyArray<{ readonly amount: Cents }>;
}

const PAYABLE_INSTALLMENT_STATUSES: ReadonlySet<InstallmentStatus> = new Set(['notPaid', 'arranged']);

export const isPayableInstallment = (installment: { readonly status: InstallmentStatus }): boolean =>
  PAYABLE_INSTALLMENT_STATUSES.has(installment.status);

/** What is left to pay of an instalment: its total minus its payments, never below zero. */
export function installmentRemaining(installment: PayableInstallmentView): Cents {
  const paid = sumCents(installment.payments.map((payment) => payment.amount));
  return toCents(Math.max(0, installment.totalPayment - paid));
}

/** The payable instalments, earliest first (ties by id). */
export function payableInstallments<I extends PayableInstallmentView>(installments: ReadonlyArray<I>): I[] {
  return installments
    .filter(isPayableInstallment)
    .sort((a, b) => (a.expectedDate === b.expectedDate ? a.id - b.id : a.expectedDate < b.expectedDate ? -1 : 1));
}

export type PaymentQuote =
  | {
      readonly ok: true;
      readonly option: PaymentOption;
      readonly amount: Cents;
      /** The instalments the payment settles (fully, in this order). */
      readonly installmentIds: readonly number[];
    }
  | {
      readonly ok: false;
      /**
       * notPayable: the loan is not running (repaid, cancelled, in application…); alreadyPaid: the instalment asked
       * for is paid; notFirstUnpaid: the instalment is payable but not the first one; unknownInstallment: it is
       * not an instalment of this loan.
       */
      readonly reason: 'notPayable' | 'alreadyPaid' | 'notFirstUnpaid' | 'unknownInstallment';
    };

/**
 * The amount and instalments of a payment option for a loan today. `installmentId` (the payment route's optional
 * parameter) must be the first payable instalment for firstNotPaidInstallment; for the other options it is ignored.
 */
export function paymentQuote(
  loan: PayableLoanView,
  option: PaymentOption,
  today: string,
  installmentId?: number | null,
): PaymentQuote {
  const payable = payableInstallments(loan.installments);
  const first = payable[0];
  if (!isActiveLoanStatus(loan.status) || first === undefined) return { ok: false, reason: 'notPayable' };
  if (
    option === 'firstNotPaidInstallment' &&
    installmentId !== undefined &&
    installmentId !== null &&
    installmentId !== first.id
  ) {
    const asked = loan.installments.find((installment) => installment.id === installmentId);
    if (asked === undefined) return { ok: false, reason: 'unknownInstallment' };
    return { ok: false, reason: isPayableInstallment(asked) ? 'notFirstUnpaid' : 'alreadyPaid' };
  }
  const settle = (list: readonly PayableInstallmentView[], amount?: Cents): PaymentQuote => ({
    ok: true,
    option,
    amount: amount ?? sumCents(list.map(installmentRemaining)),
    installmentIds: list.map((installment) => installment.id),
  });
  switch (option) {
    case 'firstNotPaidInstallment':
      return settle([first]);
    case 'pendingInstallments': {
      const due = payable.filter((installment) => installment.expectedDate <= today);
      return settle(due.length > 0 ? due : [first]);
    }
    case 'closeLoan':
      return settle(payable, loan.earlyClosureAmount);
  }
}
