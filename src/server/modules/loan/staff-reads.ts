import { eq } from 'drizzle-orm';
import type { InstallmentStatusHistoryEntry, LoanStatusHistoryEntry } from '../../../shared/api/loan-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { installments, loans } from '../../db/schema/index.ts';
import { statusHistoryOf } from '../../db/status-history.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';

/** The customer file's loan reads (docs/backoffice.md §5 'Préstamos'): a loan's and an instalment's status history. */

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/** The loan's customer when this staff member may see them; 404 `StaffLoanNotFound` otherwise, as an unknown id. */
export async function findScopedLoan(db: Executor, staff: Scope, loanId: number): Promise<{ customerId: number }> {
  const [loan] = await db.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, loanId)).limit(1);
  if (!loan) throw new BusinessError('StaffLoanNotFound');
  try {
    await findScopedCustomer(db, staff, loan.customerId);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffCustomerNotFound')
      throw new BusinessError('StaffLoanNotFound');
    throw error;
  }
  return loan;
}

/**
 * LoanStatusHistoryGet: the loan's status changes, newest first. An unknown loan and a loan of a customer this staff
 * member may not see both answer 404 `StaffLoanNotFound`.
 */
export async function staffLoanStatusHistory(
  db: Executor,
  staff: Scope,
  loanId: number,
): Promise<LoanStatusHistoryEntry[]> {
  await findScopedLoan(db, staff, loanId);
  const rows = await statusHistoryOf(db, 'loan', loanId);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/**
 * The instalment's loan and customer when this staff member may see them; 404 `StaffInstallmentNotFound` otherwise,
 * as an unknown id.
 */
export async function findScopedInstallment(
  db: Executor,
  staff: Scope,
  installmentId: number,
): Promise<{ loanId: number; customerId: number }> {
  const [installment] = await db
    .select({ loanId: installments.loanId })
    .from(installments)
    .where(eq(installments.id, installmentId))
    .limit(1);
  if (!installment) throw new BusinessError('StaffInstallmentNotFound');
  try {
    const { customerId } = await findScopedLoan(db, staff, installment.loanId);
    return { loanId: installment.loanId, customerId };
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffLoanNotFound')
      throw new BusinessError('StaffInstallmentNotFound');
    throw error;
  }
}

/**
 * InstallmentStatusHistoryGet: the instalment's status changes, newest first. An unknown instalment and one of a loan
 * this staff member may not see both answer 404 `StaffInstallmentNotFound`.
 */
export async function staffInstallmentStatusHistory(
  db: Executor,
  staff: Scope,
  installmentId: number,
): Promise<InstallmentStatusHistoryEntry[]> {
  await findScopedInstallment(db, staff, installmentId);
  const rows = await statusHistoryOf(db, 'installment', installmentId);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
