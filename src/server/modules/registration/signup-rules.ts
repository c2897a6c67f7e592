import type { SignupPayload } from '../../../shared/api/registration.ts';
import type { BusinessErrorCodeName } from '../../../shared/api/business-error-codes.ts';
import { errorCodes } from '../../../shared/api/errors.ts';
import type { EmploymentStatus, MonthlyIncome } from '../../../shared/statuses.ts';
import { emailSuggestionMessage, suggestEmail } from '../../../shared/validators/email.ts';
// The form's order (shared with the client's form): the first field in error decides the answer.
import {
  makeSignupSchema,
  SIGNUP_FIELD_ORDER as FIELD_ORDER,
  type SignupField,
} from '../../../shared/validators/forms.ts';
import { madridToday, parseIsoDate, toIsoDate } from '../../../shared/validators/madrid-today.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';

/**
 * LightRegisterPost re-validates the signup with the very schema the client's form uses (shared
 * `makeSignupSchema`, "today" from the server clock in Europe/Madrid), so a direct API call gets the same rules,
 * and maps the first field in error (form order) to the business code the spec's register catalogue handles:
 *
 * | field            | code                                                                            |
 * | ---------------- | ------------------------------------------------------------------------------- |
 * | firstName/last…  | InvalidName (Spanish alphabet, required)                                        |
 * | nationalID       | DNINotValid (DNI/NIE pattern and check letter)                                  |
 * | emailAddress     | InvalidEmailWithUpdateRequest when the typo check suggests another address       |
 * |                  | (its message is the spec's 'Email no válido (Quizás quisiste decir: …)'),       |
 * |                  | InvalidEmail otherwise (format)                                                 |
 * | birthDate        | InvalidBirthDate (after today: not a birth date), EligibleAgeError (not 18–75   |
 * |                  | years old today); a malformed date is refused by the contract (400, 'Fecha      |
 * |                  | invalida' on birthDate)                                                         |
 * | mobilePhone      | InvalidPhone (a Spanish mobile for libphonenumber-js)                           |
 * | companyName      | CompanyNameRequired (fullTimeEmployed only)                                     |
 * | password         | InvalidPassword (4–20 characters)                                               |
 * | password2        | PasswordsDoNotMatch                                                             |
 * | acceptPolicy     | TermsNotAccepted                                                                |
 *
 * employmentStatus and monthlyIncome are enumerations the contract already enforces (400 otherwise).
 */

/** The signup as it is stored: normalised by the shared schema (names, DNI/NIE, phone, e-mail in lower case). */
export interface SignupData {
  firstName: string;
  lastName: string;
  email: string;
  nationalId: string;
  birthDate: string;
  phone: string;
  employmentStatus: EmploymentStatus;
  companyName: string | null;
  monthlyIncome: MonthlyIncome;
  password: string;
  acceptMarketing: boolean;
}

const FIXED_CODES: Readonly<Partial<Record<SignupField, BusinessErrorCodeName>>> = {
  firstName: 'InvalidName',
  lastName: 'InvalidName',
  nationalID: 'DNINotValid',
  mobilePhone: 'InvalidPhone',
  companyName: 'CompanyNameRequired',
  password: 'InvalidPassword',
  password2: 'PasswordsDoNotMatch',
  acceptPolicy: 'TermsNotAccepted',
};

/** InvalidEmailWithUpdateRequest carrying the suggestion, in the spec's words for it. */
function emailSuggestionError(suggestion: string): ApiError {
  const { value, status, title } = errorCodes.InvalidEmailWithUpdateRequest;
  return new ApiError('InvalidEmailWithUpdateRequest', value, status, title, emailSuggestionMessage(suggestion));
}

function errorFor(field: SignupField, payload: SignupPayload, now: Date): ApiError {
  if (field === 'emailAddress') {
    const suggestion = suggestEmail(payload.emailAddress);
    return suggestion === undefined ? new BusinessError('InvalidEmail') : emailSuggestionError(suggestion);
  }
  if (field === 'birthDate') {
    const date = parseIsoDate(payload.birthDate.trim());
    const possible = date !== undefined && toIsoDate(date) <= toIsoDate(madridToday(now));
    return new BusinessError(possible ? 'EligibleAgeError' : 'InvalidBirthDate');
  }
  const code = FIXED_CODES[field];
  // employmentStatus and monthlyIncome have no business code: the contract's enumerations already refused them.
  return code ? new BusinessError(code) : new HttpError('ValidationError');
}

/** The valid, normalised signup, or the business error of its first invalid field. */
export function validateSignup(payload: SignupPayload, now: Date): SignupData {
  const parsed = makeSignupSchema({ now }).safeParse({
    firstName: payload.firstName,
    lastName: payload.lastName,
    emailAddress: payload.emailAddress,
    nationalID: payload.nationalID,
    birthDate: payload.birthDate,
    mobilePhone: payload.mobilePhone,
    employmentStatus: payload.employmentStatus,
    companyName: payload.companyName ?? undefined,
    monthlyIncome: payload.monthlyIncome,
    password: payload.password,
    password2: payload.password2,
    acceptPolicy: payload.acceptPolicy,
    acceptAgreement: payload.acceptAgreement,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const first = FIELD_ORDER.find((field) => fields.has(field));
    throw first ? errorFor(first, payload, now) : new HttpError('ValidationError');
  }
  const form = parsed.data;
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.emailAddress.toLowerCase(),
    nationalId: form.nationalID,
    birthDate: form.birthDate,
    phone: form.mobilePhone,
    employmentStatus: form.employmentStatus,
    // Kept when given (trimmed); required, hence present, for fullTimeEmployed.
    companyName: form.companyName || null,
    monthlyIncome: form.monthlyIncome,
    password: form.password,
    acceptMarketing: form.acceptAgreement ?? false,
  };
}
