import { z } from 'zod';
import {
  ackSchema,
  countryCodeSchema,
  customerStatusSchema,
  emailTextSchema,
  employmentStatusSchema,
  fileSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanStatusSchema,
  moneySchema,
  monthlyIncomeSchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  shortText,
  tokenSchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { customerDetailsSchema, memberDetailsSchema } from './member.ts';

/** Customer calls: registration, OTP, address, profile, credit limit, documents, affiliates (`/api/customer`); the
 * phone check and the affiliate calls have files of their own (phone-check.ts, affiliates.ts). */

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

/** Home address (registration step after the OTP). */
export const addressSchema = z.object({
  street: shortText(200).min(1),
  streetNumber: shortText(20).min(1),
  /** Floor, door, staircase: optional. */
  floor: shortText(50).nullable().optional(),
  postcode: shortText(10).min(1),
  city: shortText().min(1),
  province: shortText().min(1),
});
export type Address = z.infer<typeof addressSchema>;
export const addressPayloadSchema = z.strictObject(addressSchema.shape);

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

export const creditLimitSchema = z.object({ availableLimit: moneySchema });
export type CreditLimit = z.infer<typeof creditLimitSchema>;

/** Email contact (second document §3) for the update-email modal. */
export const emailContactPayloadSchema = z.strictObject({
  type: z.literal('email'),
  subType: z.literal('personal'),
  value: emailTextSchema,
});
export type EmailContactPayload = z.infer<typeof emailContactPayloadSchema>;

/** A customer document (identity documents, card proofs, …). */
export const documentSchema = z.object({
  id: idSchema,
  /** identity, copyOfCard, … (the journey filters to identity). */
  type: z.string(),
  name: z.string(),
  status: z.string(),
  createdDate: isoDateTimeSchema,
});
export type CustomerDocument = z.infer<typeof documentSchema>;

/** Identity document upload (DNI/NIE photo, one side per call). */
export const documentUploadPayloadSchema = z.strictObject({
  type: z.literal('identity').default('identity'),
  subType: z.enum(['front', 'back']).optional(),
  name: shortText(255).min(1),
  document: fileSchema,
  channel: z.literal('website').default('website'),
});
export type DocumentUploadPayload = z.input<typeof documentUploadPayloadSchema>;

export const LightRegisterPost = defineCall({
  name: 'LightRegisterPost',
  method: 'POST',
  path: '/api/customer/light/register',
  auth: 'public',
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
  response: ackSchema,
  errors: ['PinRequestTooSoon', 'NotAllowedCustomerStatus'],
});

/** Changes the mobile before it is confirmed (status new) and sends a new code to it. */
export const ChangeMobilePost = defineCall({
  name: 'ChangeMobilePost',
  method: 'POST',
  path: '/api/customer/light/changeMobile',
  auth: 'customer',
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
  body: addressPayloadSchema,
  response: z.object({ memberDetails: memberDetailsSchema }),
  errors: ['InvalidPostcode', 'InvalidProvince', 'NotAllowedCustomerStatus'],
});

/** Repay short link: where to send the customer after the repay-token login. */
export const CustomerForLoginRedirectionGet = defineCall({
  name: 'CustomerForLoginRedirectionGet',
  method: 'GET',
  path: '/api/customer/customerForLoginRedirection',
  auth: 'optional',
  query: z.strictObject({ repayToken: z.string().min(1).max(200) }),
  response: repayLinkCustomerInfoSchema,
  errors: ['TokenNotValid'],
});

export const CustomerGet = defineCall({
  name: 'CustomerGet',
  method: 'GET',
  path: '/api/customer/customer',
  auth: 'customer',
  response: customerSchema,
});

export const CreditLimitGet = defineCall({
  name: 'CreditLimitGet',
  method: 'GET',
  path: '/api/customer/creditlimit',
  auth: 'customer',
  response: creditLimitSchema,
});

/** Update-email modal: replaces the customer's personal email. */
export const AddNewEmailPost = defineCall({
  name: 'AddNewEmailPost',
  method: 'POST',
  path: '/api/customer/communication',
  auth: 'customer',
  body: emailContactPayloadSchema,
  response: ackSchema,
  errors: ['InvalidEmail', 'InvalidEmailWithUpdateRequest', 'EmailNotAvailable'],
});

export const DocumentUploadPost = defineCall({
  name: 'DocumentUploadPost',
  method: 'POST',
  path: '/api/customer/document',
  auth: 'customer',
  long: true,
  multipart: true,
  body: documentUploadPayloadSchema,
  response: documentSchema,
  errors: ['NoDocumentUploaded', 'InvalidFileType', 'DocumentUploadFailed'],
});

export const customerCalls = {
  LightRegisterPost,
  PinValidatePost,
  ResendPinPost,
  ChangeMobilePost,
  SaveAddressPut,
  CustomerForLoginRedirectionGet,
  CustomerGet,
  CreditLimitGet,
  AddNewEmailPost,
  DocumentUploadPost,
} as const;
