/**
 * The credit decision module (no routes): the rule engine and the decision a bank-account link triggers. The bank
 * module calls `decideOnAccountLinked` under `customerAccountsLock`; the payment module records a repaid loan's
 * limit growth with `insertLimitDecision` (the module owns credit_decisions); the loan module's staff credit-limit tab
 * reads the history with `creditDecisionsPage`; the approvals module sets a limit two administrators agreed with
 * `applyStaffLimitChange`.
 */
export {
  customerAccountsLock,
  decideOnAccountLinked,
  type CreditDecisionResult,
  type DecisionTrigger,
} from './service.ts';
export { creditDecisionsPage, insertLimitDecision } from './repository.ts';
export { applyStaffLimitChange, STAFF_DECISION_RULES_VERSION, type StaffLimitChange } from './staff-limit.ts';
export { DECISION_RULES, evaluateCreditRules, limitFor, RULES_VERSION, type DecisionInputs } from './rules.ts';
