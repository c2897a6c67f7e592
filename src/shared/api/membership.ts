import { z } from 'zod';
import {
  ackSchema,
  countryCodeSchema,
  customerStatusSchema,
  idSchema,
  isoDateSchema,
  passwordSchema,
  phoneSchema,
  tokenSchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { addressSchema, memberDetailsSchema, sessionSchema } from './customer-schemas.ts';

/**
 * The membership module's calls (first document §3, §7; `/api/membership`): login, token login, member details and
 * logout, and the customer record (CustomerGet, `/api/customer/customer`).
 */

export const loginPayloadSchema = z.strictObject({
  phoneNumber: phoneSchema,
  password: passwordSchema,
  rememberMe: z.boolean(),
  countryCode: countryCodeSchema,
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** Customer (second document §3); additionalField is the reference code used in bank-transfer descriptions. */
export const customerSchema = z.object({
  id: idSchema,
  status: customerStatusSchema,
  memberDetails: memberDetailsSchema,
  isRtb: z.boolean(),
  isBlacklist: z.boolean(),
  additionalField: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string().nullable(),
  dni: z.string(),
  birthDate: isoDateSchema,
  address: addressSchema.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * Login with phone and PIN/password. WrongPasswordException comes with a PinNotValid* item after it. An unknown
 * phone answers CustomerNotFound (the client goes to registration), a bad phone or country code InvalidPhone, a
 * closed/none customer CustomerAlreadyRegistered, a staff (non-`user`) member MemberNotFoundException, a customer
 * without a PIN MemberNotAllowedToLoginWithPasswordException.
 */
export const LoginPost = defineCall({
  name: 'LoginPost',
  method: 'POST',
  path: '/api/membership/login',
  auth: 'public',
  roles: ['public'],
  body: loginPayloadSchema,
  response: sessionSchema,
  errors: [
    'MemberNotAllowedToLoginWithPasswordException',
    'MemberNotFoundException',
    'MemberBlocked',
    'CustomerNotFound',
    'WrongPasswordException',
    'PinNotValidLastAttempt',
    'PinNotValidWithRemainingAttemptCount',
    'InvalidPhone',
    'CustomerAlreadyRegistered',
  ],
});

/**
 * Token login (e.g. the `jwt` query parameter at startup): checks the token and answers the session token to use,
 * passwordRequired and the member details.
 */
export const TokenGet = defineCall({
  name: 'TokenGet',
  method: 'GET',
  path: '/api/membership/token/:token',
  auth: 'public',
  roles: ['public'],
  // A GET that uses up the link's token and opens a session.
  writes: true,
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
  roles: ['user'],
  response: z.object({ memberDetails: memberDetailsSchema }),
});

/** Ends the session: the token is revoked on the server. */
export const LogoutPost = defineCall({
  name: 'LogoutPost',
  method: 'POST',
  path: '/api/membership/logout',
  auth: 'customer',
  roles: ['user'],
  response: ackSchema,
});

export const CustomerGet = defineCall({
  name: 'CustomerGet',
  method: 'GET',
  path: '/api/customer/customer',
  auth: 'customer',
  roles: ['user'],
  response: customerSchema,
});

export const membershipCalls = { LoginPost, TokenGet, MemberDetailsGet, LogoutPost, CustomerGet } as const;
