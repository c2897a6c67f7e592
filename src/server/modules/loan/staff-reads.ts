import { desc, eq } from 'drizzle-orm';
import type { LoanStatusHistoryEntry } from '../../../shared/api/loan-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { loans, loanStatusHistory } from '../../db/schema/index.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';

/** The customer file's loan reads (docs/backoffice.md §5 'Préstamos'): a loan's status history. */

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/**
 * LoanStatusHistoryGet: the loan's status changes, newest first. An unknown loan and a loan of a customer this staff
 * member may not see both answer 404 `StaffLoanNotFound`.
 */
export async function staffLoanStatusHistory(
  db: Executor,
  staff: Scope,
  loanId: number,
): Promise<LoanStatusHistoryEntry[]> {
  const [loan] = await db.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, loanId)).limit(1);
  if (!loan) throw new BusinessError('StaffLoanNotFound');
  try {
    await findScopedCustomer(db, staff, loan.customerId);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffCustomerNotFound')
      throw new BusinessError('StaffLoanNotFound');
    throw error;
  }
  const rows = await db
    .select({
      id: loanStatusHistory.id,
      fromStatus: loanStatusHistory.fromStatus,
      toStatus: loanStatusHistory.toStatus,
      changedBy: loanStatusHistory.changedBy,
      reason: loanStatusHistory.reason,
      at: loanStatusHistory.createdAt,
    })
    .from(loanStatusHistory)
    .where(eq(loanStatusHistory.loanId, loanId))
    .orderBy(desc(loanStatusHistory.createdAt), desc(loanStatusHistory.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
