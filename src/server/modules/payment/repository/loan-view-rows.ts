import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LoanStatus } from '../../../../shared/loan-statuses.ts';
import type { Executor } from '../../../db/connect.ts';
import { preparedRead } from '../../../db/prepared.ts';
import { installments, loans, paymentAllocations, payments } from '../../../db/schema/index.ts';

/**
 * The Loan view's rows for a customer: loans (newest first), their instalments in plan order and the successful
 * payments' allocations of those instalments — three queries whatever the number of loans.
 */
const loanViewColumns = {
  id: loans.id,
  status: loans.status,
  amountCents: loans.amountCents,
  issueDate: loans.issueDate,
  firstRepaymentDate: loans.firstRepaymentDate,
  isRestructured: loans.isRestructured,
  toAccountId: loans.toAccountId,
  createdAt: loans.createdAt,
};
const installmentViewColumns = {
  id: installments.id,
  loanId: installments.loanId,
  status: installments.status,
  expectedDate: installments.expectedDate,
  baseCents: installments.baseCents,
  interestCents: installments.interestCents,
  totalCents: installments.totalCents,
  paidCents: installments.paidCents,
};
const allocationViewColumns = {
  installmentId: paymentAllocations.installmentId,
  amountCents: paymentAllocations.amountCents,
  paymentOption: payments.paymentOption,
  source: payments.source,
  settledAt: payments.settledAt,
  createdAt: paymentAllocations.createdAt,
};

const loansOf = (db: Executor, where: SQL | undefined) =>
  db.select(loanViewColumns).from(loans).where(where).orderBy(desc(loans.createdAt), desc(loans.id));
const installmentsOf = (db: Executor, where: SQL | undefined) =>
  db
    .select(installmentViewColumns)
    .from(installments)
    .where(where)
    .orderBy(asc(installments.loanId), asc(installments.number));
const allocationsOf = (db: Executor, where: SQL | undefined) =>
  db
    .select(allocationViewColumns)
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(where, eq(payments.status, 'success')))
    .orderBy(asc(paymentAllocations.id));

/**
 * Every loan of a customer with its instalments and allocations (CustomerAllLoansGet, the dashboard's read): built
 * once (../../../db/prepared.ts); the loans' ids go as one array parameter, so the texts never vary with their number.
 */
const allLoansOfCustomer = preparedRead((db) =>
  loansOf(db, eq(loans.customerId, sql.placeholder('customerId'))).prepare('customer_all_loans'),
);
const installmentsOfLoans = preparedRead((db) =>
  installmentsOf(db, sql`${installments.loanId} = any(${sql.placeholder('loanIds')}::int[])`).prepare(
    'installments_of_loans',
  ),
);
const allocationsOfLoans = preparedRead((db) =>
  allocationsOf(db, sql`${payments.loanId} = any(${sql.placeholder('loanIds')}::int[])`).prepare(
    'allocations_of_loans',
  ),
);

export async function customerLoanRows(db: Executor, customerId: number, statuses: readonly LoanStatus[] | null) {
  const loanRows =
    statuses === null
      ? await allLoansOfCustomer(db, { customerId })
      : await loansOf(db, and(eq(loans.customerId, customerId), inArray(loans.status, [...statuses])));
  if (loanRows.length === 0) return { loanRows, installmentRows: [], allocationRows: [] };
  // One query each for the instalments and the allocations of all the loans (no query per loan), only the columns
  // the view reads.
  const loanIds = loanRows.map((loan) => loan.id);
  const installmentRows = await installmentsOfLoans(db, { loanIds });
  const allocationRows = await allocationsOfLoans(db, { loanIds });
  return { loanRows, installmentRows, allocationRows };
}
