import { z } from 'zod';
import {
  agreementTypeSchema,
  idParamSchema,
  idSchema,
  isoDateSchema,
  moneySchema,
  positiveMoneySchema,
} from './common.ts';
import { defineCall } from './define.ts';

/**
 * Quote calls of `/api/loan` (calculator, plans, agreement of an unsaved loan): the home page's calculator needs
 * only these, and ships in the first load, so they live apart from the rest of the loan contract (they are not
 * re-exported anywhere: import them from this file).
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
 * The pricing the plan was computed with (`src/shared/loan` LoanDefinition, amounts in euros on the wire): the
 * client renders the illustrative disclaimer from it.
 */
export const loanDefinitionSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  /** Monthly interest rate in basis points (611 = 6,11 % a month; TIN = 12 × that). */
  monthlyRateBasisPoints: z.number().int().nonnegative(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  amountStep: moneySchema,
  minInstallments: z.number().int().positive(),
  maxInstallments: z.number().int().positive(),
  installmentsStep: z.number().int().positive(),
  /** The representative example of the disclaimer: amount in euros, number of monthly instalments. */
  representativeExample: z.object({ amount: moneySchema, installments: z.number().int().positive() }),
});
export type LoanDefinition = z.infer<typeof loanDefinitionSchema>;

/** One payment plan answer item (first document §3). */
export const paymentPlanSchema = z.object({
  installments: z.array(planInstallmentSchema),
  loanDefinition: loanDefinitionSchema,
  totalInstallmentDays: z.number().int().nonnegative(),
  /** TAE of this plan in percent, one decimal, computed by the server (EU CCD Annex I). */
  taePercent: z.number(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** Payment plan request item (first document §3): amount, issueDate, paymentDates (the first N dates). */
export const paymentPlanRequestItemSchema = z.strictObject({
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

/** An agreement text by type (HTML). */
export const agreementTextSchema = z.object({ type: agreementTypeSchema, title: z.string(), agreement: z.string() });
export type AgreementText = z.infer<typeof agreementTextSchema>;

/** Agreement request for an unsaved loan: the last computed plan. */
export const agreementRequestSchema = z.strictObject({
  installments: z.array(z.strictObject(planInstallmentSchema.shape)).min(1).max(MAX_PAYMENT_DATES),
  loanAmount: positiveMoneySchema,
  createdDate: isoDateSchema,
  toAccountId: idSchema.nullable().optional(),
});
export type AgreementRequest = z.infer<typeof agreementRequestSchema>;

export const PaymentDatePost = defineCall({
  name: 'PaymentDatePost',
  method: 'POST',
  path: '/api/loan/paymentDates',
  auth: 'public',
  body: paymentDateRequestSchema,
  response: z.array(isoDateSchema),
});

export const PaymentPlansPost = defineCall({
  name: 'PaymentPlansPost',
  method: 'POST',
  path: '/api/loan/paymentPlans',
  auth: 'optional',
  query: z.strictObject({ customerId: idParamSchema.optional() }),
  body: z.array(paymentPlanRequestItemSchema).min(1).max(10),
  response: z.array(paymentPlanSchema),
  errors: ['InvalidLoanAmount', 'InvalidPaymentDates'],
});

/** Agreement texts for an unsaved loan (home 'Más Información', loan request terms). */
export const AgreementPost = defineCall({
  name: 'AgreementPost',
  method: 'POST',
  path: '/api/loan/agreements',
  auth: 'optional',
  body: agreementRequestSchema,
  response: z.array(agreementTextSchema),
  errors: ['InvalidLoanAmount', 'InvalidPaymentDates'],
});

export const quoteCalls = { PaymentDatePost, PaymentPlansPost, AgreementPost } as const;
