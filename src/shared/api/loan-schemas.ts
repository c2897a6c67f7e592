import { z } from 'zod';
import {
  idSchema,
  installmentStatusSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanStatusSchema,
  moneySchema,
} from './common.ts';
import { documentSchema } from './customer-schemas.ts';

/**
 * The loan entities (second document §3) that the calls of several modules answer: the Loan with its instalments and
 * payments (payment, rollover, restructure), and the journey (the document module's JourneyGet, the loan module's
 * RequestLoanPost). Schemas only: each call lives in the file of the module that serves it.
 */

export const paymentSchema = z.object({
  /** The payment option that paid it: firstNotPaidInstallment, pendingInstallments, closeLoan, … */
  type: z.string(),
  /** The part of the payment that went to this instalment. */
  amount: moneySchema,
  /** debit-card, bank-transfer or direct-transfer. */
  paymentSource: z.string(),
  /** The instant the payment was made. */
  paymentDate: isoDateTimeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

export const installmentSchema = z.object({
  id: idSchema,
  status: installmentStatusSchema,
  expectedDate: isoDateSchema,
  totalPayment: moneySchema,
  initialBase: moneySchema,
  initialCalculatedInterest: moneySchema,
  payments: z.array(paymentSchema),
});
export type Installment = z.infer<typeof installmentSchema>;

export const loanSchema = z.object({
  id: idSchema,
  loanAmount: moneySchema,
  createdDate: isoDateSchema,
  status: loanStatusSchema,
  /** What closes the loan today. */
  earlyClosureAmount: moneySchema,
  installments: z.array(installmentSchema),
  /** The first instalment's payment (initialBase + initialCalculatedInterest). */
  initialPayment: moneySchema,
  firstRepaymentDate: isoDateSchema,
  /**
   * The first unpaid instalment's date minus today (Europe/Madrid), in days: 3 when it is due in three days, −1 when
   * it was due yesterday, 0 when nothing is unpaid (architecture §7; the §5 thresholds read with this sign).
   */
  overdueDay: z.number().int(),
  isRestructured: z.boolean(),
  toAccountId: idSchema.nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

export const loanDetailsSchema = z.object({ loanId: idSchema, loanAmount: moneySchema, status: loanStatusSchema });
export type LoanDetails = z.infer<typeof loanDetailsSchema>;

/** Journey (second document §3): the loan application's progress. */
export const journeySchema = z.object({
  /** All the customer's documents; the client counts those of type identity. */
  documents: z.array(documentSchema),
  cardProvided: z.boolean(),
  /** The loan in application, null when there is none. */
  loanDetails: loanDetailsSchema.nullable(),
});
export type Journey = z.infer<typeof journeySchema>;
