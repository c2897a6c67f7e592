import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { useCountdown } from '../../../lib/ui/use-countdown.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { ForgotPinPost } from '../../../shared/api/registration.ts';
import { COUNTRY_CODE, PIN_RESEND_WAIT_MS } from '../../../shared/constants.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { PASSWORD_TEXTS } from '../../../shared/messages-identity.ts';
import { requestPin } from '../api/forgot-pin.ts';
import { AUTH_TEXTS } from '../texts.ts';

export interface PinResendProps {
  /** The phone to send the new PIN to, once its field is valid; undefined when it is not (the field says why). */
  getPhone: () => Promise<string | undefined>;
  /** A new PIN is on its way. */
  onSent: () => void;
}

/**
 * 'No he recibido el PIN' (first document §2, §4, §8): shown once the 60-second wait since the last PIN is over,
 * disabled while sending. It asks ForgotPinPost again; an error code shows its message in a dialog, any other
 * failure the toast 'Could not send pin.' (the shell's generic dialogs are skipped for this call).
 */
export function PinResend({ getPhone, onSent }: PinResendProps) {
  const { secondsLeft, restart } = useCountdown(PIN_RESEND_WAIT_MS);
  // One request at a time: the button is disabled while sending, and a double tap cannot send twice.
  const [resend, isSending] = useSingleFlight(async (): Promise<void> => {
    try {
      const phone = await getPhone();
      if (phone === undefined) return;
      await requestPin(
        { mobilePhone: phone, countryCode: COUNTRY_CODE, redirect: 'resetPassword' },
        { ignoreErrors: true },
      );
      restart();
      showToast({ alertType: 'success', content: AUTH_TEXTS.pinResent });
      onSent();
    } catch (error) {
      if (isBusinessError(error, ForgotPinPost)) {
        const [first] = error.errors;
        void openDialog({ type: 'warning', title: first?.title, content: first?.message ?? '' });
      } else {
        if (!isApiError(error)) console.error('ForgotPinPost (resend) failed unexpectedly', error);
        showToast({ alertType: 'error', content: PASSWORD_TEXTS.couldNotSendPin });
      }
    }
  });

  return (
    <div className="auth-resend">
      {secondsLeft > 0 ? (
        <p className="auth-resend-wait">{formatMessage(AUTH_TEXTS.resendCountdown, { seconds: secondsLeft })}</p>
      ) : (
        <Button
          variant="secondary"
          fullWidth
          isLoading={isSending}
          loadingLabel={AUTH_TEXTS.pinSending}
          onPress={() => void resend()}
        >
          {PASSWORD_TEXTS.pinNotReceived}
        </Button>
      )}
    </div>
  );
}
