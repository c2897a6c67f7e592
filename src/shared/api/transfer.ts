import { z } from 'zod';
import {
  directTransferOrderStatusSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  positiveMoneySchema,
  shortText,
  urlTextSchema,
} from './common.ts';
import { defineCall } from './define.ts';

/** The direct-transfer module's calls (`/api/inboundpayment`): the direct bank transfer widget for a loan payment. */

export const directTransferOrderSchema = z.object({
  id: idSchema,
  loanId: idSchema,
  amount: moneySchema,
  status: directTransferOrderStatusSchema,
  createdDate: isoDateTimeSchema,
});
export type DirectTransferOrder = z.infer<typeof directTransferOrderSchema>;

export const directTransferInitPayloadSchema = z.strictObject({
  amount: positiveMoneySchema,
  loanId: idSchema,
  /** Where the widget sends the customer after a payment / an error. */
  successPage: urlTextSchema,
  errorPage: urlTextSchema,
  doneMessage: shortText(500),
});
export type DirectTransferInitPayload = z.infer<typeof directTransferInitPayloadSchema>;

/** The customer's direct-transfer orders; the client keeps those with status authorized. */
export const DirectTransferOrdersGet = defineCall({
  name: 'DirectTransferOrdersGet',
  method: 'GET',
  path: '/api/inboundpayment/orders/unnax',
  auth: 'customer',
  roles: ['user'],
  response: z.array(directTransferOrderSchema),
});

/** Starts the direct bank transfer widget for a loan payment: one provider order per Idempotency-Key. */
export const DirectTransferInitPost = defineCall({
  name: 'DirectTransferInitPost',
  method: 'POST',
  path: '/api/inboundpayment/init/unnax',
  auth: 'customer',
  roles: ['user'],
  idempotent: true,
  body: directTransferInitPayloadSchema,
  response: z.object({ widgetUrl: urlTextSchema }),
  errors: [
    'LoanNotFound',
    'LoanAlreadyRepaid',
    'InvalidPaymentAmount',
    'TermsNotAccepted',
    'WidgetAccountBlocked',
    'WidgetUnavailable',
  ],
});

export const transferCalls = { DirectTransferOrdersGet, DirectTransferInitPost } as const;
