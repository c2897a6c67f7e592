/**
 * The credit decision module (no routes): the rule engine and the decision a bank-account link triggers. The bank
 * module calls `decideOnAccountLinked` under `customerAccountsLock`; the payment module records a repaid loan's
 * limit growth with `insertLimitDecision` (the module owns credit_decisions).
 */
export {
  customerAccountsLock,
  decideOnAccountLinked,
  type CreditDecisionResult,
  type DecisionTrigger,
} from './service.ts';
export { insertLimitDecision } from './repository.ts';
export { DECISION_RULES, evaluateCreditRules, limitFor, RULES_VERSION, type DecisionInputs } from './rules.ts';
