import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates.ts';
import { buildPaymentPlan } from '../../../shared/loan/plan.ts';
import type { InstallmentStatus, LoanStatus } from '../../../shared/loan-statuses.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/connect.ts';
import { lockResource } from '../../db/locks.ts';
import { installments, loans } from '../../db/schema/index.ts';
import { findDefinitionById } from './definition-repository.ts';
import { customerLoanLock } from './request.ts';

/**
 * The interest-free first loan's lapse (docs/rules/pricing-and-quotes.md "The interest-free first loan"): a
 * minipréstamo given at 0 % that is not repaid on its date owes, from the day after, the interest its definition's
 * standard price gives for its term (300 € over 20 days: 45,00 €). The lapse writes that interest on its instalment
 * (so every amount the customer is shown, pays, rolls over or restructures counts it) and stamps the loan
 * (`interest_free_lapsed_at`), once. It runs in the collection job for every such loan, and when a customer's loans are
 * read (payment module's loan view) for theirs, so the customer never reads a 0 % that no longer holds.
 */

/** Running statuses whose unpaid instalment can still be owed. */
const RUNNING: readonly LoanStatus[] = ['issued', 'arranged'];
const OWED: readonly InstallmentStatus[] = ['notPaid', 'arranged'];

export interface LapseCandidateView {
  readonly status: LoanStatus;
  readonly interestFree: boolean;
  readonly interestFreeLapsedAt: Date | string | null;
  readonly installments: ReadonlyArray<{ readonly status: InstallmentStatus; readonly expectedDate: string }>;
}

/** Whether the promotion of this loan lapses on `today`: interest-free, not lapsed, running, its date passed unpaid. */
export function interestFreeLapseDue(loan: LapseCandidateView, today: IsoDate): boolean {
  if (!loan.interestFree || loan.interestFreeLapsedAt !== null || !RUNNING.includes(loan.status)) return false;
  return loan.installments.some((row) => OWED.includes(row.status) && row.expectedDate < today);
}

/** Every loan whose promotion lapses on `today`, with its customer (the collection job's list). */
export async function interestFreeLapseCandidates(db: Executor, today: IsoDate) {
  return db
    .selectDistinct({ loanId: loans.id, customerId: loans.customerId })
    .from(loans)
    .innerJoin(installments, eq(installments.loanId, loans.id))
    .where(
      and(
        eq(loans.interestFree, true),
        isNull(loans.interestFreeLapsedAt),
        inArray(loans.status, [...RUNNING]),
        inArray(installments.status, [...OWED]),
        lt(installments.expectedDate, today),
      ),
    );
}

/**
 * Lapses the promotion of `loanId` when it is due (`interestFreeLapseDue`), in the caller's transaction, which must
 * hold the customer's loan lock: the unpaid instalment's interest becomes the standard price of the loan's amount from
 * its issue date to the instalment's date, its total the base plus that interest. True when it lapsed now.
 */
export async function lapseInterestFree(tx: Executor, loanId: number, today: IsoDate, at: Date): Promise<boolean> {
  const [loan] = await tx
    .select({
      id: loans.id,
      status: loans.status,
      amountCents: loans.amountCents,
      issueDate: loans.issueDate,
      loanDefinitionId: loans.loanDefinitionId,
      interestFree: loans.interestFree,
      interestFreeLapsedAt: loans.interestFreeLapsedAt,
    })
    .from(loans)
    .where(eq(loans.id, loanId))
    .limit(1);
  if (!loan) return false;
  const rows = await tx
    .select({
      id: installments.id,
      status: installments.status,
      expectedDate: installments.expectedDate,
      baseCents: installments.baseCents,
      interestCents: installments.interestCents,
    })
    .from(installments)
    .where(eq(installments.loanId, loanId));
  if (!interestFreeLapseDue({ ...loan, installments: rows }, today)) return false;
  const definition = await findDefinitionById(tx, loan.loanDefinitionId);
  if (definition?.product !== 'mini') throw new Error(`loan ${loanId}: an interest-free loan that is not a mini-loan`);
  const owed = rows.filter((row) => OWED.includes(row.status));
  for (const row of owed) {
    const standard = buildPaymentPlan({
      amountCents: row.baseCents,
      issueDate: loan.issueDate,
      paymentDates: [row.expectedDate],
      definition,
    });
    const interestCents = standard.totalInterestCents;
    await tx
      .update(installments)
      .set({ interestCents, totalCents: sql`${installments.baseCents} + ${interestCents}` })
      .where(eq(installments.id, row.id));
  }
  await tx.update(loans).set({ interestFreeLapsedAt: at, updatedAt: at }).where(eq(loans.id, loanId));
  return true;
}

/**
 * Lapses every interest-free first loan not repaid on its date by `today`, each in its own transaction under its
 * customer's loan lock (`customerLoanLock`), so several instances lapse a loan once. Run by the collection job and, before
 * it plans the day's reminders, by the payment-reminder scheduler, so a reminder states what is owed. Answers how
 * many lapsed now.
 */
export async function lapseDueInterestFree(
  db: Database,
  { today, now, log }: { today: IsoDate; now: Date; log: FastifyBaseLogger },
): Promise<number> {
  let lapsed = 0;
  for (const candidate of await interestFreeLapseCandidates(db, today)) {
    const done = await db.transaction(async (tx) => {
      await lockResource(tx, customerLoanLock(candidate.customerId));
      return lapseInterestFree(tx, candidate.loanId, today, now);
    });
    if (done) {
      lapsed += 1;
      log.info({ loanId: candidate.loanId }, 'interest-free promotion lapsed');
    }
  }
  return lapsed;
}
