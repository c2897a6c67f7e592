import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers, installments, loans } from '../../db/schema/index.ts';

/**
 * Agreement SQL: a customer's saved loan with its plan (the acceptance itself is written by the loan module,
 * through its index.ts).
 */

/** One of the customer's loans with its instalments (null for a missing id or another customer's loan). */
export async function findCustomerLoan(db: Executor, customerId: number, loanId: number) {
  const [loan] = await db
    .select({
      id: loans.id,
      status: loans.status,
      amountCents: loans.amountCents,
      issueDate: loans.issueDate,
      loanDefinitionId: loans.loanDefinitionId,
      interestFree: loans.interestFree,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  if (!loan) return null;
  const rows = await db
    .select({
      expectedDate: installments.expectedDate,
      baseCents: installments.baseCents,
      interestCents: installments.interestCents,
      totalCents: installments.totalCents,
    })
    .from(installments)
    .where(eq(installments.loanId, loanId))
    .orderBy(asc(installments.number));
  return { ...loan, installments: rows };
}

/** What the acceptance checks of the customer. */
export async function findAcceptingCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, isBlacklist: customers.isBlacklist })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** The loan's status alone (inside the acceptance's lock). */
export async function findLoanStatus(db: Executor, customerId: number, loanId: number) {
  const [row] = await db
    .select({ status: loans.status })
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  return row?.status ?? null;
}
