import { z } from 'zod';
import type { Transaction } from '../../db/connect.ts';
import { lockResource } from '../../db/locks.ts';
import { BusinessError } from '../../http/errors.ts';
import { findCreditLimitForUpdate } from '../customer/index.ts';
import { applyStaffLimitChange } from '../decision/index.ts';
import { customerLoanLock } from '../loan/index.ts';
import { applyPaymentChange, type PaymentChangeKind } from '../payment/index.ts';
import { paymentRowStatuses, paymentSources } from '../../../shared/payment-statuses.ts';
import type { StaffProposalRow } from '../../db/schema/index.ts';

/**
 * What an approved proposal does, by kind (docs/backoffice.md §4): each kind's payload schema and the owner function
 * that applies it. A new kind adds its entry here; the calls and the proposal's states stay as they are.
 */

/** The credit limits a `creditLimitChange` proposes (`payload`) and found when proposed (`current`), in cents. */
export const creditLimitsCentsSchema = z.object({
  limitCents: z.number().int().nonnegative(),
  miniLimitCents: z.number().int().nonnegative(),
});
export type CreditLimitsCents = z.infer<typeof creditLimitsCentsSchema>;

export interface Approval {
  proposal: StaffProposalRow;
  checkerId: number;
  note: string;
  at: Date;
}

/** The subject's change for its own audit record (the proposal's record is written by the caller). */
export interface AppliedChange {
  entityType: string;
  entityId: number;
  customerId: number | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * `creditLimitChange`: under the customer's loan lock (the loan request, the agreement and a settle's limit growth
 * read or write the limit under it) and with the customer row locked, the limits must still be the ones proposed
 * on (else `ProposalOutdated`); the decision module records the decision and sets them.
 */
async function applyCreditLimitChange(tx: Transaction, approval: Approval): Promise<AppliedChange> {
  const { proposal } = approval;
  const customerId = proposal.subjectId;
  const proposed = creditLimitsCentsSchema.parse(proposal.payload);
  const current = creditLimitsCentsSchema.parse(proposal.current);
  await lockResource(tx, customerLoanLock(customerId));
  const found = await findCreditLimitForUpdate(tx, customerId);
  if (!found) throw new BusinessError('StaffProposalNotFound');
  if (found.creditLimitCents !== current.limitCents || found.miniLimitCents !== current.miniLimitCents) {
    throw new BusinessError('ProposalOutdated');
  }
  const creditDecisionId = await applyStaffLimitChange(tx, {
    customerId,
    limitCents: proposed.limitCents,
    miniLimitCents: proposed.miniLimitCents,
    previous: found,
    proposalId: proposal.id,
    proposedBy: proposal.proposedBy,
    approvedBy: approval.checkerId,
    reason: proposal.reason,
    note: approval.note,
    at: approval.at,
  });
  return {
    entityType: 'customer',
    entityId: customerId,
    customerId,
    before: { creditLimitCents: found.creditLimitCents, miniLimitCents: found.miniLimitCents },
    after: { creditLimitCents: proposed.limitCents, miniLimitCents: proposed.miniLimitCents, creditDecisionId },
  };
}

/** The payment a payment's proposal was made on, as it was then (`current`), in cents. */
export const proposedPaymentCentsSchema = z.object({
  id: z.number().int().positive(),
  loanId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  amountCents: z.number().int(),
  source: z.enum(paymentSources),
  status: z.enum(paymentRowStatuses),
  settledAt: z.string().nullable(),
});

/**
 * `paymentDelete`, `chargeback`, `paymentUndelete`: the payment module takes the payment back or puts it back under
 * the payment's locks, if its status is still the one proposed on and nothing stops it now.
 */
const applyPaymentProposal =
  (change: PaymentChangeKind) =>
  async (tx: Transaction, approval: Approval): Promise<AppliedChange> => {
    const proposed = proposedPaymentCentsSchema.parse(approval.proposal.current);
    const record = await applyPaymentChange(tx, {
      paymentId: proposed.id,
      change,
      proposedStatus: proposed.status,
      staffId: approval.checkerId,
      at: approval.at,
    });
    return { entityType: 'payment', entityId: proposed.id, ...record };
  };

export const appliers: Record<
  StaffProposalRow['kind'],
  (tx: Transaction, approval: Approval) => Promise<AppliedChange>
> = {
  creditLimitChange: applyCreditLimitChange,
  paymentDelete: applyPaymentProposal('deleted'),
  chargeback: applyPaymentProposal('chargedBack'),
  paymentUndelete: applyPaymentProposal('restore'),
};
