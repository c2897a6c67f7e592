import type { FastifyInstance } from 'fastify';
import {
  ChargebackPost,
  CreditLimitProposalPost,
  DeletePaymentPost,
  UndeletePaymentPost,
  ProposalApprovePost,
  ProposalCancelPost,
  ProposalRejectPost,
  ProposalsGet,
} from '../../../shared/api/approvals.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  approveProposal,
  cancelProposal,
  listProposals,
  proposeCreditLimit,
  proposePaymentChange,
  rejectProposal,
  type ApprovalsDeps,
} from './service.ts';

/**
 * Maker-checker (docs/backoffice.md §4 and §8): the credit-limit and payment proposals, the inbox, approve, reject and
 * cancel.
 */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ApprovalsDeps = { db: app.db, clock: app.clock };
  registerCall(app, CreditLimitProposalPost, ({ params, body, requireStaff, request }) =>
    proposeCreditLimit(deps, { staff: requireStaff(), request }, params.customerId, body),
  );
  registerCall(app, DeletePaymentPost, ({ params, body, requireStaff, request }) =>
    proposePaymentChange(deps, { staff: requireStaff(), request }, 'paymentDelete', params.paymentId, body.reason),
  );
  registerCall(app, ChargebackPost, ({ params, body, requireStaff, request }) =>
    proposePaymentChange(deps, { staff: requireStaff(), request }, 'chargeback', params.paymentId, body.reason),
  );
  registerCall(app, UndeletePaymentPost, ({ params, body, requireStaff, request }) =>
    proposePaymentChange(deps, { staff: requireStaff(), request }, 'paymentUndelete', params.paymentId, body.reason),
  );
  registerCall(app, ProposalsGet, ({ query }) => listProposals(deps, query));
  registerCall(app, ProposalApprovePost, ({ params, body, requireStaff, request }) =>
    approveProposal(deps, { staff: requireStaff(), request }, params.proposalId, body.note),
  );
  registerCall(app, ProposalRejectPost, ({ params, body, requireStaff, request }) =>
    rejectProposal(deps, { staff: requireStaff(), request }, params.proposalId, body.note),
  );
  registerCall(app, ProposalCancelPost, ({ params, body, requireStaff, request }) =>
    cancelProposal(deps, { staff: requireStaff(), request }, params.proposalId, body.note),
  );
}
