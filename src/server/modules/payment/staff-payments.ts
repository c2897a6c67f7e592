import type { CallResponse } from '../../../shared/api/define.ts';
import type { StaffLoanPaymentsGet } from '../../../shared/api/payment-staff.ts';
import { toCents } from '../../../shared/money.ts';
import { isReversedPaymentStatus } from '../../../shared/payment-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { findScopedLoan } from '../loan/index.ts';
import { findLoan } from './repository/loans.ts';
import { findAllocationsOf, findLoanPaymentRows } from './repository/payments.ts';
import { lineOf, loanPaymentsFrom, restoreRefusal, reversalRefusal } from './reverse.ts';

/**
 * StaffLoanPaymentsGet: the loan's payments, newest first, with their allocations, their statement line and what
 * may be proposed on each now — the same rules the proposals and their approvals apply (./reverse.ts).
 */
export async function staffLoanPayments(
  db: Executor,
  staff: Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>,
  loanId: number,
): Promise<CallResponse<typeof StaffLoanPaymentsGet>> {
  await findScopedLoan(db, staff, loanId);
  const loan = (await findLoan(db, loanId))!;
  const rows = await findLoanPaymentRows(db, loanId);
  const allocations = await findAllocationsOf(
    db,
    rows.map((row) => row.id),
  );
  const loanPayments = loanPaymentsFrom(loan, rows);
  return Promise.all(
    rows.map(async (payment) => {
      const line = await lineOf(db, payment);
      return {
        id: payment.id,
        loanId: payment.loanId,
        createdAt: payment.createdAt.toISOString(),
        settledAt: payment.settledAt?.toISOString() ?? null,
        amount: toCents(payment.amountCents),
        source: payment.source,
        purpose: payment.paymentOption,
        status: payment.status,
        message: payment.message,
        allocations: allocations
          .filter((row) => row.paymentId === payment.id)
          .map((row) => ({ installmentId: row.installmentId, amount: toCents(row.amountCents) })),
        statementLineId: line?.id ?? null,
        actions: {
          delete: reversalRefusal(loanPayments, payment.id, 'deleted') === null,
          chargeback: reversalRefusal(loanPayments, payment.id, 'chargedBack') === null,
          restore: isReversedPaymentStatus(payment.status) && restoreRefusal(loanPayments, payment.id, line) === null,
        },
      };
    }),
  );
}
