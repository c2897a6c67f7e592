import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { changePasswordSchema } from '../../../shared/validators/forms.ts';
import { PasswordInput } from '../fields/PasswordInput.tsx';
import { AUTH_TEXTS } from '../texts.ts';

type ChangePasswordInput = z.input<typeof changePasswordSchema>;
type ChangePasswordOutput = z.output<typeof changePasswordSchema>;

export interface UpdatePasswordFormProps {
  /** Saves the new password. A rejection keeps the form with what was typed (the caller has said why). */
  onSubmit: (newPassword: string) => Promise<void>;
}

/** The new password and its confirmation ('Los campos no coinciden'), 4 to 20 characters. */
export function UpdatePasswordForm({ onSubmit }: UpdatePasswordFormProps) {
  const [isSaving, setSaving] = useState(false);
  const saving = useRef(false);
  const { control, handleSubmit } = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', newPassword2: '' },
  });

  const save = async ({ newPassword }: ChangePasswordOutput) => {
    if (saving.current) return;
    saving.current = true;
    setSaving(true);
    try {
      await onSubmit(newPassword);
    } catch {
      // Kept open with the typed values; the caller has shown why.
    } finally {
      saving.current = false;
      setSaving(false);
    }
  };

  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <p className="ui-form-intro">{AUTH_TEXTS.updatePasswordIntro}</p>
      <PasswordInput
        control={control}
        name="newPassword"
        label={AUTH_TEXTS.newPasswordLabel}
        autoComplete="new-password"
      />
      <PasswordInput
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
