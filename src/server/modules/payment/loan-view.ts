import type { Loan } from '../../../shared/api/loan-schemas.ts';
import type { StaffLoan } from '../../../shared/api/payment-staff.ts';
import { daysBetweenIso } from '../../../shared/calendar.ts';
import { todayInMadrid, type IsoDate } from '../../../shared/dates.ts';
import { earlyClosureAmount } from '../../../shared/loan/early-closure.ts';
import { payableInstallments } from '../../../shared/loan/payment-amounts.ts';
import { toCents } from '../../../shared/money.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { customerLoanLock, interestFreeLapseDue, lapseInterestFree } from '../loan/index.ts';
import { customerLoanRows } from './repository/loan-view-rows.ts';
import { closureInstallment } from './settle.ts';

/**
 * The customer's loans as the spec's Loan entity (second document §3; docs/rules/identity.md "The customer's record and
 * loans"), for CustomerAllLoansGet and CustomerLoansByStatusGet and for the answers of PayLoanPost:
 * - `payments[]` of each instalment: the successful payments' allocations to it (type = the payment option,
 *   paymentSource, paymentDate = when it was settled);
 * - `earlyClosureAmount`: `src/shared/loan/early-closure.ts` with today in Madrid;
 * - `overdueDay`: the first payable instalment's date minus today (Madrid), 0 when nothing is payable.
 * One statement whatever the number of loans (each loan with its instalments and allocations, ./repository/loan-view-rows.ts).
 */
export interface LoanViewDeps {
  db: Executor;
  clock: Clock;
}

/** The view's rows of the customer's loans, an interest-free first loan whose date passed unpaid lapsed first. */
async function lapsedLoanRows(deps: LoanViewDeps, customerId: number, statuses: readonly LoanStatus[] | null) {
  const now = deps.clock.now();
  const today = todayInMadrid(now);
  let loanRows = await customerLoanRows(deps.db, customerId, statuses);
  // An interest-free first loan whose date passed unpaid owes its interest from today: lapsed before it is shown
  // (once per loan; the collection job does the same for every loan within COLLECTION_INTERVAL_MS).
  const lapsing = loanRows.filter((loan) => interestFreeLapseDue(loan, today));
  if (lapsing.length > 0) {
    await withResourceLock(deps.db, customerLoanLock(customerId), async (tx) => {
      for (const loan of lapsing) await lapseInterestFree(tx, loan.id, today, now);
    });
    loanRows = await customerLoanRows(deps.db, customerId, statuses);
  }
  return { loanRows, today };
}

type LoanViewRow = Awaited<ReturnType<typeof customerLoanRows>>[number];

function loanOf(loan: LoanViewRow, today: IsoDate): Loan {
  const paymentsOf = new Map<number, Loan['installments'][number]['payments']>();
  for (const row of loan.allocations) {
    const payment = {
      type: row.paymentOption,
      amount: toCents(row.amountCents),
      paymentSource: row.source,
      paymentDate: row.paidAt.toISOString(),
    };
    const list = paymentsOf.get(row.installmentId);
    if (list) list.push(payment);
    else paymentsOf.set(row.installmentId, [payment]);
  }
  const rows = loan.installments;
  const installments = rows.map((row) => ({
    id: row.id,
    status: row.status,
    expectedDate: row.expectedDate,
    totalPayment: toCents(row.totalCents),
    initialBase: toCents(row.baseCents),
    initialCalculatedInterest: toCents(row.interestCents),
    payments: paymentsOf.get(row.id) ?? [],
  }));
  const firstPayable = payableInstallments(installments)[0];
  return {
    id: loan.id,
    loanAmount: toCents(loan.amountCents),
    createdDate: todayInMadrid(loan.createdAt),
    status: loan.status,
    earlyClosureAmount: earlyClosureAmount(
      {
        issueDate: loan.issueDate,
        installments: rows.map(closureInstallment),
      },
      today,
    ),
    installments,
    initialPayment: toCents(rows[0]?.totalCents ?? 0),
    firstRepaymentDate: loan.firstRepaymentDate,
    overdueDay: firstPayable ? daysBetweenIso(today, firstPayable.expectedDate) : 0,
    isRestructured: loan.isRestructured,
    toAccountId: loan.toAccountId,
  };
}

export async function customerLoans(
  deps: LoanViewDeps,
  customerId: number,
  statuses: readonly LoanStatus[] | null,
): Promise<Loan[]> {
  const { loanRows, today } = await lapsedLoanRows(deps, customerId, statuses);
  return loanRows.map((loan) => loanOf(loan, today));
}

/**
 * StaffCustomerLoansGet (docs/backoffice.md §5 'Préstamos'): the customer's loans as their own Loan view shows them,
 * with the product, for a staff member who may see the customer (else 404 `StaffCustomerNotFound`). The read lapses
 * an interest-free first loan whose date passed unpaid, as the customer's does: the rule, whoever reads first.
 */
export async function staffCustomerLoans(
  deps: LoanViewDeps,
  staff: Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>,
  customerId: number,
): Promise<StaffLoan[]> {
  await findScopedCustomer(deps.db, staff, customerId);
  const { loanRows, today } = await lapsedLoanRows(deps, customerId, null);
  return loanRows.map((loan) => ({
    ...loanOf(loan, today),
    product: loan.product,
    productName: loan.productName,
    installmentCount: loan.installmentCount,
    interestFree: loan.interestFree,
    interestFreeLapsedAt: loan.interestFreeLapsedAt?.toISOString() ?? null,
  }));
}

/** One loan of the customer as the Loan entity (PayLoanPost's answer), or undefined. */
export async function customerLoan(deps: LoanViewDeps, customerId: number, loanId: number): Promise<Loan | undefined> {
  const all = await customerLoans(deps, customerId, null);
  return all.find((loan) => loan.id === loanId);
}
