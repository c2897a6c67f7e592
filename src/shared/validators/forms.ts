/**
 * The form schemas, with the spec's field names (first document §3, second document §3, §5). Each is what the
 * customer fills in; values the client adds to the payload (countryCode, uId, redirect) are not part of them.
 */
import { z } from 'zod';
import { withConfirmation, passwordConfirmationSchema, passwordSchema, resetPinSchema } from './password.ts';
import { birthDateSchema, makeBirthDateSchema } from './birth-date.ts';
import { emailSchema, makeEmailSchema, plainEmailSchema } from './email.ts';
import type { EmailSchemaOptions } from './email.ts';
import {
  companyNameSchema,
  employmentStatusFieldSchema,
  monthlyIncomeFieldSchema,
  withCompanyNameRule,
} from './employment.ts';
import { personNameSchema } from './name.ts';
import { nationalIdSchema } from './national-id.ts';
import { mobilePhoneSchema } from './phone.ts';
import { postcodeSchema } from './postcode.ts';
import { requiredString, requiredTrue } from './required.ts';

export interface SignupSchemaOptions extends EmailSchemaOptions {
  /** Fixes "today" for the age rule (tests); without it the clock is read at each validation. */
  readonly now?: Date;
}

/**
 * The signup form (first document §3): acceptPolicy must be ticked, acceptAgreement (marketing) is optional,
 * companyName is required only for fullTimeEmployed, password2 must equal password.
 */
export function makeSignupSchema({ now, acceptAsTyped }: SignupSchemaOptions = {}) {
  const base = z.object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    emailAddress: acceptAsTyped === undefined ? emailSchema : makeEmailSchema({ acceptAsTyped }),
    nationalID: nationalIdSchema,
    birthDate: now === undefined ? birthDateSchema : makeBirthDateSchema(now),
    mobilePhone: mobilePhoneSchema,
    employmentStatus: employmentStatusFieldSchema,
    companyName: companyNameSchema,
    monthlyIncome: monthlyIncomeFieldSchema,
    password: passwordSchema,
    password2: passwordConfirmationSchema,
    acceptPolicy: requiredTrue(),
    acceptAgreement: z.boolean().optional(),
  });
  return withConfirmation(withCompanyNameRule(base), 'password', 'password2');
}

export const signupSchema = makeSignupSchema();

/**
 * The signup form's fields in the order the form shows them: the client scrolls to and focuses the first one with an
 * error, and LightRegisterPost answers the business code of the first one in error.
 */
export const SIGNUP_FIELD_ORDER = [
  'firstName',
  'lastName',
  'nationalID',
  'emailAddress',
  'birthDate',
  'mobilePhone',
  'employmentStatus',
  'companyName',
  'monthlyIncome',
  'password',
  'password2',
  'acceptPolicy',
  'acceptAgreement',
] as const;
export type SignupField = (typeof SIGNUP_FIELD_ORDER)[number];
export type SignupForm = z.output<typeof signupSchema>;
export type SignupFormInput = z.input<typeof signupSchema>;

/** Login (first document §3): phoneNumber, password, rememberMe. */
export const loginSchema = z.object({
  phoneNumber: mobilePhoneSchema,
  password: passwordSchema,
  rememberMe: z.boolean().optional(),
});
export type LoginForm = z.output<typeof loginSchema>;

/** Forgot PIN (first document §3): mobilePhone. */
export const forgotPinSchema = z.object({ mobilePhone: mobilePhoneSchema });
export type ForgotPinForm = z.output<typeof forgotPinSchema>;

/** Reset password (first document §3): mobilePhone, the 4-digit pin from the SMS, password and password2. */
export const resetPasswordSchema = withConfirmation(
  z.object({
    mobilePhone: mobilePhoneSchema,
    pin: resetPinSchema,
    password: passwordSchema,
    password2: passwordConfirmationSchema,
  }),
  'password',
  'password2',
);
export type ResetPasswordForm = z.output<typeof resetPasswordSchema>;

/** Update-password modal: newPassword (the payload) and its confirmation newPassword2 (form only). */
export const changePasswordSchema = withConfirmation(
  z.object({ newPassword: passwordSchema, newPassword2: passwordConfirmationSchema }),
  'newPassword',
  'newPassword2',
);
export type ChangePasswordForm = z.output<typeof changePasswordSchema>;

/** Phone check on home and register (first document §3): phone. */
export const phoneCheckSchema = z.object({ phone: mobilePhoneSchema });
export type PhoneCheckForm = z.output<typeof phoneCheckSchema>;

/** Address details: street, number, floor (optional: flat, door), postcode, city, province. */
export const addressSchema = z.object({
  street: requiredString(),
  number: requiredString(),
  floor: z.string().trim().optional(),
  postcode: postcodeSchema,
  city: requiredString(),
  province: requiredString(),
});
export type AddressForm = z.output<typeof addressSchema>;

/** Update-email modal: emailAddress, required and valid ('Email no válido'). */
export const updateEmailSchema = z.object({ emailAddress: plainEmailSchema });
export type UpdateEmailForm = z.output<typeof updateEmailSchema>;
