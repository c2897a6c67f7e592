import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { ValidateAndChangePasswordPost } from '../../../shared/api/registration.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { landingFor } from '../../../shared/routes/access.ts';
import { resetPasswordSchema } from '../../../shared/validators/forms.ts';
import { resetPassword } from '../api/reset-password.ts';
import { beginSession } from '../session.ts';
import { requestPasswordUpdate } from '../update-password/update-password-store.ts';

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordOutput = z.output<typeof resetPasswordSchema>;

/** Codes about the PIN itself: after their dialog the PIN field gets the focus, to type it again. */
const PIN_CODES = new Set([
  'PinNotValid',
  'PinExpired',
  'PinNotValidLastAttempt',
  'PinNotValidWithRemainingAttemptCount',
]);

/**
 * The reset form (first document §3, §4, §8): ValidateAndChangePasswordPost { mobilePhone, pin, password,
 * password2, countryCode }. Success starts the session with the answered token and opens the status's landing page
 * in place of the reset page; an error shows its first message in a dialog and the typed values stay.
 */
export function useResetPasswordForm(defaults: { phone: string; pin: string }) {
  const store = useStore();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput, unknown, ResetPasswordOutput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { mobilePhone: defaults.phone, pin: defaults.pin, password: '', password2: '' },
  });

  // One submit at a time (a second Enter or tap while the first runs is ignored).
  const [submit, isSubmitting] = useSingleFlight(async (values: ResetPasswordOutput): Promise<void> => {
    try {
      const session = await resetPassword({ ...values, countryCode: COUNTRY_CODE });
      const passwordRequired = await beginSession(store, session);
      navigate(landingFor(session.customerDetails.status), { replace: true });
      if (passwordRequired) requestPasswordUpdate();
    } catch (error) {
      if (!isApiError(error)) console.error('Password reset failed unexpectedly', error);
      if (!isBusinessError(error, ValidateAndChangePasswordPost)) return; // shown by the shell's global handling
      const [first] = error.errors;
      void openDialog({ type: 'warning', title: first?.title, content: first?.message ?? '' }).then(() => {
        if (first && PIN_CODES.has(first.code.name)) form.setFocus('pin');
      });
    }
  });

  return { form, submit: form.handleSubmit(submit), isSubmitting };
}
