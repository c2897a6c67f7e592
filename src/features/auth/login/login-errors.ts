import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { LoginPost } from '../../../shared/api/membership.ts';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath, toQueryString } from '../../../shared/routes/paths.ts';
import { CUSTOMER_NOT_FOUND_QUERY } from '../texts.ts';

/** How long after the wrong-password dialog the attempts left appear on the password field (first document §8). */
export const ATTEMPTS_MESSAGE_DELAY_MS = 200;

export type LoginField = 'phoneNumber' | 'password';

export interface LoginErrorContext {
  /** The phone of the attempt (9 digits), carried to forgot-PIN and registration. */
  readonly phone: string;
  readonly setFieldError: (field: LoginField, message: string, options: { focus: boolean }) => void;
  readonly focusField: (field: LoginField) => void;
  readonly navigate: (to: string) => void;
}

/** The register page after an unknown phone: the phone and the agreed `customerNotFound=1` flag. */
export function registerAfterCustomerNotFound(phone: string): string {
  return `${buildPath('register')}${toQueryString({ phone, [CUSTOMER_NOT_FOUND_QUERY]: 1 })}`;
}

/**
 * The login errors of the first document §8, by code. Failures that are not business errors (offline, 429, 500, …)
 * were already shown by the shell's global handling: nothing more here, and the form keeps what was typed.
 */
export function handleLoginError(error: unknown, context: LoginErrorContext): void {
  if (!isApiError(error)) console.error('Login failed unexpectedly', error);
  if (!isBusinessError(error, LoginPost)) return;
  const { phone, setFieldError, focusField, navigate } = context;

  const wrongPassword = error.find('WrongPasswordException');
  if (wrongPassword) {
    const attempts = error.errors.find(
      (item) =>
        item.code.name === 'PinNotValidLastAttempt' || item.code.name === 'PinNotValidWithRemainingAttemptCount',
    );
    const answered = openDialog({ type: 'warning', title: wrongPassword.title, content: wrongPassword.message });
    if (attempts) {
      setTimeout(() => setFieldError('password', attempts.message, { focus: false }), ATTEMPTS_MESSAGE_DELAY_MS);
    }
    void answered.then(() => focusField('password'));
    return;
  }

  const blocked = error.find('MemberBlocked');
  if (blocked) {
    void openDialog({
      type: 'warning',
      title: blocked.title,
      content: blocked.message,
      buttonYes: LOGIN_TEXTS.forgotPassword,
    }).then((recover) => {
      if (recover) navigate(buildPath('loginForgotPin', {}, { phone }));
    });
    return;
  }

  if (error.has('CustomerNotFound')) {
    navigate(registerAfterCustomerNotFound(phone));
    return;
  }

  const notAllowed = error.find('MemberNotAllowedToLoginWithPasswordException');
  if (notAllowed) {
    setFieldError('password', notAllowed.message, { focus: true });
    return;
  }

  const notFound = error.find('MemberNotFoundException');
  if (notFound) {
    setFieldError('phoneNumber', notFound.message, { focus: true });
    return;
  }

  const alreadyRegistered = error.find('CustomerAlreadyRegistered');
  if (alreadyRegistered) {
    void openDialog({ type: 'warning', title: alreadyRegistered.title, content: alreadyRegistered.message });
    return;
  }

  const [first] = error.errors;
  void openDialog({ type: 'warning', title: LOGIN_TEXTS.errorTitle, content: first?.message ?? '' });
}
