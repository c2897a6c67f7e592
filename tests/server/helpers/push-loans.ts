import { eq, inArray } from 'drizzle-orm';
import { addMonthsIso, type IsoDate } from '../../../src/shared/dates.ts';
import {
  customers,
  installments,
  loans,
  pushSubscriptions,
  reminderDeliveries,
} from '../../../src/server/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { LoanStatus } from '../../../src/shared/loan-statuses.ts';

/**
 * Loans for the reminder tests, inserted directly (the loan request flow is not what they test): a running loan of
 * `count` monthly instalments of 299,99 €, the first `paid` of them paid, the next one due on `nextDue`.
 */

export interface TestLoan {
  loanId: number;
  /** Instalment ids by number (1-based: `installmentIds[0]` is number 1). */
  installmentIds: number[];
  /** The first unpaid instalment. */
  next: { id: number; expectedDate: IsoDate; totalCents: number };
}

export const INSTALLMENT_CENTS = 29_999;

export async function createRunningLoan(
  t: Pick<TestApp, 'db'>,
  customerId: number,
  options: { nextDue: IsoDate; paid?: number; count?: number; status?: LoanStatus },
): Promise<TestLoan> {
  const { nextDue, paid = 0, count = 12, status = 'issued' } = options;
  const dates = Array.from({ length: count }, (_, index) => addMonthsIso(nextDue, index - paid));
  const [loan] = await t.db
    .insert(loans)
    .values({
      customerId,
      status,
      amountCents: 250_000,
      installmentCount: count,
      issueDate: addMonthsIso(dates[0]!, -1),
      firstRepaymentDate: dates[0]!,
    })
    .returning({ id: loans.id });
  const rows = await t.db
    .insert(installments)
    .values(
      dates.map((expectedDate, index) => ({
        loanId: loan!.id,
        number: index + 1,
        expectedDate,
        baseCents: 20_833,
        interestCents: INSTALLMENT_CENTS - 20_833,
        totalCents: INSTALLMENT_CENTS,
        paidCents: index < paid ? INSTALLMENT_CENTS : 0,
        status: index < paid ? ('paid' as const) : ('notPaid' as const),
      })),
    )
    .returning({ id: installments.id, number: installments.number });
  const installmentIds = rows.sort((a, b) => a.number - b.number).map((row) => row.id);
  return {
    loanId: loan!.id,
    installmentIds,
    next: { id: installmentIds[paid]!, expectedDate: nextDue, totalCents: INSTALLMENT_CENTS },
  };
}

export async function markInstallmentPaid(t: Pick<TestApp, 'db'>, installmentId: number): Promise<void> {
  await t.db
    .update(installments)
    .set({ status: 'paid', paidCents: INSTALLMENT_CENTS, paidAt: new Date() })
    .where(eq(installments.id, installmentId));
}

/** The reminder rows of some instalments (status, kind, attempts), oldest first. */
export async function deliveriesOf(t: Pick<TestApp, 'db'>, installmentIds: readonly number[]) {
  if (installmentIds.length === 0) return [];
  return t.db
    .select()
    .from(reminderDeliveries)
    .where(inArray(reminderDeliveries.installmentId, [...installmentIds]))
    .orderBy(reminderDeliveries.id);
}

/** Remove test customers (their loans, instalments, subscriptions and reminders go with them). */
export async function deleteCustomers(t: Pick<TestApp, 'db'>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.db.delete(customers).where(inArray(customers.id, [...ids]));
}

/** The push subscriptions stored for a customer, oldest first. */
export async function storedSubscriptions(t: Pick<TestApp, 'db'>, customerId: number) {
  return t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId))
    .orderBy(pushSubscriptions.id);
}
