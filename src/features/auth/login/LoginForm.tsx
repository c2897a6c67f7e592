import type { BaseSyntheticEvent } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { Checkbox } from '../../../lib/ui/Checkbox.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { PhoneField } from '../../../lib/ui/PhoneField.tsx';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { normalizePhone } from '../../../shared/validators/phone.ts';
import { AUTH_TEXTS } from '../texts.ts';
import type { LoginFormInput, LoginFormOutput } from './use-login-form.ts';

export interface LoginFormProps {
  form: UseFormReturn<LoginFormInput, unknown, LoginFormOutput>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  isSubmitting: boolean;
}

/** The phone (+34) and password fields, 'Recordarme' and '¿Olvidaste tu contraseña?' (carrying the phone). */
export function LoginForm({ form, onSubmit, isSubmitting }: LoginFormProps) {
  const { control } = form;
  const phone = useWatch({ control, name: 'phoneNumber' });
  return (
    <form className="ui-form auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <PhoneField control={control} name="phoneNumber" label={AUTH_TEXTS.phoneLabel} />
      <FormTextField
        secret
        isRequired
        control={control}
        name="password"
        label={AUTH_TEXTS.passwordLabel}
        autoComplete="current-password"
      />
      <div className="auth-form-row">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              isSelected={field.value === true}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            >
              {AUTH_TEXTS.rememberMe}
            </Checkbox>
          )}
        />
        <Link className="auth-link" to={buildPath('loginForgotPin', {}, { phone: normalizePhone(phone ?? '') })}>
          {LOGIN_TEXTS.forgotPassword}
        </Link>
      </div>
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        {AUTH_TEXTS.loginSubmit}
      </Button>
    </form>
  );
}
