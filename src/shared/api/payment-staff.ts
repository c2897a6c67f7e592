import { z } from 'zod';
import { loanProducts } from '../loan/loan-definition.ts';
import { auditReasonSchema } from './audit.ts';
import {
  idParamSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanStatusSchema,
  moneySchema,
  paymentOptionSchema,
  paymentOptions,
  paymentRowStatusSchema,
  paymentSourceSchema,
  paymentStatusSchema,
  positiveMoneySchema,
  staffNameSchema,
} from './common.ts';
import { ROLLOVER_FEE_PAYMENT } from '../payment-statuses.ts';
import { defineCall } from './define.ts';
import { loanSchema } from './loan-schemas.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS, CAM_ADMINS_COLLECTION } from './roles.ts';

/**
 * The payment module's staff calls (docs/backoffice.md §5, the customer file's 'Préstamos', read only), apart from
 * `payment.ts` so the customer's app carries none of them.
 */

/**
 * A loan as the customer's Loan view computes it (instalments, their payments, what closes it today, days to the
 * first unpaid instalment; money in euros), with the product it was priced by.
 */
export const staffLoanSchema = loanSchema.extend({
  product: z.enum(loanProducts),
  /** The loan definition's name (its product as offered when the loan was made). */
  productName: z.string(),
  installmentCount: z.number().int().positive(),
  /** A first minipréstamo without interest if repaid on its date. */
  interestFree: z.boolean(),
  /** When that promotion lapsed (not repaid on its date); null while it holds, and for every other loan. */
  interestFreeLapsedAt: isoDateTimeSchema.nullable(),
});
export type StaffLoan = z.infer<typeof staffLoanSchema>;

/**
 * The customer's loans, newest first, the whole list, read as the customer's own Loan view reads them: an
 * interest-free first loan whose date passed unpaid lapses on this read as on the customer's (the rule, once per
 * loan; the collection job does the same).
 */
export const StaffCustomerLoansGet = defineCall({
  name: 'StaffCustomerLoansGet',
  method: 'GET',
  path: '/api/loan/loans',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  query: z.strictObject({ customerId: idParamSchema }),
  response: z.array(staffLoanSchema),
  errors: ['StaffCustomerNotFound'],
});

/**
 * `calculateFutureCloseAmount`: what closes a running loan on a chosen day (today up to its last instalment's date),
 * if nothing is paid before: the early-closure rule of the customer's Loan view (docs/rules/payments.md "Early
 * closure") on that day, with today's amount beside it — what an agent quotes to a customer who will pay later. A loan
 * the staff member may not see answers 404 `StaffLoanNotFound`; one not running, 422 `StaffLoanNotPayable`.
 */
export const FutureCloseAmountGet = defineCall({
  name: 'FutureCloseAmountGet',
  method: 'GET',
  path: '/api/loan/calculateFutureCloseAmount/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ loanId: idParamSchema }),
  query: z.strictObject({ date: isoDateSchema }),
  response: z.object({
    loanId: idSchema,
    date: isoDateSchema,
    amount: moneySchema,
    today: isoDateSchema,
    todayAmount: moneySchema,
  }),
  errors: ['StaffLoanNotFound', 'StaffLoanNotPayable', 'StaffCloseDateOutOfRange'],
});

/** One payment of a loan as the back office lists it, with what staff may propose on it now. */
export const staffPaymentSchema = z.object({
  id: idSchema,
  loanId: idSchema,
  createdAt: isoDateTimeSchema,
  settledAt: isoDateTimeSchema.nullable(),
  amount: moneySchema,
  source: paymentSourceSchema,
  /** What it paid: a payment option of the route, or `rolloverFee` (a rollover's interest). */
  purpose: z.enum([...paymentOptions, ROLLOVER_FEE_PAYMENT]),
  /** `deleted` (annulled) and `chargedBack` too: the back office's statuses of a payment. */
  status: paymentRowStatusSchema,
  /** What the customer reads with it (why it failed, was annulled or returned). */
  message: z.string(),
  /** What it put on each instalment (kept when it is annulled; counted only while it is `success`). */
  allocations: z.array(z.object({ installmentId: idSchema, amount: moneySchema })),
  /** The line of the bank statement it came from (a transfer). */
  statementLineId: idSchema.nullable(),
  /**
   * What may be proposed on it now (the proposal checks again, and its approval under the locks): annul it (a
   * transfer, the loan's last settled payment), record a chargeback (a card payment, the same rule), put it back.
   */
  actions: z.object({ delete: z.boolean(), chargeback: z.boolean(), restore: z.boolean() }),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** The loan's payments, newest first, every status (the file's 'Préstamos'). */
export const StaffLoanPaymentsGet = defineCall({
  name: 'StaffLoanPaymentsGet',
  method: 'GET',
  path: '/api/loan/payments/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ loanId: idParamSchema }),
  response: z.array(staffPaymentSchema),
  errors: ['StaffLoanNotFound'],
});

export const statementLineStatuses = ['unmatched', 'matched'] as const;

/** A line of the lender's bank statement: money received by transfer, matched to a loan's payment or not yet. */
export const statementLineSchema = z.object({
  id: idSchema,
  /** The bank's id of the line. */
  externalId: z.string(),
  source: z.enum(['bank-transfer']),
  receivedOn: isoDateSchema,
  amount: moneySchema,
  /** The concept the payer wrote. */
  description: z.string(),
  payerName: z.string().nullable(),
  status: z.enum(statementLineStatuses),
  /** Once matched: the payment it settled, its loan and customer, who matched it and when. */
  match: z
    .object({
      paymentId: idSchema,
      loanId: idSchema,
      customerId: idSchema,
      /** Null when the reconciliation matched it by its concept. */
      matchedBy: staffNameSchema.nullable(),
      matchedAt: isoDateTimeSchema,
    })
    .nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * The reconciliation view (docs/rules/payments.md "Manual matching"): the bank statement's lines, oldest first,
 * `unmatched` by default (what is waiting for an agent), paged.
 */
export const StatementLinesGet = defineCall({
  name: 'StatementLinesGet',
  method: 'GET',
  path: '/api/inboundpayment/statementLines',
  auth: 'staff',
  roles: CAM_ADMINS,
  query: z.strictObject({ status: z.enum(statementLineStatuses).default('unmatched'), ...pageQueryFields }),
  response: paged(statementLineSchema),
  errors: [],
});

/**
 * `payloanmanual`: an agent matches a line of the bank statement to a loan's instalment by hand (a transfer whose
 * concept the reconciliation could not read). The line's whole amount becomes a `bank-transfer` payment of the loan,
 * settled at once as the reconciliation settles one: `closeLoan` when it reaches what closes the loan today,
 * otherwise spread over the payable instalments from `installmentId`, which must be the loan's first payable one
 * (what the agent saw: if it was paid meanwhile, by a card payment or another match, nothing is recorded and
 * 422 StaffInstallmentNotDue answers). Another payment of the loan in progress (a card being charged): 409
 * RequestInProgress, the line stays unmatched. Idempotent by the line: the same line, loan and instalment again
 * answer the payment it made; the line with another loan, 422 StatementLineMatched. Audited with the reason.
 */
export const PayLoanManualPost = defineCall({
  name: 'PayLoanManualPost',
  method: 'POST',
  path: '/api/loan/payloanmanual',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    statementLineId: idSchema,
    loanId: idSchema,
    installmentId: idSchema,
    reason: auditReasonSchema,
  }),
  response: z.object({
    paymentId: idSchema,
    loanId: idSchema,
    customerId: idSchema,
    amount: moneySchema,
    paymentOption: paymentOptionSchema,
    status: paymentStatusSchema,
    loanStatus: loanStatusSchema,
  }),
  errors: [
    'StatementLineNotFound',
    'StatementLineMatched',
    'StaffLoanNotFound',
    'StaffLoanNotPayable',
    'LoanAlreadyRepaid',
    'StaffInstallmentNotDue',
    'RequestInProgress',
  ],
});

/** The longest an instalment's date moves either way by ChangeExpectedDatePost, in days. */
export const EXPECTED_DATE_MAX_SHIFT_DAYS = 31;

/**
 * `changeExpectedDate` (served by the payment module, which keeps the collection status): moves an unpaid instalment of
 * a running loan to another working day (the lender's calendar), from today on, after the previous instalment's date
 * and before the next one's, at most EXPECTED_DATE_MAX_SHIFT_DAYS either way; its amount stays (a courtesy: the
 * rollover is how a customer buys time). The customer's app, the days late, the customer's collection status and the
 * reminders follow at once. The same date again answers `changed: false`.
 */
export const ChangeExpectedDatePost = defineCall({
  name: 'ChangeExpectedDatePost',
  method: 'POST',
  path: '/api/loan/changeExpectedDate/:installmentId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ installmentId: idParamSchema }),
  body: z.strictObject({ expectedDate: isoDateSchema, reason: auditReasonSchema }),
  response: z.object({
    installmentId: idSchema,
    loanId: idSchema,
    number: z.number().int().positive(),
    from: isoDateSchema,
    expectedDate: isoDateSchema,
    changed: z.boolean(),
  }),
  errors: ['StaffInstallmentNotFound', 'StaffLoanNotRunning', 'StaffInstallmentNotUnpaid', 'ExpectedDateNotAllowed'],
});

/** A discount staff granted on an instalment: what, why, by whom; removed (and by whom) or standing. */
export const staffDiscountSchema = z.object({
  id: idSchema,
  loanId: idSchema,
  installmentId: idSchema,
  amount: moneySchema,
  reason: z.string(),
  createdBy: staffNameSchema.nullable(),
  createdAt: isoDateTimeSchema,
  removedBy: staffNameSchema.nullable(),
  removedAt: isoDateTimeSchema.nullable(),
  removedReason: z.string().nullable(),
});
export type StaffDiscount = z.infer<typeof staffDiscountSchema>;

/**
 * `discount` POST: lowers an unpaid instalment of a running loan by `amount`, taken from its interest (never the
 * principal: that would be a write-off), leaving something to pay; the customer's app, the early closure and a
 * rollover's fee read the lowered figures at once. `key` is the form's (a UUID made when it opens): the same key again
 * answers the same discount. A payment of the loan in progress is 409 `RequestInProgress`.
 */
export const DiscountPost = defineCall({
  name: 'DiscountPost',
  method: 'POST',
  path: '/api/loan/discount',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    installmentId: idSchema,
    amount: positiveMoneySchema,
    reason: auditReasonSchema,
    key: z.uuid('Falta la clave del formulario'),
  }),
  response: staffDiscountSchema,
  errors: [
    'StaffInstallmentNotFound',
    'StaffLoanNotRunning',
    'StaffInstallmentNotUnpaid',
    'DiscountTooLarge',
    'DiscountKeyReused',
    'RequestInProgress',
  ],
});

/**
 * `discount` DELETE: takes a discount back while its instalment is still unpaid (its interest and total rise again by
 * its amount). Removed already: the discount as it is.
 */
export const DiscountDelete = defineCall({
  name: 'DiscountDelete',
  method: 'DELETE',
  path: '/api/loan/discount/:discountId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ discountId: idParamSchema }),
  body: z.strictObject({ reason: auditReasonSchema }),
  response: staffDiscountSchema,
  errors: ['StaffDiscountNotFound', 'DiscountNotRemovable', 'RequestInProgress'],
});

/** The loan's discounts, newest first, standing and removed. */
export const StaffLoanDiscountsGet = defineCall({
  name: 'StaffLoanDiscountsGet',
  method: 'GET',
  path: '/api/loan/discounts/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ loanId: idParamSchema }),
  response: z.array(staffDiscountSchema),
  errors: ['StaffLoanNotFound'],
});

export const paymentStaffCalls = {
  StaffCustomerLoansGet,
  StaffLoanPaymentsGet,
  FutureCloseAmountGet,
  StatementLinesGet,
  PayLoanManualPost,
  ChangeExpectedDatePost,
  DiscountPost,
  DiscountDelete,
  StaffLoanDiscountsGet,
} as const;
