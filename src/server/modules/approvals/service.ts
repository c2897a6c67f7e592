import type { PaymentProposalKind, Proposal, ProposalStatus } from '../../../shared/api/approvals.ts';
import type { Cents } from '../../../shared/money.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { markAudited, recordAudit, staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Transaction } from '../../db/connect.ts';
import type { StaffProposalRow } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { paymentForProposal, type PaymentChangeKind } from '../payment/index.ts';
import { appliers, creditLimitsCentsSchema, proposedPaymentCentsSchema } from './appliers.ts';
import {
  decideProposal,
  findCustomerLimits,
  findPendingProposal,
  findProposalForUpdate,
  findProposalView,
  findProposalViews,
  insertPendingProposal,
  type NewProposal,
  type ProposalViewRow,
} from './repository.ts';

/**
 * Maker-checker (docs/backoffice.md §4 and §8): an administrator proposes a limit change, an agent or an
 * administrator a payment's annulment or restoration, an administrator a chargeback; another administrator approves
 * or rejects, the proposer may cancel; final states never change. Every step is one transaction with the proposal's audit record (its status
 * before and after); an approval also writes the subject's record (the limits before and after, `proposal_id`).
 */

export type ApprovalsDeps = StaffWriteDeps;
type StaffActor = AuditActor & { staff: AuthenticatedStaff };

/** The advisory lock every transition of a proposal takes first. */
const proposalLock = (id: number) => `proposal:${id}`;

const limitsOf = (value: unknown) => {
  const { limitCents, miniLimitCents } = creditLimitsCentsSchema.parse(value);
  return { limit: toCents(limitCents), miniLimit: toCents(miniLimitCents) };
};

/** The proposal as the contract answers it, by kind (money in cents; the contract encodes euros). */
function proposalOf(row: ProposalViewRow): Proposal {
  const { proposal } = row;
  const common = {
    id: proposal.id,
    customerId: proposal.customerId,
    customerName: row.customerName,
    reason: proposal.reason,
    status: proposal.status,
    proposedBy: { id: proposal.proposedBy, fullName: row.proposerName },
    proposedAt: proposal.proposedAt.toISOString(),
    decidedBy:
      proposal.decidedBy === null || row.deciderName === null
        ? null
        : { id: proposal.decidedBy, fullName: row.deciderName },
    decidedAt: proposal.decidedAt?.toISOString() ?? null,
    decisionNote: proposal.decisionNote,
  };
  if (proposal.kind === 'creditLimitChange') {
    return {
      ...common,
      kind: proposal.kind,
      proposed: limitsOf(proposal.payload),
      current: limitsOf(proposal.current),
    };
  }
  const payment = proposedPaymentCentsSchema.parse(proposal.current);
  return {
    ...common,
    kind: proposal.kind,
    payment: {
      id: payment.id,
      loanId: payment.loanId,
      amount: toCents(payment.amountCents),
      source: payment.source,
      status: payment.status,
      settledAt: payment.settledAt,
    },
  };
}

async function answerOf(deps: ApprovalsDeps, id: number): Promise<Proposal> {
  const row = await findProposalView(deps.db, id);
  if (!row) throw new BusinessError('StaffProposalNotFound');
  return proposalOf(row);
}

/**
 * The pending proposal's id; when its subject has one pending already (the unique index decides, between instances
 * too), 422 with `refusal` (`ProposalAlreadyPending` for a customer, `PaymentProposalPending` for a payment) naming
 * that one and its proposer.
 */
async function insertOrRefuse(
  tx: Transaction,
  proposal: NewProposal,
  refusal: 'ProposalAlreadyPending' | 'PaymentProposalPending',
): Promise<number> {
  const inserted = await insertPendingProposal(tx, proposal);
  if (inserted !== null) return inserted;
  const pending = await findPendingProposal(tx, proposal);
  throw new BusinessError(refusal, {
    number: pending?.id ?? '?',
    proposer: pending?.proposerName ?? '?',
  });
}

/**
 * CreditLimitProposalPost: records the proposal with the limits it replaces. A customer with a pending proposal
 * already is refused with that proposal's number and proposer; two proposals at once leave one (the unique index).
 */
export async function proposeCreditLimit(
  deps: ApprovalsDeps,
  actor: StaffActor,
  customerId: number,
  body: { limit: Cents; miniLimit: Cents; reason: string },
): Promise<Proposal> {
  const { staff } = actor;
  const id = await staffWrite(deps, actor, { entityType: 'proposal', customerId, reason: body.reason }, async (tx) => {
    await findScopedCustomer(tx, staff, customerId);
    const limits = await findCustomerLimits(tx, customerId);
    if (!limits) throw new BusinessError('StaffCustomerNotFound');
    const key = { kind: 'creditLimitChange', subjectType: 'customer', subjectId: customerId } as const;
    const payload = { limitCents: body.limit, miniLimitCents: body.miniLimit };
    const current = { limitCents: limits.creditLimitCents, miniLimitCents: limits.miniLimitCents };
    const inserted = await insertOrRefuse(
      tx,
      {
        ...key,
        customerId,
        payload,
        current,
        reason: body.reason,
        proposedBy: staff.id,
        proposedAt: deps.clock.now(),
      },
      'ProposalAlreadyPending',
    );
    return {
      entityId: inserted,
      before: null,
      after: { status: 'pending', kind: key.kind, proposed: payload, current },
      result: inserted,
    };
  });
  return answerOf(deps, id);
}

/** What each payment call proposes, and the change its approval makes. */
const PAYMENT_PROPOSALS = {
  paymentDelete: 'deleted',
  chargeback: 'chargedBack',
  paymentUndelete: 'restore',
} as const satisfies Record<PaymentProposalKind, PaymentChangeKind>;

/**
 * DeletePaymentPost, ChargebackPost, UndeletePaymentPost: records the proposal about a payment of a customer this
 * staff member may see, with the payment as it is (`current`), after the same checks its approval makes (so a
 * payment that cannot be changed is refused now, with the reason). One pending proposal per payment.
 */
export async function proposePaymentChange(
  deps: ApprovalsDeps,
  actor: StaffActor,
  kind: PaymentProposalKind,
  paymentId: number,
  reason: string,
): Promise<Proposal> {
  const { staff } = actor;
  const id = await staffWrite(deps, actor, { entityType: 'proposal', reason }, async (tx) => {
    const payment = await paymentForProposal(tx, paymentId, PAYMENT_PROPOSALS[kind], async (customerId) => {
      await findScopedCustomer(tx, staff, customerId);
    });
    const key = { kind, subjectType: 'payment', subjectId: paymentId } as const;
    const inserted = await insertOrRefuse(
      tx,
      {
        ...key,
        customerId: payment.customerId,
        payload: { paymentId },
        current: payment,
        reason,
        proposedBy: staff.id,
        proposedAt: deps.clock.now(),
      },
      'PaymentProposalPending',
    );
    return {
      entityId: inserted,
      customerId: payment.customerId,
      loanId: payment.loanId,
      before: null,
      after: { status: 'pending', kind, payment },
      result: inserted,
    };
  });
  return answerOf(deps, id);
}

/** ProposalsGet: the inbox, newest first. */
export async function listProposals(
  deps: ApprovalsDeps,
  query: { status?: ProposalStatus | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await findProposalViews(deps.db, { status: query.status }, query);
  return { items: rows.map(proposalOf), page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}

type Transition = 'approved' | 'rejected' | 'cancelled';

/**
 * One transition of a pending proposal under its lock: `check` refuses what this staff member may not do, `apply`
 * runs the approved change (and its own audit record) before the proposal's state moves.
 */
async function transition(
  deps: ApprovalsDeps,
  actor: StaffActor,
  proposalId: number,
  step: {
    to: Transition;
    note: string | null;
    check: (proposal: StaffProposalRow) => void;
    apply?: (tx: Transaction, proposal: StaffProposalRow) => Promise<void>;
  },
): Promise<Proposal> {
  const { staff } = actor;
  await staffWrite(
    deps,
    actor,
    { entityType: 'proposal', entityId: proposalId, proposalId, reason: step.note, lock: proposalLock(proposalId) },
    async (tx) => {
      const proposal = await findProposalForUpdate(tx, proposalId);
      if (!proposal) throw new BusinessError('StaffProposalNotFound');
      step.check(proposal);
      if (proposal.status !== 'pending') throw new BusinessError('ProposalNotPending');
      await step.apply?.(tx, proposal);
      const decided = await decideProposal(tx, proposalId, {
        status: step.to,
        decidedBy: step.to === 'cancelled' ? null : staff.id,
        at: deps.clock.now(),
        note: step.note,
      });
      if (!decided) throw new BusinessError('ProposalNotPending');
      return {
        customerId: proposal.customerId,
        before: { status: 'pending' },
        after: { status: step.to },
        result: true,
      };
    },
  );
  return answerOf(deps, proposalId);
}

const notOwn = (staff: AuthenticatedStaff) => (proposal: StaffProposalRow) => {
  if (proposal.proposedBy === staff.id) throw new BusinessError('OwnProposal');
};

/**
 * ProposalApprovePost: another administrator applies the change (the kind's applier, with the subject's audit
 * record carrying the proposal's id and the proposer's reason) and the proposal becomes `approved`, in one
 * transaction.
 */
export function approveProposal(deps: ApprovalsDeps, actor: StaffActor, proposalId: number, note: string) {
  return transition(deps, actor, proposalId, {
    to: 'approved',
    note,
    check: notOwn(actor.staff),
    apply: async (tx, proposal) => {
      const change = await appliers[proposal.kind](tx, {
        proposal,
        checkerId: actor.staff.id,
        note,
        at: deps.clock.now(),
      });
      await recordAudit(
        tx,
        deps.clock,
        actor,
        {
          entityType: change.entityType,
          entityId: change.entityId,
          customerId: change.customerId,
          reason: proposal.reason,
          proposalId: proposal.id,
        },
        { before: change.before, after: { ...change.after, approvalNote: note } },
      );
      markAudited(actor.request);
    },
  });
}

/** ProposalRejectPost: another administrator refuses it, with the note the proposer reads. */
export function rejectProposal(deps: ApprovalsDeps, actor: StaffActor, proposalId: number, note: string) {
  return transition(deps, actor, proposalId, { to: 'rejected', note, check: notOwn(actor.staff) });
}

/** ProposalCancelPost: the proposer withdraws it. */
export function cancelProposal(deps: ApprovalsDeps, actor: StaffActor, proposalId: number, note: string | undefined) {
  return transition(deps, actor, proposalId, {
    to: 'cancelled',
    note: note ?? null,
    check: (proposal) => {
      if (proposal.proposedBy !== actor.staff.id) throw new BusinessError('NotProposer');
    },
  });
}
