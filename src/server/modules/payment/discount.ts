import type { StaffDiscount } from '../../../shared/api/payment-staff.ts';
import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import { formatMoney, toCents, type Cents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { customerLoanLock, discountInstallment, findScopedInstallment, findScopedLoan } from '../loan/index.ts';
import {
  findDiscount,
  findDiscountByKey,
  insertDiscount,
  loanDiscountsOf,
  markDiscountRemoved,
  namedDiscount,
  type NamedDiscount,
} from './repository/discounts.ts';
import { findLoan, loanInstallments } from './repository/loans.ts';
import { findPendingPayment } from './repository/payments.ts';

/**
 * Discounts on an instalment (docs/rules/payments.md "Discounts"; issue 27 «Loans» `discount` POST/DELETE): granted
 * from the instalment's interest, never its principal, leaving something to pay (so a discount never settles an
 * instalment by itself), and taken back while the instalment is still unpaid. Under the customer's loan lock (the
 * payments take it), refused while a payment of the loan is in progress (it was priced on the figures before), with
 * the instalment's change, the discount row and the audit record in one transaction.
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

function discountOf({ discount, createdBy, removedBy }: NamedDiscount): StaffDiscount {
  return {
    id: discount.id,
    loanId: discount.loanId,
    installmentId: discount.installmentId,
    amount: toCents(discount.amountCents),
    reason: discount.reason,
    createdBy: createdBy === null ? null : { id: discount.createdByStaffId, fullName: createdBy },
    createdAt: discount.createdAt.toISOString(),
    removedBy:
      removedBy === null || discount.removedByStaffId === null
        ? null
        : { id: discount.removedByStaffId, fullName: removedBy },
    removedAt: discount.removedAt?.toISOString() ?? null,
    removedReason: discount.removedReason,
  };
}

async function answerOf(db: Executor, discountId: number): Promise<StaffDiscount> {
  const row = await namedDiscount(db, discountId);
  if (!row) throw new Error(`discount ${discountId} vanished`);
  return discountOf(row);
}

/** The most a discount may take from an instalment: its interest, leaving at least a cent of it to pay. */
export const maxDiscountCents = (installment: { interestCents: number; totalCents: number; paidCents: number }) =>
  Math.max(0, Math.min(installment.interestCents, installment.totalCents - installment.paidCents - 1));

export async function grantDiscount(
  deps: StaffWriteDeps,
  actor: Actor,
  body: { installmentId: number; amount: Cents; reason: string; key: string },
): Promise<StaffDiscount> {
  const { loanId, customerId } = await findScopedInstallment(deps.db, actor.staff, body.installmentId);
  const target = {
    entityType: 'discount',
    customerId,
    loanId,
    reason: body.reason,
    lock: customerLoanLock(customerId),
  };
  const id = await staffWrite(deps, actor, target, async (tx) => {
    const earlier = await findDiscountByKey(tx, body.key);
    if (earlier) {
      // The same grant again (a retry whose answer was lost): the discount it made, nothing changed.
      if (earlier.installmentId !== body.installmentId || earlier.amountCents !== body.amount)
        throw new BusinessError('DiscountKeyReused');
      const same = { discountId: earlier.id };
      return { before: same, after: same, entityId: earlier.id, result: earlier.id };
    }
    const loan = await findLoan(tx, loanId);
    if (!loan || !isActiveLoanStatus(loan.status)) throw new BusinessError('StaffLoanNotRunning');
    if (await findPendingPayment(tx, loanId)) throw new BusinessError('RequestInProgress');
    const installment = (await loanInstallments(tx, loanId)).find((row) => row.id === body.installmentId)!;
    if (installment.status !== 'notPaid') throw new BusinessError('StaffInstallmentNotUnpaid');
    const max = maxDiscountCents(installment);
    if (body.amount > max) throw new BusinessError('DiscountTooLarge', { max: formatMoney(max) });
    if (!(await discountInstallment(tx, installment.id, body.amount)))
      throw new Error(`instalment ${installment.id} left notPaid under the customer's loan lock`);
    const discount = await insertDiscount(tx, {
      loanId,
      installmentId: installment.id,
      amountCents: body.amount,
      reason: body.reason,
      requestKey: body.key,
      createdByStaffId: actor.staff.id,
      createdAt: deps.clock.now(),
    });
    return {
      before: {
        installmentId: installment.id,
        interestCents: installment.interestCents,
        totalCents: installment.totalCents,
      },
      after: {
        installmentId: installment.id,
        interestCents: installment.interestCents - body.amount,
        totalCents: installment.totalCents - body.amount,
        discountId: discount.id,
      },
      entityId: discount.id,
      result: discount.id,
    };
  });
  return answerOf(deps.db, id);
}

/** The discount and its loan's customer when this staff member may see them; 404 `StaffDiscountNotFound` otherwise. */
async function findScopedDiscount(db: Executor, staff: Scope, discountId: number) {
  const discount = await findDiscount(db, discountId);
  if (!discount) throw new BusinessError('StaffDiscountNotFound');
  try {
    const { customerId } = await findScopedLoan(db, staff, discount.loanId);
    return { discount, customerId };
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffLoanNotFound')
      throw new BusinessError('StaffDiscountNotFound');
    throw error;
  }
}

export async function removeDiscount(
  deps: StaffWriteDeps,
  actor: Actor,
  discountId: number,
  body: { reason: string },
): Promise<StaffDiscount> {
  const { discount, customerId } = await findScopedDiscount(deps.db, actor.staff, discountId);
  const target = {
    entityType: 'discount',
    entityId: discountId,
    customerId,
    loanId: discount.loanId,
    reason: body.reason,
    lock: customerLoanLock(customerId),
  };
  await staffWrite(deps, actor, target, async (tx) => {
    const current = (await findDiscount(tx, discountId))!;
    if (current.removedAt !== null) {
      const same = { removedAt: current.removedAt.toISOString() };
      return { before: same, after: same, result: null };
    }
    if (await findPendingPayment(tx, current.loanId)) throw new BusinessError('RequestInProgress');
    const installment = (await loanInstallments(tx, current.loanId)).find((row) => row.id === current.installmentId);
    if (!installment || installment.status !== 'notPaid') throw new BusinessError('DiscountNotRemovable');
    if (!(await discountInstallment(tx, installment.id, -current.amountCents)))
      throw new Error(`instalment ${installment.id} left notPaid under the customer's loan lock`);
    const at = deps.clock.now();
    await markDiscountRemoved(tx, discountId, { staffId: actor.staff.id, at, reason: body.reason });
    return {
      before: {
        installmentId: installment.id,
        interestCents: installment.interestCents,
        totalCents: installment.totalCents,
      },
      after: {
        installmentId: installment.id,
        interestCents: installment.interestCents + current.amountCents,
        totalCents: installment.totalCents + current.amountCents,
        removedAt: at.toISOString(),
      },
      result: null,
    };
  });
  return answerOf(deps.db, discountId);
}

/** StaffLoanDiscountsGet. */
export async function staffLoanDiscounts(db: Executor, staff: Scope, loanId: number): Promise<StaffDiscount[]> {
  await findScopedLoan(db, staff, loanId);
  return (await loanDiscountsOf(db, loanId)).map(discountOf);
}
