/** Validators of the shared domain: zod schemas carrying the spec's Spanish messages, and their pure checks. */
export { REQUIRED_MESSAGE, isFilled, requiredId, requiredRawString, requiredString, requiredTrue } from './required.ts';
export {
  anyPhoneSchema,
  isMobilePhone,
  isSpanishPhone,
  mobilePhoneSchema,
  normalizePhone,
  phoneNumberType,
  toE164,
} from './phone.ts';
export {
  oneTimeCodeSchema,
  passwordConfirmationSchema,
  passwordSchema,
  resetPinSchema,
  withConfirmation,
} from './password.ts';
export { firstNameSchema, isSpanishName, lastNameSchema, personNameSchema } from './name.ts';
export {
  dniCheckLetter,
  isValidCif,
  isValidDni,
  isValidNie,
  nationalIdKind,
  nationalIdSchema,
  normalizeNationalId,
  taxIdSchema,
} from './national-id.ts';
export type { NationalIdKind } from './national-id.ts';
export { emailSchema, emailSuggestionMessage, makeEmailSchema, plainEmailSchema, suggestEmail } from './email.ts';
export type { EmailSchemaOptions } from './email.ts';
export { birthDateBounds, birthDateSchema, makeBirthDateSchema } from './birth-date.ts';
export type { BirthDateBounds } from './birth-date.ts';
export {
  companyNameSchema,
  employmentStatusFieldSchema,
  monthlyIncomeFieldSchema,
  requiresCompanyName,
  withCompanyNameRule,
} from './employment.ts';
export { isValidPostcode, postcodeSchema, provinceForPostcode, provincesByCode } from './postcode.ts';
export { formatIban, ibanSchema, isValidSpanishIban, normalizeIban } from './iban.ts';
export {
  cardNumberSchema,
  cardSchema,
  cvvSchema,
  expiryMonthSchema,
  expiryMonths,
  expiryYearSchema,
  expiryYears,
  isUsableExpiry,
  isValidCardNumber,
  makeCardSchema,
  normalizeCardNumber,
  passesLuhn,
} from './card.ts';
export {
  CARD_PROOF_ACCEPT,
  canPreviewImage,
  cardProofSchema,
  fileExtension,
  fileRuleError,
  isFileLike,
  makeFileSchema,
} from './file.ts';
export type { FileLike, FileRules } from './file.ts';
export {
  addressSchema,
  changePasswordSchema,
  forgotPinSchema,
  loginSchema,
  makeSignupSchema,
  phoneCheckSchema,
  resetPasswordSchema,
  signupSchema,
  updateEmailSchema,
} from './forms.ts';
export type {
  AddressForm,
  ChangePasswordForm,
  ForgotPinForm,
  LoginForm,
  PhoneCheckForm,
  ResetPasswordForm,
  SignupForm,
  SignupFormInput,
  SignupSchemaOptions,
  UpdateEmailForm,
} from './forms.ts';
