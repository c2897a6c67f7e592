/**
 * What the OTP page does with a refused code (PinValidatePost): the code errors go on the field, MemberBlocked opens a
 * dialog that leads to the PIN recovery or the login (the server has ended every session of a blocked member),
 * anything else is an 'Aviso'.
 */
import { isBusinessError, type ApiError } from '../../lib/api/errors.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { PinValidatePost } from '../../shared/api/registration.ts';
import { businessErrorCodes } from '../../shared/api/business-error-codes.ts';
import { LOGIN_TEXTS } from '../../shared/messages-identity.ts';
import { showFailure } from './show-failure.ts';
import { OTP_TEXTS } from './texts.ts';

type PinErrorCode = (typeof PinValidatePost.errors)[number];

/** The code errors shown on the field, the most telling first (attempts left before "not valid"). */
const FIELD_CODES = [
  'PinNotValidLastAttempt',
  'PinNotValidWithRemainingAttemptCount',
  'PinExpired',
  'PinNotValid',
] as const satisfies readonly PinErrorCode[];

const messageOf = (error: ApiError<PinErrorCode>, code: PinErrorCode): string =>
  error.find(code)?.message || businessErrorCodes[code].message;

export interface PinErrorActions {
  setCodeError(message: string): void;
  /** The member is blocked: end the session here and go to forgot-PIN (true) or to login (false). */
  blocked(toForgotPin: boolean): void;
  /** The customer's status changed elsewhere (confirmed in another tab): refresh it. */
  statusChanged(): void;
}

export async function handlePinError(error: unknown, actions: PinErrorActions): Promise<void> {
  if (!isBusinessError(error, PinValidatePost)) {
    await showFailure(error);
    return;
  }
  const fieldCode = FIELD_CODES.find((code) => error.has(code));
  if (fieldCode !== undefined) {
    actions.setCodeError(messageOf(error, fieldCode));
    return;
  }
  if (error.has('MemberBlocked')) {
    const toForgotPin = await openDialog({
      id: 'otp-member-blocked',
      type: 'error',
      content: messageOf(error, 'MemberBlocked'),
      buttonYes: LOGIN_TEXTS.forgotPassword,
      showButtonNo: true,
      buttonNo: OTP_TEXTS.login,
      isDismissable: false,
    });
    actions.blocked(toForgotPin);
    return;
  }
  if (error.has('NotAllowedCustomerStatus')) actions.statusChanged();
  await showFailure(error);
}
