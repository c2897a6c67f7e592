import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useLayoutEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { CheckPhoneDniPost } from '../../../shared/api/phone-check.ts';
import { businessErrorCodes } from '../../../shared/api/errors.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { HOME_TEXTS } from '../../../shared/messages.ts';
import { phoneCheckSchema, type PhoneCheckForm as PhoneCheckValues } from '../../../shared/validators/forms.ts';
import { checkPhone } from '../api/check-phone.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import { phoneCheckDestination } from './phone-check-destination.ts';

export interface PhoneCheckFormProps {
  /** What the visitor has typed in the plain form so far (read again when this form mounts). */
  latestPhone: () => string;
  /** The plain form's input had the focus: give it to this one. */
  focusOnMount: boolean;
  /** The visitor pressed 'Solicita YA' before this form was loaded: submit now. */
  submitOnMount: boolean;
}

/** Room for a number typed with spaces or an international prefix ('0034 600 00 00 00'); it is normalised. */
const PHONE_INPUT_MAX = 20;

/**
 * The phone check of the home page (first document §2, §4 "Phone check"), validated with the shared phone schema
 * (+34 prefix, a Spanish mobile number): a registered number goes to login with the phone, any other to
 * registration with the phone. When the check fails (network, server) the visitor also goes on to registration
 * with the phone, as the spec says ("On failure go to register with the phone"); the registration checks again.
 */
export default function PhoneCheckForm({ latestPhone, focusOnMount, submitOnMount }: PhoneCheckFormProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = useForm<{ phone: string }, unknown, PhoneCheckValues>({
    resolver: zodResolver(phoneCheckSchema),
    mode: 'onTouched',
    defaultValues: { phone: latestPhone() },
  });

  const check = async ({ phone }: PhoneCheckValues) => {
    let registered = false;
    try {
      registered = await checkPhone(phone);
    } catch (error) {
      if (isBusinessError(error, CheckPhoneDniPost) && error.has('InvalidPhone')) {
        setError('phone', { message: error.find('InvalidPhone')?.message || businessErrorCodes.InvalidPhone.message });
        return;
      }
    }
    navigate(phoneCheckDestination(phone, registered));
  };

  // Taking over from the plain form happens once, in the commit that mounts this form: nothing typed in between
  // can be lost, and the focus never leaves the field.
  const input = useRef<HTMLInputElement | null>(null);
  const takeOver = useRef({ latestPhone, focusOnMount, submitOnMount, submit: handleSubmit(check) });
  useLayoutEffect(() => {
    const { latestPhone: latest, focusOnMount: focus, submitOnMount: submit } = takeOver.current;
    const typed = latest();
    if (typed !== getValues('phone')) setValue('phone', typed);
    const element = input.current;
    if (focus && element) {
      element.focus();
      element.setSelectionRange(typed.length, typed.length);
    }
    if (submit) void takeOver.current.submit();
  }, [getValues, setValue]);

  return (
    <form
      className="home-phone-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void handleSubmit(check)(event)}
    >
      <h2 className="home-apply-title" id={titleId}>
        {HOME_PAGE_TEXTS.apply.title}
      </h2>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <TextField
            label={HOME_PAGE_TEXTS.apply.phoneLabel}
            description={HOME_PAGE_TEXTS.apply.phoneHint}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={(element) => {
              field.ref(element);
              input.current = element;
            }}
            prefix={COUNTRY_CODE}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting} className="home-apply-button">
        {HOME_TEXTS.applyNow}
      </Button>
    </form>
  );
}
