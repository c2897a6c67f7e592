import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { landingFor } from '../../../shared/routes/access.ts';
import { loginSchema } from '../../../shared/validators/forms.ts';
import { login } from '../api/login.ts';
import { beginSession } from '../session.ts';
import { requestPasswordUpdate } from '../update-password/update-password-store.ts';
import { handleLoginError } from './login-errors.ts';
import { safeRedirectPath } from './redirect-target.ts';

export type LoginFormInput = z.input<typeof loginSchema>;
export type LoginFormOutput = z.output<typeof loginSchema>;

/**
 * The login form's state and its submit (first document §3, §4, §8): LoginPost { phoneNumber, password,
 * rememberMe, countryCode }; on success the session starts, the page of `redirectTo` (an app path only) or the
 * status's landing page replaces the login page in the history, and the update-password modal opens over it when
 * customerDetails.passwordRequired. Errors are handled per code; the typed values stay.
 */
export function useLoginForm(defaultPhone: string, redirectTo: string | null) {
  const store = useStore();
  const navigate = useNavigate();
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { phoneNumber: defaultPhone, password: '', rememberMe: false },
  });

  // One submit at a time (a second Enter or tap while the first runs is ignored).
  const [submit, isSubmitting] = useSingleFlight(async (values: LoginFormOutput): Promise<void> => {
    try {
      const rememberMe = values.rememberMe ?? false;
      const session = await login({
        phoneNumber: values.phoneNumber,
        password: values.password,
        rememberMe,
        countryCode: COUNTRY_CODE,
      });
      const passwordRequired = await beginSession(store, session, { rememberMe });
      navigate(safeRedirectPath(redirectTo) ?? landingFor(session.customerDetails.status), { replace: true });
      if (passwordRequired) requestPasswordUpdate();
    } catch (error) {
      handleLoginError(error, {
        phone: values.phoneNumber,
        setFieldError: (field, message, { focus }) =>
          form.setError(field, { type: 'server', message }, { shouldFocus: focus }),
        focusField: (field) => form.setFocus(field),
        navigate: (to) => navigate(to),
      });
    }
  });

  return { form, submit: form.handleSubmit(submit), isSubmitting };
}
