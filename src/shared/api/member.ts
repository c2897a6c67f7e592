import { z } from 'zod';
import { customerStatusSchema, idSchema, memberRoleSchema, moneySchema, tokenSchema, ackSchema } from './common.ts';
import { defineCall } from './define.ts';

/**
 * The session side of `/api/membership`: member details, the session answer, and the three calls start-up and
 * logout need (TokenGet, MemberDetailsGet, LogoutPost). Apart from membership.ts (login, PIN and password flows) so
 * the first page load carries only these; they are not re-exported
 * anywhere: import them from this file.
 */

/**
 * Member (customer) details as the session keeps them: the spec's id, status, fullName, twoLetterName and
 * customerCreditLimit (euros), plus role and phone (the stored form), firstName (the login greeting's basic
 * details) and hasActiveLoan (the header's loan-offer banner shows only without an active loan).
 */
export const memberDetailsSchema = z.object({
  id: idSchema,
  status: customerStatusSchema,
  fullName: z.string(),
  twoLetterName: z.string(),
  firstName: z.string(),
  customerCreditLimit: moneySchema,
  role: memberRoleSchema,
  /** 9 digits, without the +34 prefix. */
  phone: z.string(),
  hasActiveLoan: z.boolean(),
});
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

/** The login answer's customerDetails: member details plus passwordRequired (the update-password modal). */
export const customerDetailsSchema = memberDetailsSchema.extend({ passwordRequired: z.boolean() });
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** A started session: the bearer JWT (24 h) and the customer it belongs to. */
export const sessionSchema = z.object({ token: tokenSchema, customerDetails: customerDetailsSchema });
export type Session = z.infer<typeof sessionSchema>;

/**
 * Token login (e.g. the `jwt` query parameter at startup): checks the token and answers the session token to use,
 * passwordRequired and the member details.
 */
export const TokenGet = defineCall({
  name: 'TokenGet',
  method: 'GET',
  path: '/api/membership/token/:token',
  auth: 'public',
  params: z.strictObject({ token: tokenSchema }),
  response: z.object({ token: tokenSchema, passwordRequired: z.boolean(), memberDetails: memberDetailsSchema }),
  errors: ['TokenNotValid', 'MemberBlocked', 'CustomerAlreadyRegistered'],
});

/** The member details of the bearer token's customer (startup, after status changes). */
export const MemberDetailsGet = defineCall({
  name: 'MemberDetailsGet',
  method: 'GET',
  path: '/api/membership/memberDetails',
  auth: 'customer',
  response: z.object({ memberDetails: memberDetailsSchema }),
});

/** Ends the session: the token is revoked on the server. */
export const LogoutPost = defineCall({
  name: 'LogoutPost',
  method: 'POST',
  path: '/api/membership/logout',
  auth: 'customer',
  response: ackSchema,
});

export const sessionCalls = { TokenGet, MemberDetailsGet, LogoutPost } as const;
