import type { Executor } from '../../db/connect.ts';
import { setCreditLimit } from '../customer/index.ts';
import { insertCreditDecision } from './repository.ts';

/** The rule set a staff decision is recorded under: no rule engine ran, two administrators decided. */
export const STAFF_DECISION_RULES_VERSION = 'staff-decision-2026.12';

export interface StaffLimitChange {
  customerId: number;
  limitCents: number;
  miniLimitCents: number;
  /** The limits it replaces (the caller read them with the customer row locked). */
  previous: { creditLimitCents: number; miniLimitCents: number };
  /** The maker-checker proposal that carries it, its proposer and its checker (docs/backoffice.md §4). */
  proposalId: number;
  proposedBy: number;
  approvedBy: number;
  reason: string;
  note: string;
  at: Date;
}

/**
 * A credit limit set by staff (an approved proposal): the decision row (trigger `staffLimitChange`, never updated,
 * so the limit's history shows who decided and why) and the customer's limits, in `tx`, which must hold the
 * customer's row (`findCreditLimitForUpdate`) and loan lock. The decision's id.
 */
export async function applyStaffLimitChange(tx: Executor, change: StaffLimitChange): Promise<number> {
  const { customerId, limitCents, miniLimitCents, previous } = change;
  const decisionId = await insertCreditDecision(tx, {
    customerId,
    outcome: limitCents > 0 || miniLimitCents > 0 ? 'systemApproved' : 'declined',
    limitCents,
    miniLimitCents,
    rulesVersion: STAFF_DECISION_RULES_VERSION,
    trigger: 'staffLimitChange',
    inputs: {
      proposalId: change.proposalId,
      proposedBy: change.proposedBy,
      approvedBy: change.approvedBy,
      previousLimitCents: previous.creditLimitCents,
      previousMiniLimitCents: previous.miniLimitCents,
    },
    reasons: [
      { rule: 'staffProposal', passed: true, detail: change.reason },
      { rule: 'staffApproval', passed: true, detail: change.note },
    ],
    createdAt: change.at,
  });
  await setCreditLimit(tx, customerId, { creditLimitCents: limitCents, miniLimitCents }, change.at);
  return decisionId;
}
