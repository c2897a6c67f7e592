import { z } from 'zod';
import {
  ackSchema,
  countryCodeSchema,
  customerStatusSchema,
  idSchema,
  memberRoleSchema,
  moneySchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  tokenSchema,
} from './common.ts';
import { defineCall } from './define.ts';

/** Membership calls: login, tokens, PIN and password (first document §3, §7; `/api/membership`). */

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

export const loginPayloadSchema = z.strictObject({
  phoneNumber: phoneSchema,
  password: passwordSchema,
  rememberMe: z.boolean(),
  countryCode: countryCodeSchema,
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const forgotPinPayloadSchema = z.strictObject({
  mobilePhone: phoneSchema,
  countryCode: countryCodeSchema,
  redirect: z.literal('resetPassword'),
});
export type ForgotPinPayload = z.infer<typeof forgotPinPayloadSchema>;

export const resetPasswordPayloadSchema = z.strictObject({
  mobilePhone: phoneSchema,
  pin: pinSchema,
  password: passwordSchema,
  password2: passwordSchema,
  countryCode: countryCodeSchema,
});
export type ResetPasswordPayload = z.infer<typeof resetPasswordPayloadSchema>;

export const changePasswordPayloadSchema = z.strictObject({ newPassword: passwordSchema });
export type ChangePasswordPayload = z.infer<typeof changePasswordPayloadSchema>;

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

/** Repay short link: logs the customer in with the repay token of the link. */
export const LoginWithRepayTokenPostByRepayToken = defineCall({
  name: 'LoginWithRepayTokenPostByRepayToken',
  method: 'POST',
  path: '/api/membership/loginWithRepayToken/:repayToken',
  auth: 'public',
  params: z.strictObject({ repayToken: z.string().min(1).max(200) }),
  response: sessionSchema,
  errors: ['TokenNotValid', 'MemberBlocked', 'CustomerAlreadyRegistered'],
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

/** Sends a new PIN by SMS (forgot-PIN page, and "No he recibido el PIN" on the reset page). */
export const ForgotPinPost = defineCall({
  name: 'ForgotPinPost',
  method: 'POST',
  path: '/api/membership/forgotPin',
  auth: 'public',
  body: forgotPinPayloadSchema,
  response: ackSchema,
  errors: ['MemberNotFoundException', 'CustomerNotFound', 'InvalidPhone', 'PinRequestTooSoon'],
});

/** Reset: checks the SMS PIN, sets the new password and starts a session. */
export const ValidateAndChangePasswordPost = defineCall({
  name: 'ValidateAndChangePasswordPost',
  method: 'POST',
  path: '/api/membership/validateAndChangePassword',
  auth: 'public',
  body: resetPasswordPayloadSchema,
  response: sessionSchema,
  errors: [
    'MemberNotFoundException',
    'CustomerNotFound',
    'InvalidPhone',
    'MemberBlocked',
    'PinNotValid',
    'PinExpired',
    'PinNotValidLastAttempt',
    'PinNotValidWithRemainingAttemptCount',
    'InvalidPassword',
    'PasswordsDoNotMatch',
  ],
});

/** The update-password modal ('Cambiar Contraseña?'). */
export const ChangePasswordPost = defineCall({
  name: 'ChangePasswordPost',
  method: 'POST',
  path: '/api/membership/changePassword',
  auth: 'customer',
  body: changePasswordPayloadSchema,
  response: ackSchema,
  errors: ['InvalidPassword'],
});

export const membershipCalls = {
  LoginPost,
  LoginWithRepayTokenPostByRepayToken,
  TokenGet,
  MemberDetailsGet,
  LogoutPost,
  ForgotPinPost,
  ValidateAndChangePasswordPost,
  ChangePasswordPost,
} as const;
