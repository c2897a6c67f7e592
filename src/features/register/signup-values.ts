/**
 * The signup form's values as the form holds them (strings from the inputs and selects, booleans from the boxes),
 * what of them is persisted (everything but the passwords), and the payload sent to LightRegisterPost.
 */
import type { Control } from 'react-hook-form';
import type { SignupPayload } from '../../shared/api/registration.ts';
import { requiresCompanyName } from '../../shared/validators/employment.ts';
import { SIGNUP_FIELD_ORDER, type SignupField, type SignupForm } from '../../shared/validators/forms.ts';

export interface SignupFormValues extends Record<SignupField, string | boolean> {
  firstName: string;
  lastName: string;
  nationalID: string;
  emailAddress: string;
  birthDate: string;
  mobilePhone: string;
  employmentStatus: string;
  companyName: string;
  /** The select's value: '' (none chosen), '0' … '3001'. */
  monthlyIncome: string;
  password: string;
  password2: string;
  acceptPolicy: boolean;
  acceptAgreement: boolean;
}

/** The signup form's react-hook-form control (the typed values in, the checked form out). */
export type SignupControl = Control<SignupFormValues, unknown, SignupForm>;

/** Never stored: the passwords stay only in the page's memory. */
const SECRET_FIELDS: ReadonlySet<SignupField> = new Set<SignupField>(['password', 'password2']);

const UID_MAX_LENGTH = 200;

const BOOLEAN_FIELDS: ReadonlySet<SignupField> = new Set<SignupField>(['acceptPolicy', 'acceptAgreement']);

export const emptySignupValues: SignupFormValues = {
  firstName: '',
  lastName: '',
  nationalID: '',
  emailAddress: '',
  birthDate: '',
  mobilePhone: '',
  employmentStatus: '',
  companyName: '',
  monthlyIncome: '',
  password: '',
  password2: '',
  acceptPolicy: false,
  acceptAgreement: false,
};

/** What is persisted of the form (signupFormAtom): every value except the passwords. */
export function persistableSignupValues(values: Partial<SignupFormValues>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const field of SIGNUP_FIELD_ORDER) {
    if (SECRET_FIELDS.has(field)) continue;
    const value = values[field];
    if (typeof value === 'string' || typeof value === 'boolean') kept[field] = value;
  }
  return kept;
}

/**
 * The form's starting values from what was persisted: only known fields of the right type are taken (a stored entry
 * of an older version or a tampered one cannot break the form), never a password.
 */
export function restoredSignupValues(stored: Readonly<Record<string, unknown>> | null | undefined): SignupFormValues {
  const values: SignupFormValues = { ...emptySignupValues };
  if (!stored) return values;
  for (const field of SIGNUP_FIELD_ORDER) {
    if (SECRET_FIELDS.has(field)) continue;
    const value = stored[field];
    if (BOOLEAN_FIELDS.has(field)) {
      if (typeof value === 'boolean') (values as unknown as Record<string, boolean>)[field] = value;
    } else if (typeof value === 'string' && value.length <= 254) {
      (values as unknown as Record<string, string>)[field] = value;
    }
  }
  return values;
}

/** The register payload (first document §3): companyName only for fullTimeEmployed, uId from the campaign. */
export function signupPayload(form: SignupForm, uId: string | undefined): SignupPayload {
  const payload: SignupPayload = {
    firstName: form.firstName,
    lastName: form.lastName,
    emailAddress: form.emailAddress,
    nationalID: form.nationalID,
    birthDate: form.birthDate,
    mobilePhone: form.mobilePhone,
    employmentStatus: form.employmentStatus,
    monthlyIncome: form.monthlyIncome,
    password: form.password,
    password2: form.password2,
    acceptPolicy: form.acceptPolicy,
    acceptAgreement: form.acceptAgreement === true,
  };
  if (requiresCompanyName(form.employmentStatus) && form.companyName) payload.companyName = form.companyName;
  // The contract bounds uId at 200 characters; a longer (tampered) campaign id is left out rather than refused.
  if (uId && uId.length <= UID_MAX_LENGTH) payload.uId = uId;
  return payload;
}
