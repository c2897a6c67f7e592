import type { z } from 'zod';
import { EXPECTED_DATE_MAX_SHIFT_DAYS, type ChangeExpectedDatePost } from '../../../shared/api/payment-staff.ts';
import { addDaysIso, formatIsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid, type IsoDate } from '../../../shared/dates.ts';
import { isWorkingDay } from '../../../shared/loan/repayment-window.ts';
import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerLoanLock, findScopedInstallment, moveInstallmentDate } from '../loan/index.ts';
import { daysOffAround } from '../misc/index.ts';
import { syncCollectionStatus } from './collection.ts';
import { findLoan, loanInstallments } from './repository/loans.ts';

/**
 * ChangeExpectedDatePost (docs/rules/payments.md "Changing an instalment's date"): an unpaid instalment of a running
 * loan to another working day inside its window, under the customer's loan lock (the payments take it too), with the
 * customer's collection status synced in the same transaction (an overdue instalment moved ahead is no longer late)
 * and its audit record.
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };
type Answer = z.output<(typeof ChangeExpectedDatePost)['response']>;

/**
 * The days an instalment may move to: from today (and the day after the previous instalment's date) to the day
 * before the next one's, at most EXPECTED_DATE_MAX_SHIFT_DAYS either way of its date now.
 */
export function expectedDateWindow(input: {
  today: IsoDate;
  current: IsoDate;
  previous: IsoDate | null;
  next: IsoDate | null;
}): { from: IsoDate; to: IsoDate } {
  const { today, current, previous, next } = input;
  const starts = [today, addDaysIso(current, -EXPECTED_DATE_MAX_SHIFT_DAYS)];
  if (previous) starts.push(addDaysIso(previous, 1));
  const ends = [addDaysIso(current, EXPECTED_DATE_MAX_SHIFT_DAYS)];
  if (next) ends.push(addDaysIso(next, -1));
  return { from: starts.sort().at(-1)!, to: ends.sort()[0]! };
}

export async function changeExpectedDate(
  deps: StaffWriteDeps,
  actor: Actor,
  installmentId: number,
  body: { expectedDate: IsoDate; reason: string },
): Promise<Answer> {
  const { loanId, customerId } = await findScopedInstallment(deps.db, actor.staff, installmentId);
  const now = deps.clock.now();
  const today = todayInMadrid(now);
  const daysOff = await daysOffAround(deps.db, today);
  const target = {
    entityType: 'installment',
    entityId: installmentId,
    customerId,
    loanId,
    reason: body.reason,
    lock: customerLoanLock(customerId),
  };
  return staffWrite(deps, actor, target, async (tx) => {
    const loan = await findLoan(tx, loanId);
    if (!loan || !isActiveLoanStatus(loan.status)) throw new BusinessError('StaffLoanNotRunning');
    const rows = await loanInstallments(tx, loanId);
    const index = rows.findIndex((row) => row.id === installmentId);
    const installment = rows[index]!;
    if (installment.status !== 'notPaid') throw new BusinessError('StaffInstallmentNotUnpaid');
    const current = installment.expectedDate;
    const answer = (changed: boolean): Answer => ({
      installmentId,
      loanId,
      number: installment.number,
      from: current,
      expectedDate: changed ? body.expectedDate : current,
      changed,
    });
    if (body.expectedDate === current)
      return { before: { expectedDate: current }, after: { expectedDate: current }, result: answer(false) };

    const window = expectedDateWindow({
      today,
      current,
      previous: rows[index - 1]?.expectedDate ?? null,
      next: rows[index + 1]?.expectedDate ?? null,
    });
    const date = body.expectedDate;
    if (date < window.from || date > window.to || !isWorkingDay(date, daysOff))
      throw new BusinessError('ExpectedDateNotAllowed', {
        number: installment.number,
        from: formatIsoDate(window.from),
        to: formatIsoDate(window.to),
      });
    if (!(await moveInstallmentDate(tx, installmentId, date)))
      throw new Error(`instalment ${installmentId} was paid under the customer's loan lock`);
    const status = await syncCollectionStatus(tx, customerId, { today, changedBy: `staff:${actor.staff.id}`, at: now });
    const after = status ? { expectedDate: date, customerStatus: status } : { expectedDate: date };
    return { before: { expectedDate: current }, after, result: answer(true) };
  });
}
