import { z } from 'zod';
import { idParamSchema, idSchema, isoDateSchema, moneySchema } from './common.ts';
import { defineCall } from './define.ts';
import { paymentResultSchema } from './payment.ts';

/** The rollover module's calls ('Prórroga', `/api/loan`): the dates, the quote, and the rollover paid by card. */

export const rolloverQuoteSchema = z.object({
  loanId: idSchema,
  /** The instalment rolled over: its date today, the new date the customer chose. */
  installmentId: idSchema,
  currentDate: isoDateSchema,
  /** The new due date. */
  rolloverDate: isoDateSchema,
  /** Paid now by card to roll over: the interest of the instalment's period (what it owes beyond the capital). */
  fee: moneySchema,
  /** The capital moved to the new date. */
  principal: moneySchema,
  /** Interest from the current date to the new one. */
  newInterest: moneySchema,
  /** Due on the new date: principal + newInterest. */
  newTotalPayment: moneySchema,
});
export type RolloverQuote = z.infer<typeof rolloverQuoteSchema>;

export const RolloverAvailableDatesGet = defineCall({
  name: 'RolloverAvailableDatesGet',
  method: 'GET',
  path: '/api/loan/rolloverAvailableDates',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ fromDate: isoDateSchema, loanId: idParamSchema.optional() }),
  response: z.array(isoDateSchema),
  errors: ['LoanNotFound', 'RolloverNotAllowed'],
});

export const RolloverCalculatePost = defineCall({
  name: 'RolloverCalculatePost',
  method: 'POST',
  path: '/api/loan/rolloverCalculate',
  auth: 'customer',
  roles: ['user'],
  // The fee for a date; nothing is saved until RolloverPost (a staff member's read-only view may ask).
  writes: false,
  body: z.strictObject({ loanId: idSchema, rolloverDate: isoDateSchema }),
  response: rolloverQuoteSchema,
  errors: ['LoanNotFound', 'RolloverNotAllowed', 'InvalidRolloverDate'],
});

/** Pays the rollover fee with the card and moves the due date. */
export const RolloverPost = defineCall({
  name: 'RolloverPost',
  method: 'POST',
  path: '/api/loan/rollover',
  auth: 'customer',
  roles: ['user'],
  long: true,
  idempotent: true,
  body: z.strictObject({ loanId: idSchema, rolloverDate: isoDateSchema, cardId: idSchema }),
  response: paymentResultSchema,
  errors: [
    'LoanNotFound',
    'RolloverNotAllowed',
    'InvalidRolloverDate',
    'CardNotFound',
    'PaymentFailed',
    'RequestInProgress',
  ],
});

export const rolloverCalls = { RolloverAvailableDatesGet, RolloverCalculatePost, RolloverPost } as const;
