import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { ForgotPinPost } from '../../../shared/api/registration.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { forgotPinSchema } from '../../../shared/validators/forms.ts';
import { requestPin } from '../api/forgot-pin.ts';

type ForgotPinInput = z.input<typeof forgotPinSchema>;
type ForgotPinOutput = z.output<typeof forgotPinSchema>;

/**
 * The forgot-PIN form (first document §3, §4, §8): ForgotPinPost { mobilePhone, countryCode, redirect:
 * 'resetPassword' }; success opens the reset page with the phone. MemberNotFoundException and CustomerNotFound go
 * on the phone field; any other code shows its message in a dialog. PinRequestTooSoon means a PIN went out less
 * than a minute ago and is still valid: after its dialog the customer continues to the reset page to type it.
 */
export function useForgotPinForm(defaultPhone: string) {
  const navigate = useNavigate();
  const form = useForm<ForgotPinInput, unknown, ForgotPinOutput>({
    resolver: zodResolver(forgotPinSchema),
    mode: 'onTouched',
    defaultValues: { mobilePhone: defaultPhone },
  });

  // One submit at a time (a second Enter or tap while the first runs is ignored).
  const [submit, isSubmitting] = useSingleFlight(async ({ mobilePhone }: ForgotPinOutput): Promise<void> => {
    const resetPage = buildPath('loginResetPassword', {}, { phone: mobilePhone });
    try {
      await requestPin({ mobilePhone, countryCode: COUNTRY_CODE, redirect: 'resetPassword' });
      navigate(resetPage);
    } catch (error) {
      // Not a business error: the shell's global handling has said why; the phone stays typed.
      if (!isApiError(error)) console.error('ForgotPinPost failed unexpectedly', error);
      if (!isBusinessError(error, ForgotPinPost)) return;
      const onField = error.find('MemberNotFoundException') ?? error.find('CustomerNotFound');
      if (onField) {
        form.setError('mobilePhone', { type: 'server', message: onField.message }, { shouldFocus: true });
        return;
      }
      const [first] = error.errors;
      const tooSoon = error.has('PinRequestTooSoon');
      void openDialog({ type: 'warning', title: first?.title, content: first?.message ?? '' }).then(() => {
        if (tooSoon) navigate(resetPage);
      });
    }
  });

  return { form, submit: form.handleSubmit(submit), isSubmitting };
}
