import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InstallmentStatus, LoanStatus } from '../../../../shared/loan-statuses.ts';
import type { PaymentPurpose, PaymentSource } from '../../../../shared/payment-statuses.ts';
import type { Executor } from '../../../db/connect.ts';
import { preparedRead } from '../../../db/prepared.ts';
import { installments, loanDefinitions, loans, paymentAllocations, payments } from '../../../db/schema/index.ts';

/**
 * The Loan view's rows for a customer: loans (newest first), each with its instalments in plan order and the
 * successful payments' allocations of those instalments — one statement whatever the number of loans. The two lists
 * come as JSON arrays built by PostgreSQL (json_agg in a scalar subquery per loan): a logged-in read pays for one
 * round trip to the database, not three (docs/bench.md).
 */
export interface InstallmentViewRow {
  id: number;
  status: InstallmentStatus;
  expectedDate: string;
  baseCents: number;
  interestCents: number;
  totalCents: number;
  paidCents: number;
}
export interface AllocationViewRow {
  installmentId: number;
  amountCents: number;
  paymentOption: PaymentPurpose;
  source: PaymentSource;
  /** When the payment settled, or else when the allocation was written. */
  paidAt: Date;
}

/** In JSON a timestamptz is text with its offset; a date is already 'YYYY-MM-DD'. */
interface AllocationJson extends Omit<AllocationViewRow, 'paidAt'> {
  paidAt: string;
}

// Nested in a fragment of their own so that Drizzle writes the columns with their tables (the outer `loans` row is
// referred to from inside the subquery).
const installmentsJson = sql<InstallmentViewRow[]>`${sql`(select coalesce(json_agg(json_build_object(
    'id', ${installments.id},
    'status', ${installments.status},
    'expectedDate', ${installments.expectedDate},
    'baseCents', ${installments.baseCents},
    'interestCents', ${installments.interestCents},
    'totalCents', ${installments.totalCents},
    'paidCents', ${installments.paidCents}
  ) order by ${installments.number}), '[]'::json)
  from ${installments} where ${installments.loanId} = ${loans.id})`}`;

const allocationsJson = sql<AllocationJson[]>`${sql`(select coalesce(json_agg(json_build_object(
    'installmentId', ${paymentAllocations.installmentId},
    'amountCents', ${paymentAllocations.amountCents},
    'paymentOption', ${payments.paymentOption},
    'source', ${payments.source},
    'paidAt', coalesce(${payments.settledAt}, ${paymentAllocations.createdAt})
  ) order by ${paymentAllocations.id}), '[]'::json)
  from ${paymentAllocations} inner join ${payments} on ${payments.id} = ${paymentAllocations.paymentId}
  where ${payments.loanId} = ${loans.id} and ${payments.status} = 'success')`}`;

const loanViewColumns = {
  id: loans.id,
  status: loans.status,
  amountCents: loans.amountCents,
  issueDate: loans.issueDate,
  firstRepaymentDate: loans.firstRepaymentDate,
  isRestructured: loans.isRestructured,
  interestFree: loans.interestFree,
  interestFreeLapsedAt: loans.interestFreeLapsedAt,
  toAccountId: loans.toAccountId,
  createdAt: loans.createdAt,
  installmentCount: loans.installmentCount,
  // The product it was priced by (the staff's view shows it; the customer's Loan entity does not).
  product: loanDefinitions.product,
  productName: loanDefinitions.name,
  installments: installmentsJson,
  allocations: allocationsJson,
};

const loansOf = (db: Executor, where: SQL | undefined) =>
  db
    .select(loanViewColumns)
    .from(loans)
    .innerJoin(loanDefinitions, eq(loanDefinitions.id, loans.loanDefinitionId))
    .where(where)
    .orderBy(desc(loans.createdAt), desc(loans.id));

/** CustomerAllLoansGet's read, the dashboard's: built once (../../../db/prepared.ts). */
const allLoansOfCustomer = preparedRead((db) =>
  loansOf(db, eq(loans.customerId, sql.placeholder('customerId'))).prepare('customer_all_loans'),
);

export async function customerLoanRows(db: Executor, customerId: number, statuses: readonly LoanStatus[] | null) {
  const rows =
    statuses === null
      ? await allLoansOfCustomer(db, { customerId })
      : await loansOf(db, and(eq(loans.customerId, customerId), inArray(loans.status, [...statuses])));
  return rows.map(({ allocations, ...loan }) => ({
    ...loan,
    allocations: allocations.map(({ paidAt, ...allocation }) => ({ ...allocation, paidAt: new Date(paidAt) })),
  }));
}
