import { OneTimeCodeForm } from '../../../lib/ui/OneTimeCodeForm.tsx';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { validatePin } from '../api/validate-pin.ts';
import { handlePinError, type PinErrorActions } from '../pin-errors.ts';
import { OTP_TEXTS } from '../texts.ts';

export interface OtpFormProps {
  /** The code was right: the customer's new details (status preRegistered). */
  onConfirmed: (memberDetails: MemberDetails) => Promise<void> | void;
  onBlocked: PinErrorActions['blocked'];
  onStatusChanged: PinErrorActions['statusChanged'];
  /** Changes each time a new code is sent: the browser is asked again for the SMS code. */
  codeRound: number;
}

/** The registration code (PinValidatePost): its refusals on the field, a blocked member's dialog, the rest an 'Aviso'. */
export function OtpForm({ onConfirmed, onBlocked, onStatusChanged, codeRound }: OtpFormProps) {
  const confirm = async (pin: string): Promise<string | undefined> => {
    let memberDetails: MemberDetails;
    try {
      memberDetails = await validatePin(pin);
    } catch (error) {
      let refusal: string | undefined;
      await handlePinError(error, {
        setCodeError: (message) => (refusal = message),
        blocked: onBlocked,
        statusChanged: onStatusChanged,
      });
      return refusal;
    }
    await onConfirmed(memberDetails);
    return undefined;
  };

  return (
    <OneTimeCodeForm
      name="pin"
      label={OTP_TEXTS.codeLabel}
      description={OTP_TEXTS.codeHint}
      submitLabel={OTP_TEXTS.confirm}
      codeRound={codeRound}
      submit={confirm}
    />
  );
}
