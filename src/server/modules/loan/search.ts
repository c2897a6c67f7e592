import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LOAN_SEARCH_COUNT_CAP, type LoanSearchGet, type LoanSearchItem } from '../../../shared/api/loan-staff.ts';
import type { z } from 'zod';
import { addDaysIso, daysBetweenIso } from '../../../shared/calendar.ts';
import { activeLoanStatuses, isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { customers, installments, loanDefinitions, loans } from '../../db/schema/index.ts';
import { customerScopeOf } from '../customer/index.ts';

/**
 * LoanSearchGet (`searchLoans`; docs/backoffice.md §8 P4): the portfolio, paged, for agents, administrators and a
 * collection company (its customers only).
 *
 * How it stays fast over a million instalments (`npm run bench`, scripts/bench-loan-search.mjs): "days late" is
 * read from `loans.first_unpaid_date`, which the database keeps from the instalments (migration 0033's triggers), so
 * a band of days late is a range of the running loans' index by that date (`loans_running_first_unpaid_idx`) and
 * "most days late first" is that index read in order; the page's rows then read what they owe, one probe each of the
 * unpaid instalments' index; the total is counted up to LOAN_SEARCH_COUNT_CAP, joining the customers only for a
 * collection company's scope and the definitions only for a product.
 */

type Query = z.output<(typeof LoanSearchGet)['query']>;
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/** What the loan's payable instalments (notPaid, arranged) still carry, in cents. */
const outstandingCents = sql<string>`(select coalesce(sum(${installments.totalCents} - ${installments.paidCents}), 0) from ${installments} where ${installments.loanId} = ${loans.id} and ${installments.status} in ('notPaid', 'arranged'))`;

function conditionsOf(query: Query, staff: Scope, today: string): SQL | undefined {
  const late = query.sort === 'mostOverdue' ? Math.max(1, query.overdueDaysMin ?? 1) : query.overdueDaysMin;
  const overdueFilter = late !== undefined || query.overdueDaysMax !== undefined;
  const max = query.overdueDaysMax;
  return and(
    query.status ? eq(loans.status, query.status) : undefined,
    overdueFilter ? inArray(loans.status, [...activeLoanStatuses]) : undefined,
    query.product ? eq(loanDefinitions.product, query.product) : undefined,
    query.customerId ? eq(loans.customerId, query.customerId) : undefined,
    query.dateFrom ? gte(loans.issueDate, query.dateFrom) : undefined,
    query.dateTo ? lte(loans.issueDate, query.dateTo) : undefined,
    // N days late or more: the first unpaid instalment dated today − N or before.
    late !== undefined && late > 0 ? lte(loans.firstUnpaidDate, addDaysIso(today, -late)) : undefined,
    // M days late at most: nothing unpaid, or the first unpaid dated today − M or later.
    max !== undefined
      ? or(isNull(loans.firstUnpaidDate), gte(loans.firstUnpaidDate, addDaysIso(today, -max)))
      : undefined,
    customerScopeOf(staff),
  );
}

export async function searchLoans(
  db: Executor,
  staff: Scope,
  query: Query,
  now: Date,
): Promise<{ items: LoanSearchItem[]; page: number; pageSize: number; total: number; totalCapped: boolean }> {
  const today = todayInMadrid(now);
  const where = conditionsOf(query, staff, today);
  const order = query.sort === 'mostOverdue' ? [asc(loans.firstUnpaidDate), desc(loans.id)] : [desc(loans.id)];
  // Only the joins the filters need: the customers for a company's scope, the definitions for a product.
  const matching = () => {
    let select = db.select({ id: loans.id }).from(loans).$dynamic();
    if (staff.role === 'collectioncompany') select = select.innerJoin(customers, eq(customers.id, loans.customerId));
    if (query.product) select = select.innerJoin(loanDefinitions, eq(loanDefinitions.id, loans.loanDefinitionId));
    return select.where(where);
  };
  const page = matching()
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: loans.id,
        customerId: loans.customerId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        status: loans.status,
        product: loanDefinitions.product,
        amountCents: loans.amountCents,
        issueDate: loans.issueDate,
        installmentCount: loans.installmentCount,
        firstUnpaidDate: loans.firstUnpaidDate,
        outstandingCents,
      })
      .from(page)
      .innerJoin(loans, eq(loans.id, page.id))
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .innerJoin(loanDefinitions, eq(loanDefinitions.id, loans.loanDefinitionId)),
    db.select({ total: sql<number>`count(*)::int` }).from(
      matching()
        .limit(LOAN_SEARCH_COUNT_CAP + 1)
        .as('matching'),
    ),
  ]);
  const items = rows.map((row): LoanSearchItem => {
    const late =
      row.firstUnpaidDate !== null && isActiveLoanStatus(row.status) && row.firstUnpaidDate < today
        ? daysBetweenIso(row.firstUnpaidDate, today)
        : 0;
    return {
      loanId: row.id,
      customerId: row.customerId,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      status: row.status,
      product: row.product,
      amount: toCents(row.amountCents),
      issueDate: row.issueDate,
      installmentCount: row.installmentCount,
      outstanding: toCents(Number(row.outstandingCents)),
      firstUnpaidDate: row.firstUnpaidDate,
      overdueDays: late,
    };
  });
  // The page's rows in the page's order (the join does not keep it).
  const ordered = [...items];
  if (query.sort === 'mostOverdue')
    ordered.sort(
      (a, b) => (a.firstUnpaidDate ?? '9999').localeCompare(b.firstUnpaidDate ?? '9999') || b.loanId - a.loanId,
    );
  else ordered.sort((a, b) => b.loanId - a.loanId);
  const total = counted?.total ?? 0;
  return {
    items: ordered,
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, LOAN_SEARCH_COUNT_CAP),
    totalCapped: total > LOAN_SEARCH_COUNT_CAP,
  };
}
