import { addDaysIso, ageOnDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import type { Executor } from '../../db/connect.ts';
import { moveCustomerStatus, setCreditLimit } from '../customer/index.ts';
import { findDecisionCustomer, hasScrapedAccount, insertCreditDecision, salaryStats } from './repository.ts';
import { DECISION_RULES, evaluateCreditRules, RULES_VERSION, type DecisionInputs } from './rules.ts';

/** What triggered a decision (stored with it). */
export type DecisionTrigger = 'firstAccountLinked';

export interface CreditDecisionResult {
  decisionId: number;
  outcome: 'systemApproved' | 'declined';
  limitCents: number;
  miniLimitCents: number;
}

/**
 * The advisory lock every account link of a customer takes (withResourceLock): two first links at once run one
 * decision, the second sees the status the first left.
 */
export const customerAccountsLock = (customerId: number) => `bank-accounts:customer:${customerId}`;

/**
 * The credit decision of a `registered` customer who has just linked an account: reads the inputs, runs the rules,
 * records them with the outcome (credit_decisions, never updated), moves the status registered → systemApproved
 * or declined with its history row and sets the credit limit — all in `tx`, which must hold
 * `customerAccountsLock(customerId)`. Null (nothing done) when the customer is not `registered` (an account added
 * later, or a decision already made). Throws when the status moved under it (the caller's transaction rolls back).
 */
export async function decideOnAccountLinked(
  tx: Executor,
  input: { customerId: number; trigger: DecisionTrigger; now: Date },
): Promise<CreditDecisionResult | null> {
  const customer = await findDecisionCustomer(tx, input.customerId);
  if (!customer || customer.status !== 'registered') return null;
  const today = todayInMadrid(input.now);
  const evidence = (await hasScrapedAccount(tx, customer.id)) ? 'transactions' : 'declaredOnly';
  const salary =
    evidence === 'transactions'
      ? await salaryStats(tx, customer.id, addDaysIso(today, -(DECISION_RULES.salaryWindowDays - 1)), today)
      : { count: 0, sumCents: 0 };
  const inputs: DecisionInputs = {
    age: ageOnDate(customer.birthDate, today),
    birthDate: customer.birthDate,
    declaredIncomeCents: customer.monthlyIncomeCents,
    isBlacklist: customer.isBlacklist,
    evidence,
    salaryCount: salary.count,
    salaryAverageCents: salary.count > 0 ? Math.round(salary.sumCents / salary.count) : 0,
    today,
  };
  const result = evaluateCreditRules(inputs);
  const decisionId = await insertCreditDecision(tx, {
    customerId: customer.id,
    outcome: result.outcome,
    limitCents: result.limitCents,
    miniLimitCents: result.miniLimitCents,
    rulesVersion: RULES_VERSION,
    trigger: input.trigger,
    inputs: { ...inputs, incomeBasisCents: result.incomeBasisCents },
    reasons: result.reasons,
    createdAt: input.now,
  });
  const moved = await moveCustomerStatus(tx, {
    id: customer.id,
    from: 'registered',
    to: result.outcome,
    changedBy: 'system',
    reason: `creditDecision:${decisionId}`,
    at: input.now,
  });
  if (!moved) throw new Error(`customer ${customer.id} left registered during its credit decision`);
  await setCreditLimit(
    tx,
    customer.id,
    { creditLimitCents: result.limitCents, miniLimitCents: result.miniLimitCents },
    input.now,
  );
  return {
    decisionId,
    outcome: result.outcome,
    limitCents: result.limitCents,
    miniLimitCents: result.miniLimitCents,
  };
}
