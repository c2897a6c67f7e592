import type { CallBody, CallResponse } from '../../../shared/api/define.ts';
import type { PayLoanManualPost, StatementLinesGet } from '../../../shared/api/payment-staff.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { payableInstallments } from '../../../shared/loan/payment-amounts.ts';
import { toCents } from '../../../shared/money.ts';
import { customerPaymentStatus, type PaymentOption } from '../../../shared/payment-statuses.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { findLoan, loanInstallments, type InstallmentRow, type LoanRow } from './repository/loans.ts';
import { findPayment } from './repository/payments.ts';
import {
  findStatementLine,
  insertStatementLineOnce,
  markStatementLineMatched,
  statementLinesPage,
  type StatementLineRow,
} from './repository/statement-lines.ts';
import { createPendingPayment, loanPayableView, lockCustomerLoans, settlePayment } from './settle.ts';

/**
 * Money received outside the app (docs/rules/payments.md "Manual matching"): the bank statement's lines, the
 * reconciliation view of those waiting, and an agent's match of one to a loan's instalment (`payloanmanual`), which
 * settles a `bank-transfer` payment through the settle core as every other payment.
 */

type ManualBody = CallBody<typeof PayLoanManualPost>;
type ManualResult = CallResponse<typeof PayLoanManualPost>;

/** The advisory lock every match of a statement line takes first (the reconciliation's and an agent's). */
export const statementLineLock = (id: number) => `statement-line:${id}`;

/** A line of the statement as the bank feeds it (the sandbox's `/sandbox/bank-statement/lines` stands in for it). */
export async function feedStatementLine(
  db: Executor,
  line: {
    externalId: string;
    receivedOn: string;
    amountCents: number;
    description: string;
    payerName?: string | null;
  },
): Promise<{ line: StatementLineRow; created: boolean }> {
  return insertStatementLineOnce(db, { ...line, source: 'bank-transfer', payerName: line.payerName ?? null });
}

export async function statementLines(
  db: Executor,
  query: { status: StatementLineRow['status']; page: number; pageSize: number },
): Promise<CallResponse<typeof StatementLinesGet>> {
  const { items, total } = await statementLinesPage(db, query.status, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: items.map(({ line, loanId, customerId, matchedByName }) => ({
      id: line.id,
      externalId: line.externalId,
      source: line.source,
      receivedOn: line.receivedOn,
      amount: toCents(line.amountCents),
      description: line.description,
      payerName: line.payerName,
      status: line.status,
      match:
        line.paymentId !== null && loanId !== null && customerId !== null
          ? {
              paymentId: line.paymentId,
              loanId,
              customerId,
              matchedBy:
                line.matchedByStaffId !== null ? { id: line.matchedByStaffId, fullName: matchedByName ?? '' } : null,
              matchedAt: (line.matchedAt ?? line.createdAt).toISOString(),
            }
          : null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/** What the audit keeps of a loan: its status and each instalment's status and paid cents. */
export const loanState = (loan: LoanRow, rows: readonly InstallmentRow[]) => ({
  loanStatus: loan.status,
  installments: rows.map((row) => ({ id: row.id, status: row.status, paidCents: row.paidCents })),
});

/**
 * PayLoanManualPost (the contract entry says the rules). Under the line's lock and then the customer's loan lock
 * (the order every path takes: a card payment takes only the second), in one transaction with its audit record: a
 * refusal changes nothing and leaves the line unmatched.
 */
export async function payLoanManual(deps: StaffWriteDeps, actor: AuditActor, body: ManualBody): Promise<ManualResult> {
  const at = deps.clock.now();
  return staffWrite(
    deps,
    actor,
    {
      entityType: 'payment',
      reason: body.reason,
      loanId: body.loanId,
      lock: statementLineLock(body.statementLineId),
    },
    async (tx) => {
      const line = await findStatementLine(tx, body.statementLineId);
      if (!line) throw new BusinessError('StatementLineNotFound');
      const loan = await findLoan(tx, body.loanId);
      if (!loan) throw new BusinessError('StaffLoanNotFound');
      await lockCustomerLoans(tx, loan.customerId);
      const target = { customerId: loan.customerId, loanId: loan.id };

      if (line.status === 'matched') {
        // The same match again (a retry whose answer was lost): the payment it made, nothing changed.
        const earlier = line.paymentId === null ? undefined : await findPayment(tx, line.paymentId);
        if (!earlier || earlier.loanId !== loan.id || earlier.installmentId !== body.installmentId)
          throw new BusinessError('StatementLineMatched');
        const current = await findLoan(tx, loan.id);
        const same = { statementLine: { id: line.id, status: line.status, paymentId: earlier.id } };
        return {
          before: same,
          after: same,
          entityId: earlier.id,
          ...target,
          result: {
            paymentId: earlier.id,
            loanId: loan.id,
            customerId: loan.customerId,
            amount: toCents(earlier.amountCents),
            paymentOption: earlier.paymentOption as PaymentOption,
            status: customerPaymentStatus(earlier.status),
            loanStatus: current!.status,
          },
        };
      }

      if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
      if (loan.status !== 'issued' && loan.status !== 'arranged') throw new BusinessError('StaffLoanNotPayable');
      const rows = await loanInstallments(tx, loan.id);
      const view = loanPayableView(loan, rows, todayInMadrid(at));
      if (payableInstallments(view.installments)[0]?.id !== body.installmentId)
        throw new BusinessError('StaffInstallmentNotDue');
      const paymentOption: PaymentOption =
        line.amountCents >= view.earlyClosureAmount ? 'closeLoan' : 'pendingInstallments';
      const change = { changedBy: `staff:${actor.staff.id}`, at };
      // Another payment of the loan pending (a card being charged) refuses this one: 409 RequestInProgress.
      const payment = await createPendingPayment(
        tx,
        {
          customerId: loan.customerId,
          loanId: loan.id,
          installmentId: body.installmentId,
          paymentOption,
          source: 'bank-transfer',
          amountCents: line.amountCents,
          providerReference: `bank-statement:${line.externalId}`,
        },
        change,
      );
      await settlePayment(tx, payment.id, change);
      await markStatementLineMatched(tx, line.id, {
        paymentId: payment.id,
        matchedByStaffId: actor.staff.id,
        matchedAt: at,
      });
      const loanAfter = (await findLoan(tx, loan.id))!;
      const settled = (await findPayment(tx, payment.id))!;
      return {
        before: { statementLine: { id: line.id, status: 'unmatched' }, ...loanState(loan, rows) },
        after: {
          statementLine: { id: line.id, status: 'matched', paymentId: payment.id },
          payment: { id: payment.id, amountCents: line.amountCents, paymentOption, status: settled.status },
          ...loanState(loanAfter, await loanInstallments(tx, loan.id)),
        },
        entityId: payment.id,
        ...target,
        result: {
          paymentId: payment.id,
          loanId: loan.id,
          customerId: loan.customerId,
          amount: toCents(line.amountCents),
          paymentOption,
          status: customerPaymentStatus(settled.status),
          loanStatus: loanAfter.status,
        },
      };
    },
  );
}
