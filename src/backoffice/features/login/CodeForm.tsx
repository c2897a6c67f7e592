import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { codeSchema } from './schemas.ts';
import { LOGIN_TEXTS } from './texts.ts';

export interface CodeFormProps {
  /** Sends the code; resolves true when the code was refused (the field is emptied for the next one). */
  onSubmit: (code: string) => Promise<boolean>;
}

/** Step 2: 'Código de verificación' (6 digits, the phone's one-time-code keyboard and autofill), 'Iniciar sesión'. */
export function CodeForm({ onSubmit }: CodeFormProps) {
  const { control, handleSubmit, reset, setFocus } = useForm<
    z.input<typeof codeSchema>,
    unknown,
    z.output<typeof codeSchema>
  >({
    resolver: zodResolver(codeSchema),
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const [send, isSending] = useSingleFlight(async ({ code }: z.output<typeof codeSchema>) => {
    if (await onSubmit(code)) {
      reset({ code: '' });
      setFocus('code');
    }
  });
  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
      <FormTextField
        isRequired
        control={control}
        name="code"
        label={LOGIN_TEXTS.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="bo-code-field"
      />
      <Button type="submit" isLoading={isSending} loadingLabel={LOGIN_TEXTS.sending}>
        {LOGIN_TEXTS.submit}
      </Button>
    </form>
  );
}
