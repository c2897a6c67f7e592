import { and, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { bankAccounts, bankTransactions, creditDecisions, customers } from '../../db/schema/index.ts';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { RuleResult } from './rules.ts';

/** Decision SQL: what the rule engine reads, and its record. */

export interface DecisionCustomer {
  id: number;
  status: CustomerStatus;
  birthDate: string;
  monthlyIncomeCents: number;
  isBlacklist: boolean;
}

export async function findDecisionCustomer(db: Executor, customerId: number): Promise<DecisionCustomer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      birthDate: customers.birthDate,
      monthlyIncomeCents: customers.monthlyIncomeCents,
      isBlacklist: customers.isBlacklist,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** Whether the customer has an account linked through the open-banking widget (transactions to read). */
export async function hasScrapedAccount(db: Executor, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.customerId, customerId), eq(bankAccounts.source, 'scrape')))
    .limit(1);
  return rows.length > 0;
}

/** Salary payments booked from `from` to `to` (inclusive) across the customer's accounts: count and sum. */
export async function salaryStats(
  db: Executor,
  customerId: number,
  from: string,
  to: string,
): Promise<{ count: number; sumCents: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<string | null>`sum(${bankTransactions.amountCents})`,
    })
    .from(bankTransactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
    .where(
      and(
        eq(bankAccounts.customerId, customerId),
        eq(bankTransactions.isSalary, true),
        gt(bankTransactions.amountCents, 0),
        gte(bankTransactions.bookedOn, from),
        lte(bankTransactions.bookedOn, to),
      ),
    );
  return { count: Number(row?.count ?? 0), sumCents: Number(row?.sum ?? 0) };
}

export async function insertCreditDecision(
  db: Executor,
  row: {
    customerId: number;
    outcome: 'systemApproved' | 'declined';
    limitCents: number;
    miniLimitCents: number;
    rulesVersion: string;
    trigger: string;
    inputs: unknown;
    /** The rule engine's results, or a staff decision's (`{ rule, passed, detail }` with its own rule names). */
    reasons: readonly (RuleResult | { rule: string; passed: boolean; detail: string })[];
    createdAt: Date;
  },
): Promise<number> {
  const [inserted] = await db.insert(creditDecisions).values(row).returning({ id: creditDecisions.id });
  if (!inserted) throw new Error('credit decision insert returned nothing');
  return inserted.id;
}

/** The limit growth a repaid loan earns (the payment module's settle, in its transaction). */
export async function insertLimitDecision(
  db: Executor,
  values: {
    customerId: number;
    limitCents: number;
    miniLimitCents: number;
    inputs: unknown;
    reasons: unknown;
    createdAt: Date;
  },
) {
  await db.insert(creditDecisions).values({
    customerId: values.customerId,
    outcome: 'systemApproved',
    limitCents: values.limitCents,
    miniLimitCents: values.miniLimitCents,
    rulesVersion: LIMIT_GROWTH_RULES_VERSION,
    trigger: 'loanRepaid',
    inputs: values.inputs,
    reasons: values.reasons,
    createdAt: values.createdAt,
  });
}

export const LIMIT_GROWTH_RULES_VERSION = 'limit-growth-2026.11.2';

/**
 * One page of a customer's credit decisions, newest first (ties by id, the later insert first), and how many there
 * are: the back office's credit-limit history (docs/backoffice.md §5).
 */
export async function creditDecisionsPage(db: Executor, customerId: number, page: { page: number; pageSize: number }) {
  const where = eq(creditDecisions.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: creditDecisions.id,
        at: creditDecisions.createdAt,
        trigger: creditDecisions.trigger,
        outcome: creditDecisions.outcome,
        limitCents: creditDecisions.limitCents,
        miniLimitCents: creditDecisions.miniLimitCents,
        rulesVersion: creditDecisions.rulesVersion,
        inputs: creditDecisions.inputs,
        reasons: creditDecisions.reasons,
      })
      .from(creditDecisions)
      .where(where)
      .orderBy(desc(creditDecisions.createdAt), desc(creditDecisions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(creditDecisions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
