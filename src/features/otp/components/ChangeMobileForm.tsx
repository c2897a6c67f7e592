import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { PhoneField } from '../../../lib/ui/PhoneField.tsx';
import { ChangeMobilePost } from '../../../shared/api/registration.ts';
import { businessErrorCodes } from '../../../shared/api/business-error-codes.ts';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { mobilePhoneSchema } from '../../../shared/validators/phone.ts';
import { changeMobile } from '../api/change-mobile.ts';
import { showFailure } from '../show-failure.ts';
import { CHANGE_MOBILE_TEXTS } from '../texts.ts';

const changeMobileSchema = z.object({ mobilePhone: mobilePhoneSchema });
type ChangeMobileValues = z.output<typeof changeMobileSchema>;

/** The codes shown on the phone field (the number itself, or the 60-second wait for a new code). */
const FIELD_CODES = ['InvalidPhone', 'PhoneAlreadyRegistered', 'PinRequestTooSoon'] as const;

export interface ChangeMobileFormProps {
  onChanged: (memberDetails: MemberDetails) => Promise<void> | void;
  onStatusChanged: () => void;
}

/** The corrected mobile number (a Spanish mobile, +34 prefix); ChangeMobilePost sends a new code to it. */
export function ChangeMobileForm({ onChanged, onStatusChanged }: ChangeMobileFormProps) {
  const { control, handleSubmit, setError, formState } = useForm<{ mobilePhone: string }, unknown, ChangeMobileValues>({
    resolver: zodResolver(changeMobileSchema),
    mode: 'onTouched',
    defaultValues: { mobilePhone: '' },
  });

  const submit = async ({ mobilePhone }: ChangeMobileValues) => {
    let memberDetails: MemberDetails;
    try {
      memberDetails = await changeMobile(mobilePhone);
    } catch (error) {
      if (isBusinessError(error, ChangeMobilePost)) {
        const code = FIELD_CODES.find((name) => error.has(name));
        if (code !== undefined) {
          const message = error.find(code)?.message || businessErrorCodes[code].message;
          setError('mobilePhone', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        if (error.has('NotAllowedCustomerStatus')) onStatusChanged();
      }
      await showFailure(error);
      return;
    }
    await onChanged(memberDetails);
  };

  return (
    <form className="ui-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <PhoneField control={control} name="mobilePhone" label={CHANGE_MOBILE_TEXTS.mobileLabel} />
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {CHANGE_MOBILE_TEXTS.submit}
      </Button>
    </form>
  );
}
