import { z } from 'zod';
import { oneTimeCodeSchema } from '../validators/password.ts';
import { customerStatusSchema, isoDateTimeSchema, loanStatusSchema } from './common.ts';
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

/**
 * A handover introduction's id (`/handover/v1/:introductionId`): 128 random bits, base64url. Anything else cannot
 * be one and is refused as an unknown link (TokenNotValid), never as bad input, so the page reads one message.
 */
export const introductionIdSchema = z.string().min(1).max(200);

/** What the handover page shows before the code: whom the code goes to. */
export const handoverSchema = z.object({
  /** The customer's first name, for the greeting. */
  firstName: z.string(),
  /** The mobile the code is sent to, masked: '*** *** 512'. */
  maskedPhone: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type Handover = z.infer<typeof handoverSchema>;

/** Handover (catalogue "handover login and otp"): the introduction an agent prepared, while it can be used. */
export const HandoverGet = defineCall({
  name: 'HandoverGet',
  method: 'GET',
  path: '/api/customer/handover/:introductionId',
  auth: 'optional',
  roles: ['public'],
  params: z.strictObject({ introductionId: introductionIdSchema }),
  response: handoverSchema,
  errors: ['TokenNotValid'],
});

/** Handover: sends the login code by SMS to the customer's mobile (not before 60 s since the last one). */
export const HandoverOtpPost = defineCall({
  name: 'HandoverOtpPost',
  method: 'POST',
  path: '/api/customer/handover/:introductionId/otp',
  auth: 'optional',
  roles: ['public'],
  params: z.strictObject({ introductionId: introductionIdSchema }),
  response: handoverSchema,
  errors: ['TokenNotValid', 'PinRequestTooSoon', 'MemberBlocked', 'CustomerAlreadyRegistered'],
});

/**
 * Handover: the code typed from the SMS starts a normal session, as LoginPost; the introduction is then used up.
 * Five wrong codes void it (TokenNotValid afterwards).
 */
export const HandoverLoginPost = defineCall({
  name: 'HandoverLoginPost',
  method: 'POST',
  path: '/api/customer/handover/:introductionId/login',
  auth: 'optional',
  roles: ['public'],
  params: z.strictObject({ introductionId: introductionIdSchema }),
  body: z.strictObject({ code: oneTimeCodeSchema }),
  response: sessionSchema,
  errors: [
    'TokenNotValid',
    'PinNotValid',
    'PinExpired',
    'PinNotValidLastAttempt',
    'PinNotValidWithRemainingAttemptCount',
    'MemberBlocked',
    'CustomerAlreadyRegistered',
  ],
});

export const linksCalls = {
  LoginWithRepayTokenPostByRepayToken,
  CustomerForLoginRedirectionGet,
  HandoverGet,
  HandoverOtpPost,
  HandoverLoginPost,
} as const;
