import { z } from 'zod';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, moneySchema } from './common.ts';
import { defineCall } from './define.ts';

/** The withdrawal module's calls ('Desistir del contrato', `/api/loan/desistContract`): the quote and the notice. */

/** The customer's notice of withdrawal, once given (DesistContractPost). */
export const withdrawalNoticeSchema = z.object({
  requestedAt: isoDateTimeSchema,
  /** The amount on the notice day. */
  amount: moneySchema,
  /** The last day to return the money (30 calendar days after the notice). */
  repayBy: isoDateSchema,
  status: z.enum(['requested', 'repaid']),
});

/**
 * The 14-day right of withdrawal of a loan ('Desistir del contrato'; Directive 2023/2225 art. 26, Ley 16/2011
 * art. 28): whether it is still open (`eligible`, until `deadline` inclusive), and what returning the money costs
 * today: the capital received plus the interest accrued per day (`dailyInterest` more each further day).
 */
export const withdrawalQuoteSchema = z.object({
  loanId: idSchema,
  eligible: z.boolean(),
  /** The payout day (the loan's issue date) and the last day to withdraw (payout + 14 calendar days). */
  issueDate: isoDateSchema,
  deadline: isoDateSchema,
  principal: moneySchema,
  /** Interest accrued from the payout to today. */
  interest: moneySchema,
  /** principal + interest: what returning the money today costs. */
  amount: moneySchema,
  dailyInterest: moneySchema,
  withdrawal: withdrawalNoticeSchema.nullable(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** The withdrawal quote of a loan (GET /api/loan/desistContract, second document §7.2). */
export const DesistContractGet = defineCall({
  name: 'DesistContractGet',
  method: 'GET',
  path: '/api/loan/desistContract',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ loanId: idParamSchema }),
  response: withdrawalQuoteSchema,
  errors: ['LoanNotFound'],
});

/** Records the customer's notice of withdrawal; the money is then returned by a closeLoan payment (card or transfer). */
export const DesistContractPost = defineCall({
  name: 'DesistContractPost',
  method: 'POST',
  path: '/api/loan/desistContract',
  auth: 'customer',
  roles: ['user'],
  idempotent: true,
  body: z.strictObject({ loanId: idSchema }),
  response: withdrawalQuoteSchema,
  errors: ['LoanNotFound', 'WithdrawalNotAllowed', 'RequestInProgress'],
});

export const withdrawalCalls = { DesistContractGet, DesistContractPost } as const;
