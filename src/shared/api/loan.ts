import { z } from 'zod';
import {
  ackSchema,
  idParamSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanFlowScreenSchema,
  moneySchema,
  positiveMoneySchema,
  shortText,
} from './common.ts';
import { defineCall } from './define.ts';
import { journeySchema } from './loan-schemas.ts';
import { loanRequestDeclineSubReasons } from '../loan-statuses.ts';
import { loanProducts } from '../loan/loan-definition.ts';
import { loanRequestResultSchema as loanRequestOutcomeSchema } from '../status-schemas.ts';

/**
 * The loan module's calls (`/api/loan`): the calculator's payment dates and plans, the available limit, the holiday
 * calendar, the loan request and the loan flow (saved drafts, screen visits, the restructured-loan check).
 */

export const MAX_PAYMENT_DATES = 60;
export const paymentDatesSchema = z.array(isoDateSchema).min(1).max(MAX_PAYMENT_DATES);

/** One instalment of a computed (not yet saved) plan; `totalPayment` = initialBase + initialCalculatedInterest. */
export const planInstallmentSchema = z.object({
  id: idSchema.optional(),
  initialBase: moneySchema,
  initialCalculatedInterest: moneySchema,
  expectedDate: isoDateSchema,
  totalPayment: moneySchema,
});
export type PlanInstallment = z.infer<typeof planInstallmentSchema>;

/**
 * The pricing the plan was computed with (`src/shared/loan` LoanDefinition, amounts in euros on the wire), by
 * product: the client renders the representative example and the disclaimer from it.
 */
const definitionCommon = {
  id: idSchema,
  code: z.string(),
  version: z.number().int().positive(),
  name: z.string(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  amountStep: moneySchema,
};
export const installmentDefinitionSchema = z.object({
  ...definitionCommon,
  product: z.literal('installment'),
  /** Monthly interest rate in basis points (611 = 6,11 % a month; TIN = 12 × that). */
  monthlyRateBasisPoints: z.number().int().nonnegative(),
  minInstallments: z.number().int().positive(),
  maxInstallments: z.number().int().positive(),
  installmentsStep: z.number().int().positive(),
  /** The representative example of the disclaimer: amount in euros, number of monthly instalments. */
  representativeExample: z.object({ amount: moneySchema, installments: z.number().int().positive() }),
});
export const miniDefinitionSchema = z.object({
  ...definitionCommon,
  product: z.literal('mini'),
  /** Interest per day in basis points of the amount (75 = 0,75 % a day). */
  dailyRateBasisPoints: z.number().int().nonnegative(),
  defaultTermDays: z.number().int().positive(),
  /** The highest first loan that is free of interest, in euros. */
  firstLoanFreeMax: moneySchema,
  /** The representative example: amount in euros, days to the repayment. */
  representativeExample: z.object({ amount: moneySchema, termDays: z.number().int().positive() }),
});
export const loanDefinitionSchema = z.union([installmentDefinitionSchema, miniDefinitionSchema]);
export type LoanDefinition = z.infer<typeof loanDefinitionSchema>;

/** One payment plan answer item (first document §3). */
export const paymentPlanSchema = z.object({
  installments: z.array(planInstallmentSchema),
  loanDefinition: loanDefinitionSchema,
  totalInstallmentDays: z.number().int().nonnegative(),
  /** TAE of this plan in percent, one decimal, computed by the server (EU CCD Annex I). */
  taePercent: z.number(),
  /** A minipréstamo priced as the interest-free first loan (docs/rules/pricing-and-quotes.md). */
  interestFree: z.boolean(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** Payment plan request item (first document §3): amount, issueDate, paymentDates (the first N dates). */
export const paymentPlanRequestItemSchema = z.strictObject({
  /** The product to price; the instalment loan when absent. A minipréstamo has one payment date. */
  product: z.enum(loanProducts).optional(),
  amount: positiveMoneySchema,
  issueDate: isoDateSchema,
  paymentDates: paymentDatesSchema,
});
export type PaymentPlanRequestItem = z.infer<typeof paymentPlanRequestItemSchema>;

/** The spec's "empty" for day/week: null, absent or an empty string. */
const emptyableInt = (min: number, max: number) =>
  z
    .union([z.number().int().min(min).max(max), z.literal('')])
    .nullable()
    .optional();

export const paymentFrequencies = ['specificDate', 'monthly', 'weekly', 'biweekly'] as const;

/**
 * Payment date request (first document §3). specificDate/monthly: one date a month on `day` (1-31; empty → the
 * salary date's day); weekly/biweekly: every 7/14 days on ISO weekday `week` (1 Monday … 7 Sunday; empty → the
 * salary date's weekday). The stored loan flow sends specificDate with day and week empty.
 */
export const paymentDateRequestSchema = z.strictObject({
  nextSalaryDate: isoDateSchema,
  calculateNextXDates: z.number().int().min(1).max(120),
  paymentFrequencyLogical: z.enum(paymentFrequencies),
  day: emptyableInt(1, 31),
  week: emptyableInt(1, 7),
});
export type PaymentDateRequest = z.infer<typeof paymentDateRequestSchema>;

/**
 * The customer's available limits: `availableLimit` (the spec's) for the instalment loan, `miniAvailableLimit` for
 * the minipréstamo; each is the product's limit minus the capital still owed on open loans, never below 0.
 */
export const creditLimitSchema = z.object({ availableLimit: moneySchema, miniAvailableLimit: moneySchema });
export type CreditLimit = z.infer<typeof creditLimitSchema>;

/**
 * Loan request payload (second document §3). `product` is the amount in euros (the spec's name); `loanProduct` is the
 * product sold: the instalment loan when absent, `mini` for the minipréstamo (one repayment: `installment` 1 and
 * `paymentDates` the first repayment date alone).
 */
export const loanRequestPayloadSchema = z.strictObject({
  product: positiveMoneySchema,
  loanProduct: z.enum(loanProducts).optional(),
  installment: z.number().int().min(1).max(MAX_PAYMENT_DATES),
  firstRepaymentDate: isoDateSchema,
  accountId: idSchema,
  cardId: idSchema.nullable().optional(),
  acceptCommunications: z.boolean().optional(),
  paymentDates: paymentDatesSchema,
});
export type LoanRequestPayload = z.infer<typeof loanRequestPayloadSchema>;

export const loanRequestResultSchema = z.object({
  result: loanRequestOutcomeSchema,
  /** hasRestructuredLoan and noValidAccount lead to the declined page. */
  subReason: z.enum(loanRequestDeclineSubReasons).nullable(),
  message: z.string(),
  journey: journeySchema,
});
export type LoanRequestResult = z.infer<typeof loanRequestResultSchema>;

/**
 * The saved loan flow (second document §3 "Stored loan-flow parameters"): the dto the plans are priced from and the
 * form's values. The client keeps it in a persisted atom under its id (the `l` query parameter, 1 day); the server
 * keeps the customer's latest unfinished one (LoanFlowDraftPut/Get) so it can be resumed on another device. Amounts
 * are the form's euros (the customer's choice, not money moved).
 */
export const loanFlowDtoSchema = z.strictObject({
  amount: z.number().positive().max(1_000_000),
  paymentDates: paymentDatesSchema,
  issueDate: isoDateSchema,
  salaryCalculationDetails: z.strictObject({
    nextSalaryDate: isoDateSchema,
    calculateNextXDates: z.number().int().min(1).max(120),
    paymentFrequencyLogical: shortText(30),
    day: z.union([z.number().int().min(1).max(31), z.literal('')]).nullable(),
    week: z.union([z.number().int().min(1).max(7), z.literal('')]).nullable(),
  }),
});
export type LoanFlowDtoWire = z.infer<typeof loanFlowDtoSchema>;

/** The loan request form's values as saved (every field optional: a flow is saved half-filled). */
export const loanFlowFormValuesSchema = z.strictObject({
  /** The product chosen in step 1 (absent in a flow saved before the minipréstamo: the instalment loan). */
  loanProduct: z.enum(loanProducts).nullable().optional(),
  product: z.number().positive().max(1_000_000).nullable().optional(),
  firstRepaymentDate: isoDateSchema.nullable().optional(),
  installment: z.number().int().min(1).max(MAX_PAYMENT_DATES).nullable().optional(),
  accountId: idSchema.nullable().optional(),
  cardId: idSchema.nullable().optional(),
  acceptCommunications: z.boolean().nullable().optional(),
  acceptAgreement: z.boolean().nullable().optional(),
});
export type LoanFlowFormValues = z.infer<typeof loanFlowFormValuesSchema>;

/** The loan-flow screens a saved flow can be resumed on (route keys). */
export const loanFlowSteps = ['bankCredentials', 'loanApply', 'loanRequestLimitApprove', 'loanRequest'] as const;
export const loanFlowStepSchema = z.enum(loanFlowSteps);
export type LoanFlowStep = z.infer<typeof loanFlowStepSchema>;

export const loanFlowDraftPayloadSchema = z.strictObject({
  /** The flow's id, the `l` query parameter. */
  flowId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  step: loanFlowStepSchema,
  dto: loanFlowDtoSchema,
  formValues: loanFlowFormValuesSchema,
});
export type LoanFlowDraftPayload = z.infer<typeof loanFlowDraftPayloadSchema>;

export const loanFlowDraftSchema = loanFlowDraftPayloadSchema.extend({
  /** When it was last saved, and when it is gone (a day after). */
  updatedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type LoanFlowDraft = z.infer<typeof loanFlowDraftSchema>;

export const PaymentDatePost = defineCall({
  name: 'PaymentDatePost',
  method: 'POST',
  path: '/api/loan/paymentDates',
  auth: 'public',
  roles: ['public'],
  // Dates worked out, nothing saved.
  writes: false,
  body: paymentDateRequestSchema,
  response: z.array(isoDateSchema),
});

export const PaymentPlansPost = defineCall({
  name: 'PaymentPlansPost',
  method: 'POST',
  path: '/api/loan/paymentPlans',
  auth: 'optional',
  roles: ['public'],
  // A quote: nothing is saved, so a staff member's read-only view prices too.
  writes: false,
  query: z.strictObject({ customerId: idParamSchema.optional() }),
  body: z.array(paymentPlanRequestItemSchema).min(1).max(10),
  response: z.array(paymentPlanSchema),
  errors: ['InvalidLoanAmount', 'InvalidPaymentDates'],
});

export const CreditLimitGet = defineCall({
  name: 'CreditLimitGet',
  method: 'GET',
  path: '/api/customer/creditlimit',
  auth: 'customer',
  roles: ['user'],
  response: creditLimitSchema,
});

export const HolidaysGet = defineCall({
  name: 'HolidaysGet',
  method: 'GET',
  path: '/api/loan/hollidays',
  auth: 'public',
  roles: ['public'],
  response: z.array(isoDateSchema),
});

export const RequestLoanPost = defineCall({
  name: 'RequestLoanPost',
  method: 'POST',
  path: '/api/loan/requestLoan',
  auth: 'customer',
  roles: ['user'],
  long: true,
  idempotent: true,
  query: z.strictObject({ accountId: idParamSchema }),
  body: loanRequestPayloadSchema,
  response: loanRequestResultSchema,
  errors: [
    'CustomerBlacklisted',
    'EligibleAgeError',
    'NotAllowedCustomerStatus',
    'ActiveLoanExists',
    'CreditLimitExceeded',
    'InvalidLoanAmount',
    'InstallmentOptionNotAvailable',
    'InvalidFirstRepaymentDate',
    'InvalidPaymentDates',
    'BankAccountNotFound',
    'CardNotFound',
    'RequestInProgress',
  ],
});

/** Screen-visit log of the loan flow; errors and logging are ignored by the client. */
export const LoanApplicationScreensPost = defineCall({
  name: 'LoanApplicationScreensPost',
  method: 'POST',
  path: '/api/loan/loanApplicationScreens',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ screen: loanFlowScreenSchema, status: shortText(200), loanFlowId: shortText(100).optional() }),
  response: ackSchema,
});

/** Saves the customer's latest unfinished loan flow (replaces the previous one; kept 1 day). */
export const LoanFlowDraftPut = defineCall({
  name: 'LoanFlowDraftPut',
  method: 'PUT',
  path: '/api/loan/makeLoanApplication',
  auth: 'customer',
  roles: ['user'],
  body: loanFlowDraftPayloadSchema,
  response: ackSchema,
  errors: ['NotAllowedCustomerStatus'],
});

/** The customer's latest unfinished loan flow, null when there is none (or it is over a day old). */
export const LoanFlowDraftGet = defineCall({
  name: 'LoanFlowDraftGet',
  method: 'GET',
  path: '/api/loan/continueLoanApplication',
  auth: 'customer',
  roles: ['user'],
  response: loanFlowDraftSchema.nullable(),
});

/** Whether a customer with a restructured loan may request a new one. */
export const CheckLoanByRestructuredPost = defineCall({
  name: 'CheckLoanByRestructuredPost',
  method: 'POST',
  path: '/api/loan/checkLoanByRestructured',
  auth: 'customer',
  roles: ['user'],
  // A check: nothing is saved.
  writes: false,
  query: z.strictObject({ customerId: idParamSchema }),
  response: z.object({ hasRestructuredLoan: z.boolean(), canRequestLoan: z.boolean() }),
});

export const loanCalls = {
  PaymentDatePost,
  PaymentPlansPost,
  CreditLimitGet,
  HolidaysGet,
  RequestLoanPost,
  LoanApplicationScreensPost,
  LoanFlowDraftPut,
  LoanFlowDraftGet,
  CheckLoanByRestructuredPost,
} as const;
