import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UPDATE_EMAIL_TEXTS } from '../../shared/messages-identity.ts';
import { updateEmailSchema } from '../../shared/validators/forms.ts';
import { Button } from './Button.tsx';
import { FormTextField } from './FormTextField.tsx';
import { UI_TEXTS } from './ui-texts.ts';
import { useSingleFlight } from './use-single-flight.ts';

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
  const { control, handleSubmit } = useForm<UpdateEmailInput, unknown, UpdateEmailOutput>({
    resolver: zodResolver(updateEmailSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: defaultEmail },
  });

  // One save at a time (a second Enter in the field while the first runs is ignored).
  const [save, isSaving] = useSingleFlight(async ({ emailAddress }: UpdateEmailOutput) => {
    try {
      await onSubmit(emailAddress);
    } catch {
      // The caller's request failed and the caller has shown why (API error dialog): keep the typed address.
    }
  });

  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      {description && <p className="ui-form-intro">{description}</p>}
      <FormTextField
        control={control}
        name="emailAddress"
        label={UI_TEXTS.emailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        isRequired
      />
      <Button type="submit" fullWidth isLoading={isSaving}>
        {UPDATE_EMAIL_TEXTS.submit}
      </Button>
    </form>
  );
}
