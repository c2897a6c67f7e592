import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { changePasswordSchema } from '../../../shared/validators/forms.ts';
import { AUTH_TEXTS } from '../texts.ts';

type ChangePasswordInput = z.input<typeof changePasswordSchema>;
type ChangePasswordOutput = z.output<typeof changePasswordSchema>;

export interface UpdatePasswordFormProps {
  /** Saves the new password. A rejection keeps the form with what was typed (the caller has said why). */
  onSubmit: (newPassword: string) => Promise<void>;
}

/** The new password and its confirmation ('Los campos no coinciden'), 4 to 20 characters. */
export function UpdatePasswordForm({ onSubmit }: UpdatePasswordFormProps) {
  const { control, handleSubmit } = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', newPassword2: '' },
  });

  // One save at a time (a second Enter while the first runs is ignored).
  const [save, isSaving] = useSingleFlight(async ({ newPassword }: ChangePasswordOutput) => {
    try {
      await onSubmit(newPassword);
    } catch {
      // Kept open with the typed values; the caller has shown why.
    }
  });

  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <p className="ui-form-intro">{AUTH_TEXTS.updatePasswordIntro}</p>
      <FormTextField
        secret
        isRequired
        control={control}
        name="newPassword"
        label={AUTH_TEXTS.newPasswordLabel}
        autoComplete="new-password"
      />
      <FormTextField
        secret
        isRequired
        control={control}
        name="newPassword2"
        label={AUTH_TEXTS.repeatPasswordLabel}
        autoComplete="new-password"
      />
      <Button type="submit" fullWidth isLoading={isSaving}>
        {AUTH_TEXTS.updatePasswordSubmit}
      </Button>
    </form>
  );
}
