import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { credentialsSchema } from './schemas.ts';
import { LOGIN_TEXTS } from './texts.ts';

export type Credentials = z.output<typeof credentialsSchema>;

export interface CredentialsFormProps {
  /** The e-mail typed before (a return to this step keeps it). */
  email: string;
  /** Sends the credentials; the page says what went wrong. */
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** Step 1: 'Correo electrónico' and 'Contraseña', then 'Continuar' (pressed once at a time). */
export function CredentialsForm({ email, onSubmit }: CredentialsFormProps) {
  const { control, handleSubmit } = useForm<z.input<typeof credentialsSchema>, unknown, Credentials>({
    resolver: zodResolver(credentialsSchema),
    mode: 'onTouched',
    defaultValues: { email, password: '' },
  });
  const [send, isSending] = useSingleFlight(onSubmit);
  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
      <FormTextField
        isRequired
        control={control}
        name="email"
        type="email"
        label={LOGIN_TEXTS.emailLabel}
        autoComplete="username"
        inputMode="email"
      />
      <FormTextField
        secret
        isRequired
        control={control}
        name="password"
        label={LOGIN_TEXTS.passwordLabel}
        autoComplete="current-password"
      />
      <Button type="submit" isLoading={isSending} loadingLabel={LOGIN_TEXTS.sending}>
        {LOGIN_TEXTS.continue}
      </Button>
    </form>
  );
}
