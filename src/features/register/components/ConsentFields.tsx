import { Controller, useWatch, type UseFormSetValue } from 'react-hook-form';
import { Link } from 'react-router';
import { Checkbox } from '../../../lib/ui/Checkbox.tsx';
import { REGISTER_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import type { SignupFormValues } from '../signup-values.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import type { SignupControl } from '../signup-values.ts';

export interface ConsentFieldsProps {
  control: SignupControl;
  setValue: UseFormSetValue<SignupFormValues>;
}

/**
 * The consent boxes (first document §2, §5): acceptPolicy (required), acceptAgreement (marketing, optional) and
 * 'ACEPTAR TODO', which ticks (or unticks) both and shows as mixed when only one is ticked.
 */
export function ConsentFields({ control, setValue }: ConsentFieldsProps) {
  const [acceptPolicy, acceptAgreement] = useWatch({ control, name: ['acceptPolicy', 'acceptAgreement'] });
  const setBoth = (selected: boolean) => {
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;
    setValue('acceptPolicy', selected, options);
    setValue('acceptAgreement', selected, options);
  };
  return (
    <fieldset className="register-section register-consents">
      <legend>{REGISTER_PAGE_TEXTS.consentSection}</legend>
      <p className="register-legal-links">
        {REGISTER_PAGE_TEXTS.legalLinksStart}
        <Link to={buildPath('termsAndConditions')} target="_blank" rel="noopener">
          {REGISTER_PAGE_TEXTS.legalLinksTerms}
        </Link>
        {REGISTER_PAGE_TEXTS.legalLinksMiddle}
        <Link to={buildPath('privacyPolicy')} target="_blank" rel="noopener">
          {REGISTER_PAGE_TEXTS.legalLinksPrivacy}
        </Link>
        {REGISTER_PAGE_TEXTS.legalLinksEnd}
      </p>
      <Checkbox
        className="register-accept-all"
        isSelected={acceptPolicy && acceptAgreement}
        isIndeterminate={acceptPolicy !== acceptAgreement}
        onChange={setBoth}
      >
        {REGISTER_TEXTS.acceptAll}
      </Checkbox>
      <Controller
        control={control}
        name="acceptPolicy"
        render={({ field, fieldState }) => (
          <Checkbox
            name={field.name}
            isSelected={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            isRequired
            errorMessage={fieldState.error?.message}
          >
            {REGISTER_PAGE_TEXTS.acceptPolicy}
          </Checkbox>
        )}
      />
      <Controller
        control={control}
        name="acceptAgreement"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            isSelected={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          >
            {REGISTER_PAGE_TEXTS.acceptAgreement}
          </Checkbox>
        )}
      />
    </fieldset>
  );
}
