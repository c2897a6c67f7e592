import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { creditDecisions, customers } from '../../../db/schema/index.ts';

/** The paying customer: their limit and its growth decision, and the customer a bank transfer's reference names. */

export async function findCustomerForPayment(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      isRtb: customers.isRtb,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

export async function updateCustomerLimit(
  db: Executor,
  customerId: number,
  values: { isRtb: boolean; creditLimitCents: number; updatedAt: Date },
) {
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}

export async function insertLimitDecision(
  db: Executor,
  values: { customerId: number; limitCents: number; inputs: unknown; reasons: unknown; createdAt: Date },
) {
  await db.insert(creditDecisions).values({
    customerId: values.customerId,
    outcome: 'systemApproved',
    limitCents: values.limitCents,
    rulesVersion: LIMIT_GROWTH_RULES_VERSION,
    trigger: 'loanRepaid',
    inputs: values.inputs,
    reasons: values.reasons,
    createdAt: values.createdAt,
  });
}

export const LIMIT_GROWTH_RULES_VERSION = 'limit-growth-2026.11.1';

/** The customer with this reference code (the bank transfer's description starts with it), compared without case. */
export async function findCustomerByReference(db: Executor, referenceCode: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.referenceCode}) = ${referenceCode.toLowerCase()}`)
    .limit(1);
  return row;
}
