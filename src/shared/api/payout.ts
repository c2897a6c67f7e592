import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, isoDateTimeSchema, loanStatusSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * A loan's way to the customer in the back office (docs/rules/loan-request.md "Staff moves before the payout"; §6:
 * cam and administrator for loan status, issued, cancelled), served by `modules/payout`, which issues signed loans:
 * the moves of `STAFF_LOAN_MOVES` (src/shared/loan-statuses.ts), each with its history row and audit record. A loan of
 * a customer the staff member may not see answers 404 `StaffLoanNotFound`, as an unknown id does; a move not in that
 * table, 422 `LoanStatusMoveNotAllowed`. The same move again (a retry, or the payout job was first) answers the loan as
 * it is with `changed: false`.
 */

export const staffLoanMoveSchema = z.object({
  loanId: idSchema,
  customerId: idSchema,
  /** The status before the call. */
  from: loanStatusSchema,
  status: loanStatusSchema,
  /** False when the loan was already in `status` (nothing was written but the audit record of the call). */
  changed: z.boolean(),
  at: isoDateTimeSchema,
});
export type StaffLoanMove = z.infer<typeof staffLoanMoveSchema>;

const loanParams = z.strictObject({ loanId: idParamSchema });
const errors = ['StaffLoanNotFound', 'LoanStatusMoveNotAllowed'] as const;

/**
 * `updateloanstatus`: moves a loan not paid out yet along its way: a signed loan into the bank transfer's statuses
 * (the payout job then leaves it to staff), between them, to `issued` (as SetLoanIssuedPost) or `cancelled` (as
 * SetLoanCancelledPost).
 */
export const LoanStatusPost = defineCall({
  name: 'LoanStatusPost',
  method: 'POST',
  path: '/api/loan/updateloanstatus/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: loanParams,
  body: z.strictObject({ status: loanStatusSchema, reason: auditReasonSchema }),
  response: staffLoanMoveSchema,
  errors,
});

/**
 * `setLoanIssued`: the payout made by hand (the transfer left the lender's bank): the signed loan is issued as the
 * payout job issues it — its instalments run, a first loan makes the customer `securityChecked` when the documents
 * and card allow, and the customer gets the push 'Tu dinero está en camino'.
 */
export const SetLoanIssuedPost = defineCall({
  name: 'SetLoanIssuedPost',
  method: 'POST',
  path: '/api/loan/setLoanIssued/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: loanParams,
  body: z.strictObject({ reason: auditReasonSchema }),
  response: staffLoanMoveSchema,
  errors,
});

/**
 * `setLoanCancelled`: a loan not paid out yet is cancelled (requested, signed, or on its way): it no longer holds the
 * customer's limit, the payout never comes, and the customer's app shows it 'Cancelado'. A paid-out loan is not
 * cancelled (the customer withdraws from it, or repays it).
 */
export const SetLoanCancelledPost = defineCall({
  name: 'SetLoanCancelledPost',
  method: 'POST',
  path: '/api/loan/setLoanCancelled/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: loanParams,
  body: z.strictObject({ reason: auditReasonSchema }),
  response: staffLoanMoveSchema,
  errors,
});

export const payoutCalls = { LoanStatusPost, SetLoanIssuedPost, SetLoanCancelledPost } as const;
