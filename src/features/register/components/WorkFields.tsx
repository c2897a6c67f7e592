import { Controller, useWatch } from 'react-hook-form';
import { Select } from '../../../lib/ui/Select.tsx';
import { FIELD_LABELS } from '../../../shared/messages-identity.ts';
import { EMPLOYED_STATUS } from '../../../shared/statuses.ts';
import { employmentStatusOptions, monthlyIncomeSelectOptions } from '../options.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import { SignupTextField, type SignupControl } from './SignupTextField.tsx';

/**
 * Employment status (the nine statuses), the employer's name — shown and required only for fullTimeEmployed — and
 * the monthly income (first document §3, §5).
 */
export function WorkFields({ control }: { control: SignupControl }) {
  const employmentStatus = useWatch({ control, name: 'employmentStatus' });
  return (
    <fieldset className="register-section">
      <legend>{REGISTER_PAGE_TEXTS.workSection}</legend>
      <Controller
        control={control}
        name="employmentStatus"
        render={({ field, fieldState }) => (
          <Select
            label={REGISTER_PAGE_TEXTS.employmentStatus}
            name={field.name}
            options={employmentStatusOptions}
            value={field.value === '' ? null : field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      {employmentStatus === EMPLOYED_STATUS && (
        <SignupTextField
          control={control}
          name="companyName"
          label={FIELD_LABELS.companyName}
          autoComplete="organization"
          maxLength={200}
          isRequired
        />
      )}
      <Controller
        control={control}
        name="monthlyIncome"
        render={({ field, fieldState }) => (
          <Select
            label={REGISTER_PAGE_TEXTS.monthlyIncome}
            name={field.name}
            options={monthlyIncomeSelectOptions}
            value={field.value === '' ? null : field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
    </fieldset>
  );
}
