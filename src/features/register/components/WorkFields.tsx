import { useWatch } from 'react-hook-form';
import { FormSelect } from '../../../lib/ui/FormSelect.tsx';
import { FIELD_LABELS } from '../../../shared/messages-identity.ts';
import { EMPLOYED_STATUS } from '../../../shared/statuses.ts';
import { employmentStatusOptions, monthlyIncomeSelectOptions } from '../options.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import type { SignupControl } from '../signup-values.ts';

/**
 * Employment status (the nine statuses), the employer's name — shown and required only for fullTimeEmployed — and
 * the monthly income (first document §3, §5).
 */
export function WorkFields({ control }: { control: SignupControl }) {
  const employmentStatus = useWatch({ control, name: 'employmentStatus' });
  return (
    <fieldset className="register-section">
      <legend>{REGISTER_PAGE_TEXTS.workSection}</legend>
      <FormSelect
        control={control}
        name="employmentStatus"
        label={REGISTER_PAGE_TEXTS.employmentStatus}
        options={employmentStatusOptions}
      />
      {employmentStatus === EMPLOYED_STATUS && (
        <FormTextField
          control={control}
          name="companyName"
          label={FIELD_LABELS.companyName}
          autoComplete="organization"
          maxLength={200}
          isRequired
        />
      )}
      <FormSelect
        control={control}
        name="monthlyIncome"
        label={REGISTER_PAGE_TEXTS.monthlyIncome}
        options={monthlyIncomeSelectOptions}
      />
    </fieldset>
  );
}
