import type { PlanOption } from '../../api/plan-option.ts';
import { installmentOptions } from '../../form-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { InstallmentOption } from './InstallmentOption.tsx';
import { Step } from './Step.tsx';

interface InstallmentStepProps extends StepHeader {
  value: number | null | undefined;
  /** The plans of the chosen amount and date (null until they are in). */
  plans: readonly PlanOption[] | null;
  plansLoading: boolean;
  /** Why the form does not start from the home calculator's instalments. */
  notice: string | null;
  onChoose: (installments: number) => void;
}

/** Step 'Número de cuotas': the four options with their monthly amounts, dimmed while the plans load. */
export function InstallmentStep({ value, plans, plansLoading, notice, onChoose, ...header }: InstallmentStepProps) {
  return (
    <Step name="installment" {...header}>
      <fieldset className="loan-options loan-installments" aria-busy={plansLoading} data-loading={plansLoading}>
        <legend>{TEXT.installmentsLabel}</legend>
        {installmentOptions.map((option) => {
          const plan = plans?.find((item) => item.installments === option.value);
          return (
            <InstallmentOption
              key={option.value}
              value={option.value}
              enabled={option.enabled}
              plan={plan}
              checked={value === option.value}
              onChoose={() => onChoose(option.value)}
            />
          );
        })}
        {plansLoading && <p className="visually-hidden">{TEXT.loadingPlans}</p>}
      </fieldset>
      {notice && (
        <p className="loan-notice" role="status">
          {notice}
        </p>
      )}
    </Step>
  );
}
