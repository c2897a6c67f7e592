import { z } from 'zod';
import { CALCULATOR } from '../constants.ts';
import { LOAN_REQUEST } from '../loan-constants.ts';
import { MINI_LOAN } from '../mini-loan-amounts.ts';
import { formatWholeEuros } from '../money.ts';
import { auditReasonSchema } from './audit.ts';
import { centsFromEuros, idParamSchema, idSchema, isoDateTimeSchema, moneySchema, staffNameSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS } from './roles.ts';

/**
 * Maker-checker (docs/backoffice.md §4), served by `modules/approvals`: one administrator proposes a change to a
 * customer's credit limits, another approves or rejects it, the proposer may cancel it while it is pending. Every
 * step is audited; the limit changes only on approval.
 */

export const proposalStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const proposalStatusSchema = z.enum(proposalStatuses);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

/**
 * The highest credit limit an administrator may set: 4.500 €, so the request form's limit + 500 € stays within the
 * instalment loan's 5.000 € (the rule engine's and the limit growth's cap too).
 */
export const STAFF_CREDIT_LIMIT_MAX_EUROS = CALCULATOR.amountMax - LOAN_REQUEST.amountAboveLimit;

/** A limit an administrator may set: 0 up to `maxEuros`, whole cents (euros on the wire). */
const limitSchema = (maxEuros: number) =>
  centsFromEuros(
    z
      .number()
      .min(0, 'El límite no puede ser negativo')
      .max(maxEuros, `El límite no puede pasar de ${formatWholeEuros(maxEuros)}`),
  );

/** The credit limits of a customer (euros on the wire). */
export const creditLimitsSchema = z.object({ limit: moneySchema, miniLimit: moneySchema });

/** One proposal as the inbox shows it: what it changes, from what, why, who proposed and who decided. */
export const proposalSchema = z.object({
  id: idSchema,
  kind: z.literal('creditLimitChange'),
  customerId: idSchema,
  customerName: z.string(),
  /** The limits proposed. */
  proposed: creditLimitsSchema,
  /** The limits when it was proposed: an approval finding others is refused (`ProposalOutdated`). */
  current: creditLimitsSchema,
  reason: z.string(),
  status: proposalStatusSchema,
  proposedBy: staffNameSchema,
  proposedAt: isoDateTimeSchema,
  decidedBy: staffNameSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  decisionNote: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/**
 * An administrator proposes new credit limits for the customer, with the reason: nothing changes until another
 * administrator approves. One pending proposal per customer (`ProposalAlreadyPending` names it).
 */
export const CreditLimitProposalPost = defineCall({
  name: 'CreditLimitProposalPost',
  method: 'POST',
  path: '/api/customer/creditlimit/:customerId',
  auth: 'staff',
  roles: ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  body: z.strictObject({
    limit: limitSchema(STAFF_CREDIT_LIMIT_MAX_EUROS),
    miniLimit: limitSchema(MINI_LOAN.amountMax),
    reason: auditReasonSchema,
  }),
  response: proposalSchema,
  errors: ['StaffCustomerNotFound', 'ProposalAlreadyPending'],
});

/** The inbox: proposals newest first, of one status when `status` is given (the pending ones to decide). */
export const ProposalsGet = defineCall({
  name: 'ProposalsGet',
  method: 'GET',
  path: '/api/membership/proposals',
  auth: 'staff',
  roles: ADMINS,
  query: z.strictObject({ status: proposalStatusSchema.optional(), ...pageQueryFields }),
  response: paged(proposalSchema),
});

const decisionBody = z.strictObject({ note: auditReasonSchema });
const proposalParams = z.strictObject({ proposalId: idParamSchema });

/**
 * Another administrator approves: the customer's limits become the proposed ones, with a credit decision
 * (`staffLimitChange`), in one transaction. Refused to the proposer, when not pending, or when the limits changed
 * since the proposal.
 */
export const ProposalApprovePost = defineCall({
  name: 'ProposalApprovePost',
  method: 'POST',
  path: '/api/membership/proposals/:proposalId/approve',
  auth: 'staff',
  roles: ADMINS,
  params: proposalParams,
  body: decisionBody,
  response: proposalSchema,
  errors: ['StaffProposalNotFound', 'OwnProposal', 'ProposalNotPending', 'ProposalOutdated'],
});

/** Another administrator rejects, with the note the proposer reads. */
export const ProposalRejectPost = defineCall({
  name: 'ProposalRejectPost',
  method: 'POST',
  path: '/api/membership/proposals/:proposalId/reject',
  auth: 'staff',
  roles: ADMINS,
  params: proposalParams,
  body: decisionBody,
  response: proposalSchema,
  errors: ['StaffProposalNotFound', 'OwnProposal', 'ProposalNotPending'],
});

/** The proposer withdraws their pending proposal (a note is optional). */
export const ProposalCancelPost = defineCall({
  name: 'ProposalCancelPost',
  method: 'POST',
  path: '/api/membership/proposals/:proposalId/cancel',
  auth: 'staff',
  roles: ADMINS,
  params: proposalParams,
  body: z.strictObject({ note: auditReasonSchema.optional() }),
  response: proposalSchema,
  errors: ['StaffProposalNotFound', 'NotProposer', 'ProposalNotPending'],
});

export const approvalsCalls = {
  CreditLimitProposalPost,
  ProposalsGet,
  ProposalApprovePost,
  ProposalRejectPost,
  ProposalCancelPost,
} as const;
