import { useState } from 'react';
import { Controller, type UseFormTrigger } from 'react-hook-form';
import { DatePicker } from '../../../lib/ui/DatePicker.tsx';
import { PhoneField } from '../../../lib/ui/PhoneField.tsx';
import { birthDateBounds } from '../../../shared/validators/birth-date.ts';
import type { SignupFormValues } from '../signup-values.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import { EmailField } from './EmailField.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import type { SignupControl } from '../signup-values.ts';

export interface PersonalFieldsProps {
  control: SignupControl;
  trigger: UseFormTrigger<SignupFormValues>;
  onKeepEmailAsTyped: (email: string) => void;
}

/**
 * Names (written as on the DNI/NIE), national ID, e-mail, birth date (pick-only, 18 to 75 years ago) and the
 * mobile phone with its +34 prefix (first document §2, §5).
 */
export function PersonalFields({ control, trigger, onKeepEmailAsTyped }: PersonalFieldsProps) {
  // The age range of the date picker, fixed for the life of the page (the rule itself reads the clock).
  const [bounds] = useState(() => birthDateBounds());
  return (
    <fieldset className="register-section">
      <legend>{REGISTER_PAGE_TEXTS.personalSection}</legend>
      <FormTextField
        control={control}
        name="firstName"
        label={REGISTER_PAGE_TEXTS.firstName}
        autoComplete="given-name"
        maxLength={100}
        isRequired
      />
      <FormTextField
        control={control}
        name="lastName"
        label={REGISTER_PAGE_TEXTS.lastName}
        description={REGISTER_PAGE_TEXTS.namesHint}
        autoComplete="family-name"
        maxLength={100}
        isRequired
      />
      <FormTextField
        control={control}
        name="nationalID"
        label={REGISTER_PAGE_TEXTS.nationalID}
        description={REGISTER_PAGE_TEXTS.nationalIdHint}
        autoComplete="off"
        autoCorrect="off"
        spellCheck="false"
        maxLength={12}
        isRequired
      />
      <EmailField control={control} trigger={trigger} onKeepAsTyped={onKeepEmailAsTyped} />
      <Controller
        control={control}
        name="birthDate"
        render={({ field, fieldState }) => (
          <DatePicker
            label={REGISTER_PAGE_TEXTS.birthDate}
            name={field.name}
            value={field.value === '' ? null : field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            buttonRef={field.ref}
            min={bounds.earliest}
            max={bounds.latest}
            placeholderValue={bounds.latest}
            withMonthAndYearPickers
            description={REGISTER_PAGE_TEXTS.birthDateHint}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <PhoneField control={control} name="mobilePhone" label={REGISTER_PAGE_TEXTS.mobilePhone} />
    </fieldset>
  );
}
