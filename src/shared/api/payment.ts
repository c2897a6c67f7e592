import { z } from 'zod';
import {
  idParamSchema,
  idSchema,
  loanStatusSchema,
  moneySchema,
  paymentOptionSchema,
  paymentStatusSchema,
  positiveMoneySchema,
} from './common.ts';
import { threeDsEventSchema } from './card.ts';
import { defineCall } from './define.ts';
import { loanSchema } from './loan-schemas.ts';

/**
 * The payment module's calls (`/api/loan`): the customer's loans with their payments, paying by card (3-D Secure), the
 * payment's status, and the reason a customer cannot pay ('¿Problemas con un reembolso?').
 */

/**
 * Answer of a money-moving call; `pending` is polled with PaymentStatusGet. When the card gateway asks for 3-D
 * Secure, `threeDs` holds the first event and the track id: the client runs the card flow's 3-D Secure modal
 * (`src/lib/three-ds`, polling ThreeDsStateGet with the track id) and then polls PaymentStatusGet.
 */
export const paymentResultSchema = z.object({
  paymentId: idSchema,
  status: paymentStatusSchema,
  amount: moneySchema,
  message: z.string(),
  loan: loanSchema,
  threeDs: z.object({ trackId: z.string(), event: threeDsEventSchema }).nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const payLoanPayloadSchema = z.strictObject({
  loanId: idSchema,
  paymentOption: paymentOptionSchema,
  /** The instalment paid, for firstNotPaidInstallment (or name it in `installmentIds`). */
  installmentId: idSchema.nullable().optional(),
  /**
   * The instalments the customer was shown as what this payment pays (the quote's `installmentIds`): required for
   * firstNotPaidInstallment (or `installmentId`) and pendingInstallments. When they are not what the payment would
   * pay now (paid meanwhile by another press), it is refused with PaymentDueChanged instead of paying the next one.
   */
  installmentIds: z.array(idSchema).min(1).max(120).optional(),
  amount: positiveMoneySchema,
  cardId: idSchema,
});
export type PayLoanPayload = z.infer<typeof payLoanPayloadSchema>;

/** `statuses` is one status or a repeated query parameter (`?statuses=issued&statuses=arranged`). */
export const CustomerLoansByStatusGet = defineCall({
  name: 'CustomerLoansByStatusGet',
  method: 'GET',
  path: '/api/loan/customerLoansByStatus',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({
    statuses: z.union([z.array(loanStatusSchema).min(1).max(20), loanStatusSchema.transform((status) => [status])]),
  }),
  response: z.array(loanSchema),
});

export const CustomerAllLoansGet = defineCall({
  name: 'CustomerAllLoansGet',
  method: 'GET',
  path: '/api/loan/customerAllLoans',
  auth: 'customer',
  roles: ['user'],
  response: z.array(loanSchema),
});

export const PayLoanPost = defineCall({
  name: 'PayLoanPost',
  method: 'POST',
  path: '/api/loan/payloan',
  auth: 'customer',
  roles: ['user'],
  long: true,
  idempotent: true,
  body: payLoanPayloadSchema,
  response: paymentResultSchema,
  errors: [
    'LoanNotFound',
    'InstallmentNotFound',
    'LoanAlreadyRepaid',
    'InvalidPaymentAmount',
    'PaymentDueChanged',
    'CardNotFound',
    'PaymentFailed',
    'RequestInProgress',
  ],
});

export const PaymentStatusGet = defineCall({
  name: 'PaymentStatusGet',
  method: 'GET',
  path: '/api/loan/checkstatus',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ paymentId: idParamSchema }),
  response: z.object({
    paymentId: idSchema,
    loanId: idSchema,
    status: paymentStatusSchema,
    amount: moneySchema,
    message: z.string(),
  }),
  errors: ['PaymentNotFound'],
});

export const paymentCalls = {
  CustomerLoansByStatusGet,
  CustomerAllLoansGet,
  PayLoanPost,
  PaymentStatusGet,
} as const;
