import { z } from 'zod';
import { CALCULATOR } from '../constants.ts';
import { LOAN_REQUEST } from '../loan-constants.ts';
import { MINI_LOAN } from '../mini-loan-amounts.ts';
import { formatWholeEuros } from '../money.ts';
import { auditReasonSchema } from './audit.ts';
import {
  centsFromEuros,
  idParamSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  paymentRowStatusSchema,
  paymentSourceSchema,
  staffNameSchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS, CAM_ADMINS } from './roles.ts';

/**
 * Maker-checker (docs/backoffice.md §4), served by `modules/approvals`: one staff member proposes a change to a
 * customer's credit limits or to a settled payment, another administrator approves or rejects it, the proposer may
 * cancel it while it is pending. Every step is audited; nothing changes until the approval.
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

/** What every proposal says: about whom, why, its state, who proposed and who decided. */
const proposalFields = {
  id: idSchema,
  customerId: idSchema,
  customerName: z.string(),
  reason: z.string(),
  status: proposalStatusSchema,
  proposedBy: staffNameSchema,
  proposedAt: isoDateTimeSchema,
  decidedBy: staffNameSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  decisionNote: z.string().nullable(),
};

/** A change of the customer's credit limits. */
export const creditLimitProposalSchema = z.object({
  ...proposalFields,
  kind: z.literal('creditLimitChange'),
  /** The limits proposed. */
  proposed: creditLimitsSchema,
  /** The limits when it was proposed: an approval finding others is refused (`ProposalOutdated`). */
  current: creditLimitsSchema,
});

/**
 * The proposals about one settled payment (docs/rules/payments.md "Annulled payments"): `paymentDelete` annuls a
 * bank transfer matched by mistake (its line goes back to the reconciliation), `chargeback` records a card payment
 * the customer's bank returned, `paymentUndelete` puts an annulled or charged-back payment back.
 */
export const paymentProposalKinds = ['paymentDelete', 'paymentUndelete', 'chargeback'] as const;
export type PaymentProposalKind = (typeof paymentProposalKinds)[number];

/** The payment as it was when proposed: an approval finding another status is refused (`PaymentProposalOutdated`). */
export const proposedPaymentSchema = z.object({
  id: idSchema,
  loanId: idSchema,
  amount: moneySchema,
  source: paymentSourceSchema,
  status: paymentRowStatusSchema,
  settledAt: isoDateTimeSchema.nullable(),
});

const paymentProposalOf = <K extends PaymentProposalKind>(kind: K) =>
  z.object({ ...proposalFields, kind: z.literal(kind), payment: proposedPaymentSchema });

/** One proposal as the inbox shows it, by kind. */
export const proposalSchema = z.discriminatedUnion('kind', [
  creditLimitProposalSchema,
  paymentProposalOf('paymentDelete'),
  paymentProposalOf('paymentUndelete'),
  paymentProposalOf('chargeback'),
]);
export type Proposal = z.infer<typeof proposalSchema>;
export type ProposalKind = Proposal['kind'];
export type PaymentProposal = Extract<Proposal, { kind: PaymentProposalKind }>;
export type CreditLimitProposal = z.infer<typeof creditLimitProposalSchema>;

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

/** Why a payment cannot be taken back or put back now (the proposal and its approval check the same). */
const paymentChangeErrors = [
  'PaymentNotSettled',
  'PaymentNotTransfer',
  'PaymentNotCard',
  'PaymentNotLast',
  'PaymentNotReversed',
  'PaymentRestoreBlocked',
  'StatementLineReassigned',
  'PaymentLoanChanged',
  'RequestInProgress',
] as const;

const decisionBody = z.strictObject({ note: auditReasonSchema });
const proposalParams = z.strictObject({ proposalId: idParamSchema });

/**
 * Another administrator approves: the change is applied in one transaction with the proposal's state — a limit
 * change sets the customer's limits with a credit decision (`staffLimitChange`); a payment's proposal annuls, charges
 * back or restores the payment and re-settles its loan. Refused to the proposer, when not pending, when the limits
 * or the payment changed since the proposal, or when the payment cannot be changed any more (the payment calls'
 * codes).
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
  errors: [
    'StaffProposalNotFound',
    'OwnProposal',
    'ProposalNotPending',
    'ProposalOutdated',
    'PaymentProposalOutdated',
    ...paymentChangeErrors,
  ],
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

/** The proposer withdraws their pending proposal (a note is optional): an agent their proposal about a payment too. */
export const ProposalCancelPost = defineCall({
  name: 'ProposalCancelPost',
  method: 'POST',
  path: '/api/membership/proposals/:proposalId/cancel',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: proposalParams,
  body: z.strictObject({ note: auditReasonSchema.optional() }),
  response: proposalSchema,
  errors: ['StaffProposalNotFound', 'NotProposer', 'ProposalNotPending'],
});

/** A payment's proposal (`paymentId` in the path, the reason in the body → the proposal), for `roles`. */
const paymentProposalCall = (name: string, path: string, roles: typeof CAM_ADMINS | typeof ADMINS) =>
  defineCall({
    name,
    method: 'POST',
    path,
    auth: 'staff',
    roles,
    params: z.strictObject({ paymentId: idParamSchema }),
    body: z.strictObject({ reason: auditReasonSchema }),
    response: proposalSchema,
    errors: ['StaffPaymentNotFound', 'PaymentProposalPending', ...paymentChangeErrors],
  });

/**
 * `deletePayment`: proposes to annul a settled bank-transfer payment (matched to the wrong loan or instalment, or
 * recorded twice). Nothing changes until another administrator approves; then what it paid is unpaid again, the loan
 * it repaid runs again, the customer's reminders and collection status follow, and its statement line waits in the
 * reconciliation again. Only the loan's last settled payment (annul the later ones first); a card payment the bank
 * returned is a chargeback instead.
 */
export const DeletePaymentPost = paymentProposalCall(
  'DeletePaymentPost',
  '/api/loan/deletePayment/:paymentId',
  CAM_ADMINS,
);

/**
 * `undeletePayment`: proposes to put back an annulled or charged-back payment as it was (a deletion made by mistake,
 * a chargeback the lender won). Refused when another payment of the loan was settled after it, or when its
 * transfer's line was assigned to another payment since.
 */
export const UndeletePaymentPost = paymentProposalCall(
  'UndeletePaymentPost',
  '/api/loan/undeletePayment/:paymentId',
  CAM_ADMINS,
);

/**
 * `chargebacks` (§6: the chargeback reason is the administrators'): proposes that the customer's bank returned a
 * settled card payment; on approval it stops counting, as an annulment does, and the customer reads why.
 */
export const ChargebackPost = paymentProposalCall('ChargebackPost', '/api/loan/chargebacks/:paymentId', ADMINS);

export const approvalsCalls = {
  CreditLimitProposalPost,
  ProposalsGet,
  ProposalApprovePost,
  ProposalRejectPost,
  ProposalCancelPost,
  DeletePaymentPost,
  UndeletePaymentPost,
  ChargebackPost,
} as const;
