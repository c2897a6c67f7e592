import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';
import { PhoneField } from '../../lib/ui/PhoneField.tsx';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { normalizePhone } from '../../shared/validators/phone.ts';
import { useForgotPinForm } from './forgot-pin/use-forgot-pin-form.ts';
import { AUTH_TEXTS } from './texts.ts';
import './auth.css';

/**
 * Forgot PIN (`/login/forgot-pin`, query phone; first document §2, §8): asks for the mobile number and sends a PIN
 * by SMS to reset the password. Serves the route key `loginForgotPin`.
 */
export default function ForgotPinPage() {
  const [searchParams] = useSearchParams();
  const { form, submit, isSubmitting } = useForgotPinForm(searchParams.get('phone') ?? '');
  const phone = useWatch({ control: form.control, name: 'mobilePhone' });
  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="page-title">
        <h1 id="page-title">{routes.loginForgotPin.title}</h1>
        <form className="ui-form auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <p className="ui-form-intro">{AUTH_TEXTS.forgotPinIntro}</p>
          <PhoneField control={form.control} name="mobilePhone" label={AUTH_TEXTS.phoneLabel} />
          <Button type="submit" fullWidth isLoading={isSubmitting}>
            {AUTH_TEXTS.forgotPinSubmit}
          </Button>
        </form>
        <p className="auth-footer-link">
          <Link className="auth-link" to={buildPath('login', {}, { phone: normalizePhone(phone ?? '') })}>
            {AUTH_TEXTS.backToLogin}
          </Link>
        </p>
      </section>
    </div>
  );
}
