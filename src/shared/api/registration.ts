import { z } from 'zod';
import {
  ackSchema,
  countryCodeSchema,
  emailTextSchema,
  employmentStatusSchema,
  isoDateSchema,
  monthlyIncomeSchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  shortText,
  tokenSchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { addressPayloadSchema, customerDetailsSchema, memberDetailsSchema, sessionSchema } from './customer-schemas.ts';

/**
 * The registration module's calls: sign-up, the OTP page and the address step (`/api/customer/light`), the PIN reset
 * and the password change (`/api/membership`).
 */

/** Signup payload (first document §3) with acceptAgreement (marketing consent) and the campaign's uId. */
export const signupPayloadSchema = z.strictObject({
  firstName: shortText().min(1),
  lastName: shortText().min(1),
  emailAddress: emailTextSchema,
  nationalID: z.string().min(1).max(20),
  birthDate: isoDateSchema,
  mobilePhone: phoneSchema,
  employmentStatus: employmentStatusSchema,
  /** Required by the server only for fullTimeEmployed; may be absent, null or empty otherwise. */
  companyName: shortText(200).nullable().optional(),
  monthlyIncome: monthlyIncomeSchema,
  password: passwordSchema,
  password2: passwordSchema,
  acceptPolicy: z.boolean(),
  acceptAgreement: z.boolean().optional(),
  uId: shortText(200).optional(),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;

/** Register answer: a session for the new customer (status new) and the encrypted hint for `/otp?q=`. */
export const registerResultSchema = z.object({
  token: tokenSchema,
  customerDetails: customerDetailsSchema,
  hint: z.string(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

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

export const LightRegisterPost = defineCall({
  name: 'LightRegisterPost',
  method: 'POST',
  path: '/api/customer/light/register',
  auth: 'public',
  roles: ['public'],
  body: signupPayloadSchema,
  response: registerResultSchema,
  errors: [
    'InvalidEmail',
    'InvalidEmailWithUpdateRequest',
    'EmailNotAvailable',
    'DNINotValid',
    'CustomerAlreadyRegistered',
    'PhoneAlreadyRegistered',
    'InvalidPhone',
    'EligibleAgeError',
    'InvalidBirthDate',
    'InvalidName',
    'CompanyNameRequired',
    'InvalidPassword',
    'PasswordsDoNotMatch',
    'TermsNotAccepted',
  ],
});

/** Confirms the 4-character SMS code sent at registration: status new → preRegistered. */
export const PinValidatePost = defineCall({
  name: 'PinValidatePost',
  method: 'POST',
  path: '/api/customer/light/pinValidate',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ pin: pinSchema }),
  response: z.object({ memberDetails: memberDetailsSchema }),
  errors: [
    'PinNotValid',
    'PinExpired',
    'PinNotValidLastAttempt',
    'PinNotValidWithRemainingAttemptCount',
    'MemberBlocked',
    'NotAllowedCustomerStatus',
  ],
});

/** Sends a new registration code to the customer's mobile (OTP page, status new). */
export const ResendPinPost = defineCall({
  name: 'ResendPinPost',
  method: 'POST',
  path: '/api/customer/light/resendPin',
  auth: 'customer',
  roles: ['user'],
  response: ackSchema,
  errors: ['PinRequestTooSoon', 'NotAllowedCustomerStatus'],
});

/** Changes the mobile before it is confirmed (status new) and sends a new code to it. */
export const ChangeMobilePost = defineCall({
  name: 'ChangeMobilePost',
  method: 'POST',
  path: '/api/customer/light/changeMobile',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ mobilePhone: phoneSchema, countryCode: countryCodeSchema }),
  response: z.object({ memberDetails: memberDetailsSchema }),
  errors: ['InvalidPhone', 'PhoneAlreadyRegistered', 'PinRequestTooSoon', 'NotAllowedCustomerStatus'],
});

/** Saves the home address: status preRegistered → registered. */
export const SaveAddressPut = defineCall({
  name: 'SaveAddressPut',
  method: 'PUT',
  path: '/api/customer/light/saveAddress',
  auth: 'customer',
  roles: ['user'],
  body: addressPayloadSchema,
  response: z.object({ memberDetails: memberDetailsSchema }),
  errors: ['InvalidPostcode', 'InvalidProvince', 'NotAllowedCustomerStatus'],
});

/** Sends a new PIN by SMS (forgot-PIN page, and "No he recibido el PIN" on the reset page). */
export const ForgotPinPost = defineCall({
  name: 'ForgotPinPost',
  method: 'POST',
  path: '/api/membership/forgotPin',
  auth: 'public',
  roles: ['public'],
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
  roles: ['public'],
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
  roles: ['user'],
  body: changePasswordPayloadSchema,
  response: ackSchema,
  errors: ['InvalidPassword'],
});

export const registrationCalls = {
  LightRegisterPost,
  PinValidatePost,
  ResendPinPost,
  ChangeMobilePost,
  SaveAddressPut,
  ForgotPinPost,
  ValidateAndChangePasswordPost,
  ChangePasswordPost,
} as const;
