import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { useWebOtp } from '../../../lib/ui/use-web-otp.ts';
import { TextField } from '../../../lib/ui/TextField.tsx';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { LENGTHS } from '../../../shared/constants.ts';
import { oneTimeCodeSchema } from '../../../shared/validators/password.ts';
import { validatePin } from '../api/validate-pin.ts';
import { handlePinError, type PinErrorActions } from '../pin-errors.ts';
import { OTP_TEXTS } from '../texts.ts';

const otpSchema = z.object({ pin: oneTimeCodeSchema });
type OtpValues = z.output<typeof otpSchema>;

export interface OtpFormProps {
  /** The code was right: the customer's new details (status preRegistered). */
  onConfirmed: (memberDetails: MemberDetails) => Promise<void> | void;
  onBlocked: PinErrorActions['blocked'];
  onStatusChanged: PinErrorActions['statusChanged'];
  /** Changes each time a new code is sent: the browser is asked again for the SMS code. */
  codeRound: number;
}

/**
 * The 4-character SMS code (the one-time code schema: 4 letters or digits), `autocomplete="one-time-code"`, filled
 * and sent by itself where the WebOTP API hands the code over.
 */
export function OtpForm({ onConfirmed, onBlocked, onStatusChanged, codeRound }: OtpFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<{ pin: string }, unknown, OtpValues>({
    resolver: zodResolver(otpSchema),
    mode: 'onTouched',
    defaultValues: { pin: '' },
  });

  useWebOtp((code) => {
    setValue('pin', code.toUpperCase(), { shouldDirty: true, shouldTouch: true });
    formRef.current?.requestSubmit();
  }, codeRound);

  const confirm = async ({ pin }: OtpValues) => {
    let memberDetails: MemberDetails;
    try {
      memberDetails = await validatePin(pin.toUpperCase());
    } catch (error) {
      await handlePinError(error, {
        setCodeError: (message) => setError('pin', { type: 'server', message }, { shouldFocus: true }),
        blocked: onBlocked,
        statusChanged: onStatusChanged,
      });
      return;
    }
    await onConfirmed(memberDetails);
  };

  return (
    <form ref={formRef} className="ui-form otp-form" noValidate onSubmit={(event) => void handleSubmit(confirm)(event)}>
      <Controller
        control={control}
        name="pin"
        render={({ field, fieldState }) => (
          <TextField
            label={OTP_TEXTS.codeLabel}
            description={OTP_TEXTS.codeHint}
            name={field.name}
            value={field.value}
            onChange={(value) => field.onChange(value.toUpperCase())}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoComplete="one-time-code"
            inputMode="text"
            autoCorrect="off"
            spellCheck="false"
            maxLength={LENGTHS.oneTimeCode}
            className="otp-code"
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {OTP_TEXTS.confirm}
      </Button>
    </form>
  );
}
