import type { CallResponse } from '../../../shared/api/define.ts';
import type { FutureCloseAmountGet } from '../../../shared/api/payment-staff.ts';
import { formatDate, todayInMadrid } from '../../../shared/dates.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { findScopedLoan } from '../loan/index.ts';
import { findLoan, loanInstallments } from './repository/loans.ts';
import { loanPayableView } from './settle.ts';

/**
 * FutureCloseAmountGet (`calculateFutureCloseAmount`; the contract entry says the rule): the early-closure amount the
 * customer's Loan view computes, for a chosen day instead of today.
 */
export async function futureCloseAmount(
  deps: { db: Executor; clock: Clock },
  staff: Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>,
  loanId: number,
  date: string,
): Promise<CallResponse<typeof FutureCloseAmountGet>> {
  await findScopedLoan(deps.db, staff, loanId);
  const loan = (await findLoan(deps.db, loanId))!;
  if (loan.status !== 'issued' && loan.status !== 'arranged') throw new BusinessError('StaffLoanNotPayable');
  const rows = await loanInstallments(deps.db, loanId);
  const today = todayInMadrid(deps.clock.now());
  const last = rows.reduce((latest, row) => (row.expectedDate > latest ? row.expectedDate : latest), today);
  if (date < today || date > last) throw new BusinessError('StaffCloseDateOutOfRange', { last: formatDate(last) });
  return {
    loanId,
    date,
    amount: loanPayableView(loan, rows, date).earlyClosureAmount,
    today,
    todayAmount: loanPayableView(loan, rows, today).earlyClosureAmount,
  };
}
