import type { FastifyBaseLogger } from 'fastify';
import type { StaffLoanMove } from '../../../shared/api/payout.ts';
import { isStaffLoanMove, STAFF_LOAN_STATUS_NAMES, type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerLoanLock, findScopedLoan, moveUnpaidLoan } from '../loan/index.ts';
import type { PushSender } from '../push/index.ts';
import { issueLoan, pushPayout, type IssuedLoan } from './job.ts';
import { loanForStaffMove } from './repository.ts';

/**
 * The staff's moves of a loan before its payout (docs/rules/loan-request.md "Staff moves before the payout"):
 * LoanStatusPost, SetLoanIssuedPost and SetLoanCancelledPost. Under the customer's loan lock (the request and the
 * agreement's acceptance take it too) and the loan's row lock (the payout job skips a locked loan, and its status
 * guard never issues one twice), in one transaction with the loan's history row and the audit record; the payout's
 * push after the commit.
 */

export interface PayoutStaffDeps extends StaffWriteDeps {
  log: FastifyBaseLogger;
  send: PushSender;
}

type Actor = AuditActor & { staff: AuthenticatedStaff };

interface Moved {
  move: StaffLoanMove;
  issued: IssuedLoan | null;
}

export async function moveLoanByStaff(
  deps: PayoutStaffDeps,
  actor: Actor,
  loanId: number,
  body: { status: LoanStatus; reason: string },
): Promise<StaffLoanMove> {
  const { customerId } = await findScopedLoan(deps.db, actor.staff, loanId);
  const { status: to, reason } = body;
  const target = {
    entityType: 'loan',
    entityId: loanId,
    customerId,
    loanId,
    reason,
    lock: customerLoanLock(customerId),
  };
  const { move, issued } = await staffWrite<Moved>(deps, actor, target, async (tx) => {
    const loan = await loanForStaffMove(tx, loanId);
    if (!loan) throw new BusinessError('StaffLoanNotFound');
    const at = deps.clock.now();
    const { status: from } = loan;
    const answer = (changed: boolean): StaffLoanMove => ({
      loanId,
      customerId,
      from,
      status: changed ? to : from,
      changed,
      at: at.toISOString(),
    });
    if (from === to)
      return { before: { status: from }, after: { status: from }, result: { move: answer(false), issued: null } };
    if (!isStaffLoanMove(from, to))
      throw new BusinessError('LoanStatusMoveNotAllowed', {
        from: STAFF_LOAN_STATUS_NAMES[from],
        to: STAFF_LOAN_STATUS_NAMES[to],
      });

    const changedBy = `staff:${actor.staff.id}`;
    let issued: IssuedLoan | null = null;
    if (to === 'issued') {
      issued = await issueLoan(tx, loan, { now: at, from, changedBy, reason });
      if (!issued) throw new Error(`loan ${loanId} left ${from} under its row lock`);
    } else {
      if (!(await moveUnpaidLoan(tx, { loanId, from, to, at })))
        throw new Error(`loan ${loanId} left ${from} under its row lock`);
      await recordStatusChange(tx, 'loan', { id: loanId, from, to, changedBy, reason, at });
    }
    const after = issued ? { status: to, customerMovedToSecurityChecked: issued.customerMoved } : { status: to };
    return { before: { status: from }, after, result: { move: answer(true), issued } };
  });
  if (issued) await pushPayout(deps, issued.loan);
  return move;
}
