import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { landingFor } from '../../../shared/routes.ts';
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
  const [isSubmitting, setSubmitting] = useState(false);
  const submitting = useRef(false);
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { phoneNumber: defaultPhone, password: '', rememberMe: false },
  });

  const submit = async (values: LoginFormOutput): Promise<void> => {
    if (submitting.current) return;
    submitting.current = true;
    setSubmitting(true);
    try {
      const session = await login({
        phoneNumber: values.phoneNumber,
        password: values.password,
        rememberMe: values.rememberMe ?? false,
        countryCode: COUNTRY_CODE,
      });
      const passwordRequired = await beginSession(store, session);
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
    } finally {
      submitting.current = false;
      setSubmitting(false);
    }
  };

  return { form, submit: form.handleSubmit(submit), isSubmitting };
}
