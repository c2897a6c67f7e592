import { z } from 'zod';
import {
  idParamSchema,
  idSchema,
  installmentStatusSchema,
  isoDateTimeSchema,
  loanStatusSchema,
  moneySchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS, CAM_ADMINS_COLLECTION } from './roles.ts';
import { statusHistoryEntrySchema } from './status-history-schemas.ts';

/**
 * The loan module's staff calls (docs/backoffice.md §5, the customer file: 'Préstamos' and the credit-limit tab),
 * apart from `loan.ts` so the customer's app carries none of them. The loan module serves the credit-limit tab because
 * the available limit is its figure (the limit minus the principal still owed), as for the customer's own
 * `CreditLimitGet`.
 */

export const loanStatusHistoryEntrySchema = statusHistoryEntrySchema(loanStatusSchema);
export type LoanStatusHistoryEntry = z.infer<typeof loanStatusHistoryEntrySchema>;

/**
 * The loan's status changes, newest first, the whole list. A loan of a customer the staff member may not see
 * answers 404 `StaffLoanNotFound`, as an unknown id does.
 */
export const LoanStatusHistoryGet = defineCall({
  name: 'LoanStatusHistoryGet',
  method: 'GET',
  path: '/api/loan/loanStatusHistory/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ loanId: idParamSchema }),
  response: z.array(loanStatusHistoryEntrySchema),
  errors: ['StaffLoanNotFound'],
});

export const installmentStatusHistoryEntrySchema = statusHistoryEntrySchema(installmentStatusSchema);
export type InstallmentStatusHistoryEntry = z.infer<typeof installmentStatusHistoryEntrySchema>;

/**
 * `installmentStatusHistory/{installmentId}`: the instalment's status changes (paid by which payment, back to
 * unpaid, arranged), newest first, the whole list. An instalment of a loan the staff member may not see answers 404
 * `StaffInstallmentNotFound`, as an unknown id does.
 */
export const InstallmentStatusHistoryGet = defineCall({
  name: 'InstallmentStatusHistoryGet',
  method: 'GET',
  path: '/api/loan/installmentStatusHistory/:installmentId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ installmentId: idParamSchema }),
  response: z.array(installmentStatusHistoryEntrySchema),
  errors: ['StaffInstallmentNotFound'],
});

/** One rule of a decision as the engine recorded it. */
export const creditDecisionReasonSchema = z.object({ rule: z.string(), passed: z.boolean(), detail: z.string() });

/**
 * One credit decision (table `credit_decisions`, never updated): when, what triggered it (`firstAccountLinked`,
 * `loanRepaid`, `seed`, …), the outcome, the limits it granted, the rule set's version, its inputs and reasons as
 * stored.
 */
export const creditDecisionSchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  trigger: z.string(),
  outcome: z.enum(['systemApproved', 'declined']),
  limit: moneySchema,
  miniLimit: moneySchema,
  rulesVersion: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  reasons: z.array(creditDecisionReasonSchema),
});
export type CreditDecision = z.infer<typeof creditDecisionSchema>;

/**
 * The customer file's credit-limit tab: the limits now (euros) and what is available of each (the customer's
 * `CreditLimitGet` figures), and the decisions that set them, newest first, a page at a time.
 */
export const StaffCreditLimitGet = defineCall({
  name: 'StaffCreditLimitGet',
  method: 'GET',
  path: '/api/customer/creditlimit/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(creditDecisionSchema).extend({
    customerId: idSchema,
    creditLimit: moneySchema,
    miniLimit: moneySchema,
    availableLimit: moneySchema,
    miniAvailableLimit: moneySchema,
  }),
  errors: ['StaffCustomerNotFound'],
});

export const loanStaffCalls = { LoanStatusHistoryGet, InstallmentStatusHistoryGet, StaffCreditLimitGet } as const;
