import { eq } from 'drizzle-orm';
import { addDaysIso, addMonthsIso, type IsoDate } from '../../../src/shared/dates.ts';
import { installments, loans } from '../../../src/server/db/schema/index.ts';
import type { LoanStatus } from '../../../src/shared/loan-statuses.ts';
import type { TestApp } from './app.ts';
import { DEFAULT_LOAN_DEFINITION, MINI_LOAN_DEFINITION } from '../../../src/shared/loan/loan-definition.ts';

/**
 * Running loans inserted directly, for the tests whose subject is not the loan request flow (reminders, payments,
 * transfers, restructure, crash recovery): a loan of `count` monthly instalments of 299,99 €, the first `paid` of
 * them paid, the next one due on `nextDue`.
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
      loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
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

/**
 * An issued minipréstamo inserted directly: one instalment of `amountCents` + `interestCents` due on `due`, issued
 * `termDays` before it; interest-free (the first loan's promotion, no interest) unless `interestCents` is given.
 * `paidAt` marks it paid in full then.
 */
export async function createMiniLoan(
  t: Pick<TestApp, 'db'>,
  customerId: number,
  options: { due: IsoDate; amountCents?: number; interestCents?: number; termDays?: number; paidAt?: Date },
): Promise<{ loanId: number; installmentId: number }> {
  const { due, amountCents = 30_000, interestCents = 0, termDays = 20, paidAt } = options;
  const [loan] = await t.db
    .insert(loans)
    .values({
      customerId,
      status: 'issued',
      amountCents,
      loanDefinitionId: MINI_LOAN_DEFINITION.id,
      interestFree: interestCents === 0,
      installmentCount: 1,
      issueDate: addDaysIso(due, -termDays),
      firstRepaymentDate: due,
    })
    .returning({ id: loans.id });
  const totalCents = amountCents + interestCents;
  const [row] = await t.db
    .insert(installments)
    .values({
      loanId: loan!.id,
      number: 1,
      expectedDate: due,
      baseCents: amountCents,
      interestCents,
      totalCents,
      paidCents: paidAt ? totalCents : 0,
      status: paidAt ? 'paid' : 'notPaid',
      paidAt: paidAt ?? null,
    })
    .returning({ id: installments.id });
  return { loanId: loan!.id, installmentId: row!.id };
}
