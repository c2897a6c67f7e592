import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChangeLoanAmountPost, ChangeLoanToAccountPost } from '../../../shared/api/loan-staff.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { buildPaymentPlan } from '../../../shared/loan/plan.ts';
import { toCents, type Cents } from '../../../shared/money.ts';
import { awaitingPayoutLoanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Transaction } from '../../db/connect.ts';
import { installments, loans } from '../../db/schema/index.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { findDefinitionById } from './definition-repository.ts';
import { findCustomerAccount, findLimitAndOwed, hasHadLoan } from './repository.ts';
import { availableOf, checkAmount, checkMiniAmount, customerLoanLock } from './request.ts';
import { insertPlanInstallments } from './writes.ts';
import { findScopedLoan } from './staff-reads.ts';

/**
 * The loan module's staff changes of a loan not paid out yet (docs/backoffice.md §8 P4): the account it goes to
 * (ChangeLoanToAccountPost) and its amount (ChangeLoanAmountPost), under the customer's loan lock (the request, the acceptance, the payments and the staff
 * moves take it) and the loan's row lock, with its audit record in the same transaction; the same value again
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

type AmountAnswer = z.output<(typeof ChangeLoanAmountPost)['response']>;

/**
 * ChangeLoanAmountPost (the contract entry says the rules): the plan priced again by the loan's own definition on its
 * own dates and issue day, its instalments replaced (none is running before the payout), and a signed loan back to
 * `requested` with its history row, its acceptance and payout moment cleared.
 */
export async function changeLoanAmount(
  deps: StaffWriteDeps,
  actor: Actor,
  loanId: number,
  body: { amount: Cents; reason: string },
): Promise<AmountAnswer> {
  const { customerId } = await findScopedLoan(deps.db, actor.staff, loanId);
  const target = {
    entityType: 'loan',
    entityId: loanId,
    customerId,
    loanId,
    reason: body.reason,
    lock: customerLoanLock(customerId),
  };
  return staffWrite<AmountAnswer>(deps, actor, target, async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new BusinessError('StaffLoanNotFound');
    if (!awaitingPayout(loan.status)) throw new BusinessError('StaffLoanNotAwaitingPayout');
    const amount = body.amount;
    const fromAmount = toCents(loan.amountCents);
    if (amount === loan.amountCents) {
      const same = { amount: fromAmount, status: loan.status };
      return {
        before: same,
        after: same,
        result: { loanId, fromAmount, amount, status: loan.status, signAgain: false, changed: false },
      };
    }
    const definition = await findDefinitionById(tx, loan.loanDefinitionId);
    const limits = await findLimitAndOwed(tx, customerId);
    if (!definition || !limits) throw new Error(`loan ${loanId}: no definition or customer`);
    // This loan's own principal is part of what is owed: it is given back before the new amount is checked.
    const available = availableOf({ ...limits, owedCents: limits.owedCents - loan.amountCents });
    if (definition.product === 'mini') checkMiniAmount(amount, definition, available.miniAvailableLimit);
    else checkAmount(amount, available.availableLimit);

    const dates = await tx
      .select({ expectedDate: installments.expectedDate })
      .from(installments)
      .where(eq(installments.loanId, loanId))
      .orderBy(asc(installments.number));
    const interestFree =
      definition.product === 'mini' &&
      amount <= definition.firstLoanFreeMaxCents &&
      !(await hasHadLoan(tx, customerId));
    const plan = buildPaymentPlan<LoanDefinition>({
      amountCents: amount,
      issueDate: loan.issueDate,
      paymentDates: dates.map((row) => row.expectedDate),
      definition,
      interestFree,
    });
    await tx.delete(installments).where(eq(installments.loanId, loanId));
    await insertPlanInstallments(tx, loanId, plan.installments);
    const now = deps.clock.now();
    const signAgain = loan.status !== 'requested';
    await tx
      .update(loans)
      .set({
        amountCents: amount,
        interestFree: plan.interestFree,
        status: 'requested',
        agreementAcceptedAt: null,
        payoutDueAt: null,
        updatedAt: now,
      })
      .where(eq(loans.id, loanId));
    if (signAgain)
      await recordStatusChange(tx, 'loan', {
        id: loanId,
        from: loan.status,
        to: 'requested',
        changedBy: `staff:${actor.staff.id}`,
        reason: body.reason,
        at: now,
      });
    return {
      before: {
        amount: fromAmount,
        status: loan.status,
        agreementAcceptedAt: loan.agreementAcceptedAt?.toISOString() ?? null,
      },
      after: { amount, status: 'requested', interestFree: plan.interestFree },
      result: { loanId, fromAmount, amount, status: 'requested', signAgain, changed: true },
    };
  });
}
