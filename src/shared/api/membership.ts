import { z } from 'zod';
import { ackSchema, countryCodeSchema, passwordSchema, phoneSchema, pinSchema } from './common.ts';
import { defineCall } from './define.ts';
import { sessionSchema } from './member.ts';

/** Membership calls: login, tokens, PIN and password (first document §3, §7; `/api/membership`). */

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
  ForgotPinPost,
  ValidateAndChangePasswordPost,
  ChangePasswordPost,
} as const;
