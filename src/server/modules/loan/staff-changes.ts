import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChangeLoanToAccountPost } from '../../../shared/api/loan-staff.ts';
import { awaitingPayoutLoanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Transaction } from '../../db/connect.ts';
import { loans } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { findCustomerAccount } from './repository.ts';
import { customerLoanLock } from './request.ts';
import { findScopedLoan } from './staff-reads.ts';

/**
 * The loan module's staff change of a loan not paid out yet (docs/backoffice.md §8 P4): the account it goes to
 * (ChangeLoanToAccountPost), under the customer's loan lock (the request, the acceptance, the payments and the staff
 * moves take it) and the loan's row lock, with its audit record in the same transaction; the same account again
 * answers `changed: false`. (An instalment's date is the payment module's, modules/payment/expected-date.ts: the
 * collection status follows it.)
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };
type ToAccountAnswer = z.output<(typeof ChangeLoanToAccountPost)['response']>;

async function loanForChange(tx: Transaction, loanId: number) {
  const [row] = await tx
    .select({ id: loans.id, status: loans.status, toAccountId: loans.toAccountId })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('update');
  if (!row) throw new BusinessError('StaffLoanNotFound');
  return row;
}

const awaitingPayout = (status: LoanStatus) => (awaitingPayoutLoanStatuses as readonly LoanStatus[]).includes(status);

export async function changeLoanToAccount(
  deps: StaffWriteDeps,
  actor: Actor,
  loanId: number,
  body: { accountId: number; reason: string },
): Promise<ToAccountAnswer> {
  const { customerId } = await findScopedLoan(deps.db, actor.staff, loanId);
  const target = {
    entityType: 'loan',
    entityId: loanId,
    customerId,
    loanId,
    reason: body.reason,
    lock: customerLoanLock(customerId),
  };
  return staffWrite(deps, actor, target, async (tx) => {
    const loan = await loanForChange(tx, loanId);
    if (!awaitingPayout(loan.status)) throw new BusinessError('StaffLoanNotAwaitingPayout');
    const account = await findCustomerAccount(tx, customerId, body.accountId);
    if (!account || account.status !== 'active') throw new BusinessError('StaffAccountNotUsable');
    const fromAccountId = loan.toAccountId;
    const changed = fromAccountId !== body.accountId;
    if (changed)
      await tx
        .update(loans)
        .set({ toAccountId: body.accountId, updatedAt: deps.clock.now() })
        .where(and(eq(loans.id, loanId), eq(loans.status, loan.status)));
    return {
      before: { toAccountId: fromAccountId },
      after: { toAccountId: body.accountId },
      result: { loanId, fromAccountId, accountId: body.accountId, changed },
    };
  });
}
