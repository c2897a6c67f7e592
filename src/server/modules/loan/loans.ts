import type { Loan } from '../../../shared/api/loan.ts';
import { daysBetweenIso } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { sumCents, toCents } from '../../../shared/money.ts';
import type { LoanStatus } from '../../../shared/statuses.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { customerLoansWithInstallments } from './repository.ts';

/**
 * The customer's loans as the spec's Loan entity (second document §3), for CustomerLoansByStatusGet and
 * CustomerAllLoansGet: the loan request checks for an issued or arranged loan with it (§4), the dashboard of the
 * next issues reads it. Interim rules until payments exist (README, business rules):
 * - earlyClosureAmount: what is left of the plan, the unpaid part of every instalment not yet paid;
 * - overdueDay: the first unpaid instalment's date minus today (Madrid), in days (ARCHITECTURE §7), 0 when none is
 *   unpaid; negative when late.
 */
export interface LoanViewDeps {
  db: Database;
  clock: Clock;
}

const UNPAID = new Set(['notPaid', 'arranged']);

export async function customerLoans(
  deps: LoanViewDeps,
  customerId: number,
  statuses: readonly LoanStatus[] | null,
): Promise<Loan[]> {
  const today = todayInMadrid(deps.clock.now());
  const rows = await customerLoansWithInstallments(deps.db, customerId, statuses);
  return rows.map(({ loan, installments }) => {
    const unpaid = installments.filter((row) => UNPAID.has(row.status));
    const firstUnpaid = unpaid[0];
    const first = installments[0];
    return {
      id: loan.id,
      loanAmount: toCents(loan.amountCents),
      createdDate: todayInMadrid(loan.createdAt),
      status: loan.status,
      earlyClosureAmount: sumCents(unpaid.map((row) => toCents(row.totalCents - row.paidCents))),
      installments: installments.map((row) => ({
        id: row.id,
        status: row.status,
        expectedDate: row.expectedDate,
        totalPayment: toCents(row.totalCents),
        initialBase: toCents(row.baseCents),
        initialCalculatedInterest: toCents(row.interestCents),
        payments: [],
      })),
      initialPayment: toCents(first?.totalCents ?? 0),
      firstRepaymentDate: loan.firstRepaymentDate,
      overdueDay: firstUnpaid ? daysBetweenIso(today, firstUnpaid.expectedDate) : 0,
      isRestructured: loan.isRestructured,
      toAccountId: loan.toAccountId,
    };
  });
}
