import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { PhoneField } from '../../../lib/ui/PhoneField.tsx';
import { CheckPhoneDniPost } from '../../../shared/api/customer.ts';
import { businessErrorCodes } from '../../../shared/api/business-error-codes.ts';
import { REGISTER_TEXTS } from '../../../shared/messages-identity.ts';
import { phoneCheckSchema, type PhoneCheckForm as PhoneCheckValues } from '../../../shared/validators/forms.ts';
import { checkPhoneRegistered } from '../../../lib/api/calls/check-phone.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';

export interface PhoneCheckFormProps {
  defaultPhone: string;
  /** The number is not registered (or could not be checked): continue to the signup form with it. */
  onContinue: (phone: string) => void;
  /** The number belongs to a customer who chose to log in. */
  onLogin: (phone: string) => void;
}

/**
 * The phone check that opens the register page (first document §2, §4 "Phone check"): a registered number gets the
 * dialog 'Ya hay un cliente registrado con este número de teléfono…' with 'Inicia sesión'; an unregistered one goes
 * on to the signup form. When the check itself fails, the customer goes on to the signup form with the phone (the
 * registration re-checks it).
 */
export function PhoneCheckForm({ defaultPhone, onContinue, onLogin }: PhoneCheckFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<{ phone: string }, unknown, PhoneCheckValues>({
    resolver: zodResolver(phoneCheckSchema),
    mode: 'onTouched',
    defaultValues: { phone: defaultPhone },
  });

  const check = async ({ phone }: PhoneCheckValues) => {
    let registered: boolean;
    try {
      registered = await checkPhoneRegistered(phone);
    } catch (error) {
      if (isBusinessError(error, CheckPhoneDniPost) && error.has('InvalidPhone')) {
        setError('phone', {
          message: error.find('InvalidPhone')?.message || businessErrorCodes.InvalidPhone.message,
        });
        return;
      }
      onContinue(phone);
      return;
    }
    if (!registered) {
      onContinue(phone);
      return;
    }
    const login = await openDialog({
      id: 'phone-already-registered',
      type: 'info',
      content: REGISTER_TEXTS.phoneAlreadyRegistered,
      buttonYes: REGISTER_TEXTS.alreadyRegisteredButton,
      showButtonNo: true,
      buttonNo: REGISTER_PAGE_TEXTS.useAnotherNumber,
    });
    if (login) onLogin(phone);
  };

  return (
    <form className="ui-form register-phone-check" noValidate onSubmit={(event) => void handleSubmit(check)(event)}>
      <p className="ui-form-intro">{REGISTER_PAGE_TEXTS.phoneCheckIntro}</p>
      <PhoneField control={control} name="phone" label={REGISTER_PAGE_TEXTS.phoneLabel} />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        {REGISTER_PAGE_TEXTS.phoneCheckSubmit}
      </Button>
    </form>
  );
}
