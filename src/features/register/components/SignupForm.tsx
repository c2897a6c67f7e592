import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { REGISTER_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import {
  makeSignupSchema,
  SIGNUP_FIELD_ORDER,
  type SignupField,
  type SignupForm as SignupOutput,
} from '../../../shared/validators/forms.ts';
import { registerCustomer } from '../api/register-customer.ts';
import { scrollToField } from '../focus-field.ts';
import type { RegisterEntry } from '../record-register-landing.ts';
import { handleRegisterError } from '../register-errors.ts';
import { signupPayload, type SignupFormValues } from '../signup-values.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import { storedCampaign, useCompleteRegistration } from '../use-complete-registration.ts';
import { initialSignupValues, useSignupPersistence } from '../use-signup-persistence.ts';
import { ConsentFields } from './ConsentFields.tsx';
import { PersonalFields } from './PersonalFields.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import { WorkFields } from './WorkFields.tsx';

export interface SignupFormProps {
  /** The phone handed over in the query (phone check, login, home), pre-filled in mobilePhone. */
  queryPhone: string | null;
  entry: RegisterEntry;
}

type SignupResolver = Resolver<SignupFormValues, unknown, SignupOutput>;

const buildResolver = (acceptAsTyped: readonly string[]): SignupResolver =>
  zodResolver(makeSignupSchema({ acceptAsTyped })) as unknown as SignupResolver;

/**
 * The form's resolver over the shared signup schema, and the addresses the customer chose to keep as typed after the
 * typo suggestion (the schema is rebuilt only when one is added).
 */
function createSignupValidation() {
  let resolve = buildResolver([]);
  let accepted: readonly string[] = [];
  const resolver: SignupResolver = (values, context, options) => resolve(values, context, options);
  return {
    resolver,
    keepEmailAsTyped(email: string) {
      accepted = [...accepted, email];
      resolve = buildResolver(accepted);
    },
  };
}

/**
 * The signup form (first document §2, §3, §5): every field with the spec's names, validated with the shared schema;
 * errors after a failed submit or once a field was touched; a failed submit scrolls to and focuses the first field
 * with an error. Values are kept on this device on every change (never the passwords). Without marketing consent,
 * '¡Estamos en contacto!' asks once more before registering.
 */
export function SignupForm({ queryPhone, entry }: SignupFormProps) {
  const store = useStore();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [validation] = useState(createSignupValidation);
  const [defaultValues] = useState(() => initialSignupValues(store, queryPhone));
  const { control, handleSubmit, setValue, setError, setFocus, trigger, subscribe, formState } = useForm<
    SignupFormValues,
    unknown,
    SignupOutput
  >({ resolver: validation.resolver, mode: 'onTouched', defaultValues, shouldFocusError: false });
  useSignupPersistence(subscribe, store);
  const completeRegistration = useCompleteRegistration(store, entry);

  const focusField = useCallback(
    (field: SignupField) => {
      scrollToField(formRef.current, field);
      setFocus(field);
    },
    [setFocus],
  );

  const onInvalid = (errors: FieldErrors<SignupFormValues>) => {
    const first = SIGNUP_FIELD_ORDER.find((field) => errors[field] !== undefined);
    if (first !== undefined) focusField(first);
  };

  const onValid = async (form: SignupOutput) => {
    let acceptAgreement = form.acceptAgreement === true;
    if (!acceptAgreement) {
      acceptAgreement = await openDialog({
        id: 'marketing-consent',
        type: 'info',
        title: REGISTER_TEXTS.marketingConsentTitle,
        content: REGISTER_PAGE_TEXTS.marketingConsentContent,
        buttonYes: REGISTER_TEXTS.marketingConsentYes,
        buttonNo: REGISTER_TEXTS.marketingConsentNo,
        showButtonNo: true,
      });
      if (acceptAgreement) setValue('acceptAgreement', true, { shouldDirty: true });
    }
    const payload = signupPayload({ ...form, acceptAgreement }, storedCampaign(store)?.uid);
    let result;
    try {
      result = await registerCustomer(payload);
    } catch (error) {
      let fieldWithError: SignupField | undefined;
      await handleRegisterError(error, {
        setFieldError: (field, message) => {
          fieldWithError ??= field;
          setError(field, { type: 'server', message });
        },
        goToLogin: () => navigate(buildPath('login', {}, { phone: form.mobilePhone })),
      });
      if (fieldWithError !== undefined) focusField(fieldWithError);
      return;
    }
    await completeRegistration(result);
  };

  return (
    <form
      ref={formRef}
      className="ui-form register-form"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
    >
      <p className="ui-form-intro">{REGISTER_PAGE_TEXTS.signupIntro}</p>
      <PersonalFields control={control} trigger={trigger} onKeepEmailAsTyped={validation.keepEmailAsTyped} />
      <WorkFields control={control} />
      <fieldset className="register-section">
        <legend>{REGISTER_PAGE_TEXTS.passwordSection}</legend>
        <FormTextField
          control={control}
          name="password"
          secret
          label={REGISTER_PAGE_TEXTS.password}
          description={REGISTER_PAGE_TEXTS.passwordHint}
          autoComplete="new-password"
          isRequired
        />
        <FormTextField
          control={control}
          name="password2"
          secret
          label={REGISTER_PAGE_TEXTS.password2}
          autoComplete="new-password"
          isRequired
        />
      </fieldset>
      <ConsentFields control={control} setValue={setValue} />
      <p className="register-saved-note">{REGISTER_PAGE_TEXTS.saved}</p>
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {REGISTER_PAGE_TEXTS.submit}
      </Button>
    </form>
  );
}
