import { z } from 'zod';
import { customerStatusSchema, loanStatusSchema } from './common.ts';
import { defineCall } from './define.ts';
import { sessionSchema } from './customer-schemas.ts';

/** The repay short links module's calls: the repay-token login and where to send the customer after it. */

/** Repay-link customer info (first document §3). */
export const repayLinkCustomerInfoSchema = z.object({
  customerStatus: customerStatusSchema,
  documentCount: z.number().int().nonnegative(),
  fullName: z.string(),
  hasCardAdded: z.boolean(),
  /** null when the customer has no loan. */
  lastLoanStatus: loanStatusSchema.nullable(),
  phoneNumber: z.string(),
  hasAskForProofCard: z.boolean(),
});
export type RepayLinkCustomerInfo = z.infer<typeof repayLinkCustomerInfoSchema>;

/** Repay short link: logs the customer in with the repay token of the link. */
export const LoginWithRepayTokenPostByRepayToken = defineCall({
  name: 'LoginWithRepayTokenPostByRepayToken',
  method: 'POST',
  path: '/api/membership/loginWithRepayToken/:repayToken',
  auth: 'public',
  roles: ['public'],
  params: z.strictObject({ repayToken: z.string().min(1).max(200) }),
  response: sessionSchema,
  errors: ['TokenNotValid', 'MemberBlocked', 'CustomerAlreadyRegistered'],
});

/** Repay short link: where to send the customer after the repay-token login. */
export const CustomerForLoginRedirectionGet = defineCall({
  name: 'CustomerForLoginRedirectionGet',
  method: 'GET',
  path: '/api/customer/customerForLoginRedirection',
  auth: 'optional',
  roles: ['public'],
  query: z.strictObject({ repayToken: z.string().min(1).max(200) }),
  response: repayLinkCustomerInfoSchema,
  errors: ['TokenNotValid'],
});

export const linksCalls = { LoginWithRepayTokenPostByRepayToken, CustomerForLoginRedirectionGet } as const;
