import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LENGTHS } from '../../shared/constants.ts';
import { oneTimeCodeSchema } from '../../shared/validators/password.ts';
import { Button } from './Button.tsx';
import { TextField } from './TextField.tsx';
import { useWebOtp } from './use-web-otp.ts';
import './one-time-code-form.css';

const codeSchema = z.object({ code: oneTimeCodeSchema });
type CodeValues = z.output<typeof codeSchema>;

export interface OneTimeCodeFormProps {
  /** The input's name (the OTP page's is the spec's `pin`). */
  name: string;
  label: string;
  description: string;
  submitLabel: string;
  /** Changes each time a new code is sent: the browser is asked again for the SMS code (WebOTP). */
  codeRound: number;
  /**
   * Sends the code (upper case). A refusal to show on the field is a message it returns; anything else it handles
   * itself and returns nothing.
   */
  submit: (code: string) => Promise<string | undefined>;
}

/**
 * The 4-character SMS code (the one-time code schema: 4 letters or digits), `autocomplete="one-time-code"`, filled
 * and sent by itself where the WebOTP API hands the code over. Used by the OTP page and the handover page.
 */
export function OneTimeCodeForm({ name, label, description, submitLabel, codeRound, submit }: OneTimeCodeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<{ code: string }, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  useWebOtp((code) => {
    setValue('code', code.toUpperCase(), { shouldDirty: true, shouldTouch: true });
    formRef.current?.requestSubmit();
  }, codeRound);

  const send = async ({ code }: CodeValues) => {
    const refusal = await submit(code.toUpperCase());
    if (refusal !== undefined) setError('code', { type: 'server', message: refusal }, { shouldFocus: true });
  };

  return (
    <form
      ref={formRef}
      className="ui-form one-time-code-form"
      noValidate
      onSubmit={(event) => void handleSubmit(send)(event)}
    >
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <TextField
            label={label}
            description={description}
            name={name}
            value={field.value}
            onChange={(value) => field.onChange(value.toUpperCase())}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoComplete="one-time-code"
            inputMode="text"
            autoCorrect="off"
            spellCheck="false"
            maxLength={LENGTHS.oneTimeCode}
            className="one-time-code"
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
