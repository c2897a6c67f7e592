import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';
import { FormTextField } from '../../lib/ui/FormTextField.tsx';
import { PhoneField } from '../../lib/ui/PhoneField.tsx';
import { useWebOtp } from '../../lib/ui/use-web-otp.ts';
import { LENGTHS } from '../../shared/constants.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { normalizePhone } from '../../shared/validators/phone.ts';
import { PinResend } from './reset-password/PinResend.tsx';
import { useResetPasswordForm } from './reset-password/use-reset-password-form.ts';
import { AUTH_TEXTS } from './texts.ts';
import './auth.css';

/**
 * Reset password (`/login/reset-password?phone&pin`; first document §2, §4, §8): the PIN from the SMS (filled in
 * from the query, or offered by the browser from the SMS through the Web OTP API), the new password and its
 * confirmation; 'No he recibido el PIN' after the 60-second wait. Serves the route key `loginResetPassword`.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const { form, submit, isSubmitting } = useResetPasswordForm({
    phone: searchParams.get('phone') ?? '',
    pin: searchParams.get('pin') ?? '',
  });
  const [otpRound, setOtpRound] = useState(0);
  const phone = useWatch({ control: form.control, name: 'mobilePhone' });

  useWebOtp((code) => form.setValue('pin', code, { shouldValidate: true, shouldDirty: true }), otpRound);

  const phoneForResend = async (): Promise<string | undefined> =>
    (await form.trigger('mobilePhone', { shouldFocus: true }))
      ? normalizePhone(form.getValues('mobilePhone'))
      : undefined;

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="page-title">
        <h1 id="page-title">{routes.loginResetPassword.title}</h1>
        <form className="ui-form auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <p className="ui-form-intro">{AUTH_TEXTS.resetIntro}</p>
          <PhoneField control={form.control} name="mobilePhone" label={AUTH_TEXTS.phoneLabel} />
          <FormTextField
            control={form.control}
            name="pin"
            label={AUTH_TEXTS.pinLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LENGTHS.pin}
            isRequired
          />
          <FormTextField
            secret
            isRequired
            control={form.control}
            name="password"
            label={AUTH_TEXTS.newPasswordLabel}
            autoComplete="new-password"
          />
          <FormTextField
            secret
            isRequired
            control={form.control}
            name="password2"
            label={AUTH_TEXTS.repeatPasswordLabel}
            autoComplete="new-password"
          />
          <Button type="submit" fullWidth isLoading={isSubmitting}>
            {AUTH_TEXTS.resetSubmit}
          </Button>
        </form>
        <PinResend
          getPhone={phoneForResend}
          onSent={() => {
            setOtpRound((round) => round + 1);
            form.setFocus('pin');
          }}
        />
        <p className="auth-footer-link">
          <Link className="auth-link" to={buildPath('login', {}, { phone: normalizePhone(phone ?? '') })}>
            {AUTH_TEXTS.backToLogin}
          </Link>
        </p>
      </section>
    </div>
  );
}
