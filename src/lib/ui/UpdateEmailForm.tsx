import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UPDATE_EMAIL_TEXTS } from '../../shared/messages-identity.ts';
import { updateEmailSchema } from '../../shared/validators/forms.ts';
import { Button } from './Button.tsx';
import { TextField } from './TextField.tsx';
import { UI_TEXTS } from './ui-texts.ts';

export interface UpdateEmailFormProps {
  defaultEmail: string;
  description?: ReactNode;
  /** Receives the trimmed, valid address. A rejection keeps the form as it is (the caller reports the error). */
  onSubmit: (email: string) => Promise<void>;
}

type UpdateEmailInput = z.input<typeof updateEmailSchema>;
type UpdateEmailOutput = z.output<typeof updateEmailSchema>;

/** The update-email form: emailAddress, required and valid; errors after a failed submit or once touched. */
export function UpdateEmailForm({ defaultEmail, description, onSubmit }: UpdateEmailFormProps) {
  const [isSaving, setSaving] = useState(false);
  /** Guards against a second submit (Enter in the field) while the first one runs. */
  const saving = useRef(false);
  const { control, handleSubmit } = useForm<UpdateEmailInput, unknown, UpdateEmailOutput>({
    resolver: zodResolver(updateEmailSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: defaultEmail },
  });

  const save = async ({ emailAddress }: UpdateEmailOutput) => {
    if (saving.current) return;
    saving.current = true;
    setSaving(true);
    try {
      await onSubmit(emailAddress);
    } catch {
      // The caller's request failed and the caller has shown why (API error dialog): keep the typed address.
    } finally {
      saving.current = false;
      setSaving(false);
    }
  };

  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      {description && <p className="ui-form-intro">{description}</p>}
      <Controller
        control={control}
        name="emailAddress"
        render={({ field, fieldState }) => (
          <TextField
            label={UI_TEXTS.emailLabel}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            type="email"
            inputMode="email"
            autoComplete="email"
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" fullWidth isLoading={isSaving}>
        {UPDATE_EMAIL_TEXTS.submit}
      </Button>
    </form>
  );
}
