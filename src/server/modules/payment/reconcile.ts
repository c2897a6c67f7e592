import { todayInMadrid } from '../../../shared/dates.ts';
import type { PaymentOption, PaymentPurpose, PaymentStatus } from '../../../shared/payment-statuses.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { findCustomerByReference } from './repository/customers.ts';
import { findCustomerLoan, loanInstallments } from './repository/loans.ts';
import { findPayment, findPaymentByReference } from './repository/payments.ts';
import { createPendingPayment, loanPayableView, lockCustomerLoans, settlePayment } from './settle.ts';

/**
 * The bank-transfer reconciliation (sandbox action `POST /sandbox/bank-transfer/reconcile`, docs/rules/payments.md
 * "Bank transfer reconciliation"): it stands in for the lender matching a line of its bank statement. The line's
 * description is the one the bank transfer details modal gives the customer, `<reference code>-CN<loan id>`; the loan
 * must be that customer's and running. The amount becomes a `bank-transfer` payment settled at once (pending → success,
 * in one transaction under the customer's loan lock): `closeLoan` when it reaches the loan's earlyClosureAmount,
 * otherwise `pendingInstallments` spread over the payable instalments earliest first (a partial amount leaves the
 * instalment unpaid with a payment). `lineId` (the statement line) makes a repeated call answer the first payment.
 */
export interface ReconcileInput {
  reference: string;
  amountCents: number;
  lineId?: string | undefined;
}

export interface ReconcileResult {
  paymentId: number;
  loanId: number;
  status: PaymentStatus;
  paymentOption: PaymentPurpose;
  amountCents: number;
  loanStatus: string;
}

const REFERENCE = /^\s*(.+)-CN(\d{1,10})\s*$/i;

export async function reconcileBankTransfer(
  deps: { db: Database; clock: Clock },
  input: ReconcileInput,
): Promise<ReconcileResult> {
  const match = REFERENCE.exec(input.reference);
  if (!match) throw new HttpError('NotFound', 'La referencia no corresponde a ningún préstamo.');
  const loanId = Number(match[2]);
  const customer = await findCustomerByReference(deps.db, match[1]!.trim());
  if (!customer || loanId > 2_147_483_647) {
    throw new HttpError('NotFound', 'La referencia no corresponde a ningún préstamo.');
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockCustomerLoans(tx, customer.id);
    const loan = await findCustomerLoan(tx, customer.id, loanId);
    if (!loan) throw new HttpError('NotFound', 'La referencia no corresponde a ningún préstamo.');
    const providerReference = input.lineId ? `bank-statement:${input.lineId}` : null;
    if (providerReference) {
      const earlier = await findPaymentByReference(tx, loan.id, providerReference);
      if (earlier) {
        return {
          paymentId: earlier.id,
          loanId: loan.id,
          status: earlier.status,
          paymentOption: earlier.paymentOption,
          amountCents: earlier.amountCents,
          loanStatus: loan.status,
        };
      }
    }
    if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
    if (loan.status !== 'issued' && loan.status !== 'arranged') throw new BusinessError('LoanNotFound');
    const today = todayInMadrid(now);
    const view = loanPayableView(loan, await loanInstallments(tx, loan.id), today);
    const paymentOption: PaymentOption =
      input.amountCents >= view.earlyClosureAmount ? 'closeLoan' : 'pendingInstallments';
    const change = { changedBy: 'bank-reconciliation', at: now };
    const payment = await createPendingPayment(
      tx,
      {
        customerId: customer.id,
        loanId: loan.id,
        paymentOption,
        source: 'bank-transfer',
        amountCents: input.amountCents,
        providerReference,
      },
      change,
    );
    await settlePayment(tx, payment.id, change);
    const after = await findCustomerLoan(tx, customer.id, loan.id);
    const settled = await findPayment(tx, payment.id);
    return {
      paymentId: payment.id,
      loanId: loan.id,
      status: settled!.status,
      paymentOption,
      amountCents: input.amountCents,
      loanStatus: after!.status,
    };
  });
}
