import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { StaffPasswordChangePost } from '../../../shared/api/staff.ts';
import { messageOf } from '../../lib/api-error.ts';
import { call, sessionStore } from '../../lib/backoffice-session.ts';
import { PATHS } from '../../lib/paths.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { changePasswordSchema, type ChangePasswordValues } from './schema.ts';
import { PASSWORD_TEXTS } from './texts.ts';

/**
 * `/cambiar-contrasena`: the current password and the new one twice (`StaffPasswordChangePost`). Where the session
 * guard sends a staff member whose password an administrator set (`mustChangePassword`); then the customer search.
 */
export function ChangePasswordPage() {
  const { session } = useStaffSession();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<z.input<typeof changePasswordSchema>, unknown, ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });
  const [save, isSaving] = useSingleFlight(async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    setAlert(null);
    try {
      await call(StaffPasswordChangePost, { body: { currentPassword, newPassword } });
      const staff = sessionStore.getState().session?.staff;
      if (staff) sessionStore.confirm({ ...staff, mustChangePassword: false });
      void navigate(PATHS.customers, { replace: true });
    } catch (error) {
      setAlert(messageOf(error, API_TEXTS.network));
    }
  });

  return (
    <div className="bo-narrow">
      <h1>{PASSWORD_TEXTS.title}</h1>
      <p>{session?.staff.mustChangePassword ? PASSWORD_TEXTS.required : PASSWORD_TEXTS.intro}</p>
      {alert && (
        <p role="alert" className="bo-alert">
          {alert}
        </p>
      )}
      <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
        <FormTextField
          secret
          isRequired
          control={control}
          name="currentPassword"
          label={PASSWORD_TEXTS.currentLabel}
          autoComplete="current-password"
        />
        <FormTextField
          secret
          isRequired
          control={control}
          name="newPassword"
          label={PASSWORD_TEXTS.newLabel}
          description={PASSWORD_TEXTS.newDescription}
          autoComplete="new-password"
        />
        <FormTextField
          secret
          isRequired
          control={control}
          name="repeatPassword"
          label={PASSWORD_TEXTS.repeatLabel}
          autoComplete="new-password"
        />
        <Button type="submit" isLoading={isSaving} loadingLabel={PASSWORD_TEXTS.sending}>
          {PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </div>
  );
}
