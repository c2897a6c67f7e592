/**
 * What the register page does with a failed LightRegisterPost (first document §8 "Register"):
 * - InvalidEmail, InvalidEmailWithUpdateRequest, EmailNotAvailable: a modal with the message and the message on the
 *   emailAddress field;
 * - DNINotValid: a modal and the message on nationalID;
 * - CustomerAlreadyRegistered: a confirm dialog whose button 'Inicia sesión' goes to login with the phone;
 * - any other code: a modal titled 'Aviso' with the message (and, where the code names a field, the message on it).
 * Failures the global catalogue handles (offline, timeout, 401, 404, 429, 5xx) show nothing more here.
 */
import { globalOutcomeFor } from '../../lib/api/error-catalogue.ts';
import { isApiError, isBusinessError, type ApiError } from '../../lib/api/errors.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { LightRegisterPost } from '../../shared/api/registration.ts';
import { businessErrorCodes } from '../../shared/api/business-error-codes.ts';
import { REGISTER_TEXTS } from '../../shared/messages-identity.ts';
import type { SignupField } from '../../shared/validators/forms.ts';
import { REGISTER_ERROR_TEXTS } from './texts.ts';

type RegisterErrorCode = (typeof LightRegisterPost.errors)[number];

/** Codes shown on a field besides the modal. */
const FIELD_OF_CODE: Partial<Record<RegisterErrorCode, SignupField>> = {
  InvalidEmail: 'emailAddress',
  InvalidEmailWithUpdateRequest: 'emailAddress',
  EmailNotAvailable: 'emailAddress',
  DNINotValid: 'nationalID',
  PhoneAlreadyRegistered: 'mobilePhone',
  InvalidPhone: 'mobilePhone',
  EligibleAgeError: 'birthDate',
  InvalidBirthDate: 'birthDate',
  CompanyNameRequired: 'companyName',
  InvalidPassword: 'password',
  PasswordsDoNotMatch: 'password2',
  TermsNotAccepted: 'acceptPolicy',
};

export interface RegisterErrorActions {
  /** Shows a message under a field of the form. */
  setFieldError(field: SignupField, message: string): void;
  /** Goes to the login page with the phone filled in. */
  goToLogin(): void;
}

/** The message of the answer's item for this code, or the code's own text when the answer has none. */
const messageOf = (error: ApiError<RegisterErrorCode>, code: RegisterErrorCode): string =>
  error.find(code)?.message || businessErrorCodes[code].message;

export async function handleRegisterError(error: unknown, actions: RegisterErrorActions): Promise<void> {
  if (isBusinessError(error, LightRegisterPost)) {
    const code = error.codes.find((name): name is RegisterErrorCode =>
      (LightRegisterPost.errors as readonly string[]).includes(name),
    );
    if (code === undefined) {
      await openDialog({
        type: 'warning',
        title: REGISTER_TEXTS.errorTitle,
        content: error.errors[0]?.message || REGISTER_ERROR_TEXTS.unexpected,
      });
      return;
    }
    const message = messageOf(error, code);
    if (code === 'CustomerAlreadyRegistered') {
      const login = await openDialog({
        type: 'warning',
        title: REGISTER_TEXTS.errorTitle,
        content: message,
        buttonYes: REGISTER_TEXTS.alreadyRegisteredButton,
        showButtonNo: true,
        buttonNo: REGISTER_ERROR_TEXTS.close,
      });
      if (login) actions.goToLogin();
      return;
    }
    const field = FIELD_OF_CODE[code];
    if (field !== undefined) actions.setFieldError(field, message);
    await openDialog({ type: 'warning', title: REGISTER_TEXTS.errorTitle, content: message });
    return;
  }
  // An answer the global catalogue passes through (400, 403, 409, …): tell the customer, keep the form.
  if (isApiError(error) && globalOutcomeFor(error).kind === 'passThrough') {
    await openDialog({
      type: 'warning',
      title: REGISTER_TEXTS.errorTitle,
      content: error.errors[0]?.message || REGISTER_ERROR_TEXTS.unexpected,
    });
    return;
  }
  if (!isApiError(error)) {
    console.error('Registration failed', error);
    await openDialog({ type: 'warning', title: REGISTER_TEXTS.errorTitle, content: REGISTER_ERROR_TEXTS.unexpected });
  }
}
