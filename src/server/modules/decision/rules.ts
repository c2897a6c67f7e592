import { AGE } from '../../../shared/constants.ts';
import { MINI_LOAN } from '../../../shared/loan-constants.ts';
import { eurosToCents } from '../../../shared/money.ts';

/**
 * The credit rule engine (docs/rules/bank-and-cards.md "Credit decision"): pure, deterministic, integer cents. Every
 * rule is evaluated and recorded, passed or not, so a decision can be explained (EU Directive 2023/2225 art. 18); the
 * outcome is `declined` when any rule fails. Change a threshold → bump RULES_VERSION (stored with each decision).
 */
export const RULES_VERSION = 'credit-rules-2026.11.2';

export const DECISION_RULES = {
  minAge: AGE.min,
  maxAge: AGE.max,
  /** Declared monthly income (the signup option) at least this. */
  minDeclaredIncomeCents: 100_000,
  /** Transactions read from the linked account: this many salary payments in the window… */
  minSalaryPayments: 2,
  salaryWindowDays: 90,
  /** …averaging at least this. */
  minSalaryAverageCents: 100_000,
  /** Limit = income basis × 3/2, rounded down to a multiple of the step, capped. */
  limitNumerator: 3,
  limitDenominator: 2,
  limitStepCents: 50_000,
  /** The smallest loan of the request form is 2.500 € = limit + 500 €: a lower limit could not be used. */
  minLimitCents: 200_000,
  /** Cap with the salary seen in the transactions (limit + 500 € = the calculator's 5.000 € at most). */
  maxLimitVerifiedCents: 450_000,
  /** Cap when only the declared income is known (an account entered by hand has no transactions). */
  maxLimitDeclaredCents: 250_000,
  /**
   * The minipréstamo's limit on approval: the interest-free first loan's 300 € (MINI_LOAN.firstLoanFreeMax), whatever
   * the income; it grows with each loan repaid on time (the payment module's limit growth) up to the product's 600 €.
   */
  miniLimitStartCents: eurosToCents(MINI_LOAN.firstLoanFreeMax),
} as const;

export type DecisionEvidence = 'transactions' | 'declaredOnly';

export interface DecisionInputs {
  /** Completed years on the decision's day (Europe/Madrid). */
  age: number;
  birthDate: string;
  /** customers.monthly_income_cents (the signup option; 300.100 = "over 3.000 €"). */
  declaredIncomeCents: number;
  isBlacklist: boolean;
  /** `transactions` when an account was linked through the open-banking widget, else `declaredOnly`. */
  evidence: DecisionEvidence;
  /** Salary payments in the last 90 days across the customer's linked accounts (0 for declaredOnly). */
  salaryCount: number;
  /** Their average, whole cents (0 when none). */
  salaryAverageCents: number;
  /** The decision's day, YYYY-MM-DD. */
  today: string;
}

export type RuleName =
  'notBlacklisted' | 'ageInRange' | 'declaredIncome' | 'salaryPayments' | 'salaryAmount' | 'limitAtLeastMinimum';

export interface RuleResult {
  rule: RuleName;
  passed: boolean;
  detail: string;
}

export interface RuleOutcome {
  outcome: 'systemApproved' | 'declined';
  /** 0 when declined. */
  limitCents: number;
  /** The minipréstamo's limit, 0 when declined. */
  miniLimitCents: number;
  /** The income the limit was computed from. */
  incomeBasisCents: number;
  reasons: RuleResult[];
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

/** The limit the income basis allows: × 3/2, down to a multiple of 500 €, capped by the evidence. */
export function limitFor(incomeBasisCents: number, evidence: DecisionEvidence): number {
  const r = DECISION_RULES;
  const raw = Math.floor((Math.max(0, incomeBasisCents) * r.limitNumerator) / r.limitDenominator);
  const stepped = Math.floor(raw / r.limitStepCents) * r.limitStepCents;
  return Math.min(stepped, evidence === 'transactions' ? r.maxLimitVerifiedCents : r.maxLimitDeclaredCents);
}

export function evaluateCreditRules(inputs: DecisionInputs): RuleOutcome {
  const r = DECISION_RULES;
  const verified = inputs.evidence === 'transactions';
  const incomeBasisCents = verified
    ? Math.min(inputs.declaredIncomeCents, inputs.salaryAverageCents)
    : inputs.declaredIncomeCents;
  const computedLimit = limitFor(incomeBasisCents, inputs.evidence);
  const notApplied = 'not applied: the account was entered by hand, no transactions';
  const reasons: RuleResult[] = [
    {
      rule: 'notBlacklisted',
      passed: !inputs.isBlacklist,
      detail: inputs.isBlacklist ? 'the customer is on the blacklist' : 'not on the blacklist',
    },
    {
      rule: 'ageInRange',
      passed: inputs.age >= r.minAge && inputs.age <= r.maxAge,
      detail: `age ${inputs.age} (born ${inputs.birthDate}); allowed ${r.minAge}-${r.maxAge}`,
    },
    {
      rule: 'declaredIncome',
      passed: inputs.declaredIncomeCents >= r.minDeclaredIncomeCents,
      detail: `declared ${euros(inputs.declaredIncomeCents)} a month; minimum ${euros(r.minDeclaredIncomeCents)}`,
    },
    {
      rule: 'salaryPayments',
      passed: !verified || inputs.salaryCount >= r.minSalaryPayments,
      detail: verified
        ? `${inputs.salaryCount} salary payments in the last ${r.salaryWindowDays} days; minimum ${r.minSalaryPayments}`
        : notApplied,
    },
    {
      rule: 'salaryAmount',
      passed: !verified || (inputs.salaryCount > 0 && inputs.salaryAverageCents >= r.minSalaryAverageCents),
      detail: verified
        ? `average salary ${euros(inputs.salaryAverageCents)}; minimum ${euros(r.minSalaryAverageCents)}`
        : notApplied,
    },
    {
      rule: 'limitAtLeastMinimum',
      passed: computedLimit >= r.minLimitCents,
      detail:
        `income basis ${euros(incomeBasisCents)} (${verified ? 'lower of declared and salary' : 'declared'}) → ` +
        `limit ${euros(computedLimit)}; minimum ${euros(r.minLimitCents)}`,
    },
  ];
  const approved = reasons.every((reason) => reason.passed);
  return {
    outcome: approved ? 'systemApproved' : 'declined',
    limitCents: approved ? computedLimit : 0,
    miniLimitCents: approved ? r.miniLimitStartCents : 0,
    incomeBasisCents,
    reasons,
  };
}
