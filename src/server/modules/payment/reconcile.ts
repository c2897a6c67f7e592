import { randomUUID } from 'node:crypto';
import { todayInMadrid } from '../../../shared/dates.ts';
import {
  customerPaymentStatus,
  type PaymentOption,
  type PaymentPurpose,
  type PaymentStatus,
} from '../../../shared/payment-statuses.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { lockResource } from '../../db/locks.ts';
import { feedStatementLine, statementLineLock } from './manual.ts';
import { findCustomerByReference } from './repository/customers.ts';
import { findCustomerLoan, findLoan, loanInstallments } from './repository/loans.ts';
import { findPayment } from './repository/payments.ts';
import { findStatementLine, markStatementLineMatched } from './repository/statement-lines.ts';
import { createPendingPayment, loanPayableView, lockCustomerLoans, settlePayment } from './settle.ts';

/**
 * The bank-transfer reconciliation (sandbox action `POST /sandbox/bank-transfer/reconcile`, docs/rules/payments.md
 * "Bank transfer reconciliation"): it stands in for the lender matching a line of its bank statement. The line's
 * description is the one the bank transfer details modal gives the customer, `<reference code>-CN<loan id>`; the loan
 * must be that customer's and running. The amount becomes a `bank-transfer` payment settled at once (pending → success,
 * in one transaction under the customer's loan lock): `closeLoan` when it reaches the loan's earlyClosureAmount,
 * otherwise `pendingInstallments` spread over the payable instalments earliest first (a partial amount leaves the
 * instalment unpaid with a payment). Every call puts its line on the statement first (`bank_statement_lines`, `lineId`
 * the bank's id, a random one when absent): a matched line says which payment it made (a repeated call answers it,
 * under the line's lock); a line it cannot match (an unknown reference, a repaid loan) waits there for an agent
 * (docs/rules/payments.md "Manual matching").
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
  const now = deps.clock.now();
  // The line is on the statement whatever its concept says: one the reconciliation cannot match waits for an agent
  // (docs/rules/payments.md "Manual matching").
  const { line } = await feedStatementLine(deps.db, {
    externalId: input.lineId ?? `reconcile-${randomUUID()}`,
    receivedOn: todayInMadrid(now),
    amountCents: input.amountCents,
    description: input.reference.trim(),
  });
  const match = REFERENCE.exec(input.reference);
  const customer = match ? await findCustomerByReference(deps.db, match[1]!.trim()) : undefined;
  const loanId = match ? Number(match[2]) : 0;
  return deps.db.transaction(async (tx) => {
    await lockResource(tx, statementLineLock(line.id));
    const current = (await findStatementLine(tx, line.id))!;
    if (current.status === 'matched' && current.paymentId !== null) {
      // The same line again: the payment it made.
      const earlier = (await findPayment(tx, current.paymentId))!;
      const loan = (await findLoan(tx, earlier.loanId))!;
      return {
        paymentId: earlier.id,
        loanId: loan.id,
        status: customerPaymentStatus(earlier.status),
        paymentOption: earlier.paymentOption,
        amountCents: earlier.amountCents,
        loanStatus: loan.status,
      };
    }
    if (!customer || loanId > 2_147_483_647) {
      throw new HttpError('NotFound', 'La referencia no corresponde a ningún préstamo.');
    }
    await lockCustomerLoans(tx, customer.id);
    const loan = await findCustomerLoan(tx, customer.id, loanId);
    if (!loan) throw new HttpError('NotFound', 'La referencia no corresponde a ningún préstamo.');
    if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
    if (loan.status !== 'issued' && loan.status !== 'arranged') throw new BusinessError('LoanNotFound');
    const today = todayInMadrid(now);
    const view = loanPayableView(loan, await loanInstallments(tx, loan.id), today);
    const paymentOption: PaymentOption =
      current.amountCents >= view.earlyClosureAmount ? 'closeLoan' : 'pendingInstallments';
    const change = { changedBy: 'bank-reconciliation', at: now };
    const payment = await createPendingPayment(
      tx,
      {
        customerId: customer.id,
        loanId: loan.id,
        paymentOption,
        source: 'bank-transfer',
        amountCents: current.amountCents,
        providerReference: `bank-statement:${current.externalId}`,
      },
      change,
    );
    await settlePayment(tx, payment.id, change);
    await markStatementLineMatched(tx, line.id, { paymentId: payment.id, matchedByStaffId: null, matchedAt: now });
    const after = await findCustomerLoan(tx, customer.id, loan.id);
    const settled = await findPayment(tx, payment.id);
    return {
      paymentId: payment.id,
      loanId: loan.id,
      status: customerPaymentStatus(settled!.status),
      paymentOption,
      amountCents: current.amountCents,
      loanStatus: after!.status,
    };
  });
}
