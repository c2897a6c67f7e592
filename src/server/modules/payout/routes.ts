import type { FastifyInstance } from 'fastify';
import { LoanStatusPost, SetLoanCancelledPost, SetLoanIssuedPost } from '../../../shared/api/payout.ts';
import { registerCall } from '../../http/register-call.ts';
import { createPushSender } from '../push/index.ts';
import { moveLoanByStaff, type PayoutStaffDeps } from './staff-status.ts';

/** The staff's moves of a loan before its payout (staff-status.ts). */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const deps: PayoutStaffDeps = {
    db: app.db,
    clock: app.clock,
    log: app.log,
    send: createPushSender(app.secrets.vapid),
  };
  registerCall(app, LoanStatusPost, ({ params, body, requireStaff, request }) =>
    moveLoanByStaff(deps, { staff: requireStaff(), request }, params.loanId, body),
  );
  registerCall(app, SetLoanIssuedPost, ({ params, body, requireStaff, request }) =>
    moveLoanByStaff(deps, { staff: requireStaff(), request }, params.loanId, { status: 'issued', reason: body.reason }),
  );
  registerCall(app, SetLoanCancelledPost, ({ params, body, requireStaff, request }) =>
    moveLoanByStaff(deps, { staff: requireStaff(), request }, params.loanId, {
      status: 'cancelled',
      reason: body.reason,
    }),
  );
}
