import { Button } from '../../../lib/ui/Button.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { useCountdown } from '../../../lib/ui/use-countdown.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { PIN_RESEND_WAIT_MS } from '../../../shared/constants.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { PASSWORD_TEXTS } from '../../../shared/messages-identity.ts';
import { resendPin } from '../api/resend-pin.ts';
import { showFailure } from '../show-failure.ts';
import { OTP_TEXTS } from '../texts.ts';

/**
 * 'No he recibido el PIN' (first document §2, §9): offered once the 60-second wait is over, disabled while the new
 * code is being sent; a sent code starts the wait again and tells the page (`onSent`).
 */
export function ResendCode({ phoneDisplay, onSent }: { phoneDisplay: string; onSent: () => void }) {
  const { secondsLeft, restart } = useCountdown(PIN_RESEND_WAIT_MS);
  const [resend, isSending] = useSingleFlight(async () => {
    try {
      await resendPin();
      restart();
      onSent();
      showToast({ alertType: 'success', content: formatMessage(OTP_TEXTS.resent, { phone: phoneDisplay }) });
    } catch (error) {
      await showFailure(error);
    }
  });

  return (
    <div className="otp-resend">
      {secondsLeft > 0 ? (
        <p className="otp-countdown" role="timer" aria-live="off">
          {formatMessage(OTP_TEXTS.countdown, { seconds: secondsLeft })}
        </p>
      ) : (
        <Button variant="secondary" isLoading={isSending} onPress={() => void resend()}>
          {PASSWORD_TEXTS.pinNotReceived}
        </Button>
      )}
    </div>
  );
}
