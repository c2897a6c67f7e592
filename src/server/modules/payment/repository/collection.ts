import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CustomerStatus } from '../../../../shared/statuses.ts';
import type { Executor } from '../../../db/connect.ts';
import { customers, customerStatusHistory, installments, loans } from '../../../db/schema/index.ts';

/** The collection statuses' reads: how late a customer is, the status before collection, the job's candidates. */

/**
 * The oldest expected date of a payable instalment (notPaid, arranged) of the customer's running loans (issued,
 * arranged), or null when nothing is payable.
 */
export async function oldestPayableDate(db: Executor, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`min(${installments.expectedDate})` })
    .from(installments)
    .innerJoin(loans, eq(loans.id, installments.loanId))
    .where(
      and(
        eq(loans.customerId, customerId),
        inArray(loans.status, ['issued', 'arranged']),
        inArray(installments.status, ['notPaid', 'arranged']),
      ),
    );
  return row?.date ?? null;
}

/** The status the customer last moved from into one of `into` (from a status outside them), or null. */
export async function lastStatusBefore(
  db: Executor,
  customerId: number,
  into: readonly CustomerStatus[],
): Promise<CustomerStatus | null> {
  const [row] = await db
    .select({ from: customerStatusHistory.fromStatus })
    .from(customerStatusHistory)
    .where(
      and(
        eq(customerStatusHistory.customerId, customerId),
        inArray(customerStatusHistory.toStatus, [...into]),
        notInArray(customerStatusHistory.fromStatus, [...into]),
      ),
    )
    .orderBy(desc(customerStatusHistory.createdAt), desc(customerStatusHistory.id))
    .limit(1);
  return row?.from ?? null;
}

/**
 * Customers whose collection status may have to change today: those in the automatic collection statuses, and
 * those (securityChecked, systemApproved) with a payable instalment of a running loan due before `lateBefore`.
 */
export async function collectionCandidates(db: Executor, lateBefore: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: customers.id })
    .from(customers)
    .leftJoin(loans, and(eq(loans.customerId, customers.id), inArray(loans.status, ['issued', 'arranged'])))
    .leftJoin(
      installments,
      and(
        eq(installments.loanId, loans.id),
        inArray(installments.status, ['notPaid', 'arranged']),
        sql`${installments.expectedDate} < ${lateBefore}`,
      ),
    )
    .where(
      sql`${customers.status} in ('internalCollection', 'externalCollection') or (${customers.status} in ('securityChecked', 'systemApproved') and ${installments.id} is not null)`,
    );
  return rows.map((row) => row.id);
}
