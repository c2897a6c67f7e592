import { formatIsoDate } from '../../../../shared/calendar.ts';
import { formatMessage } from '../../../../shared/messages.ts';
import { formatMoney } from '../../../../shared/money.ts';
import type { PlanOption } from '../../api/plan-option.ts';
import type { LoanProduct } from '../../product-rules.ts';
import { installmentOptions } from '../../form-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { InstallmentOption } from './InstallmentOption.tsx';
import { Step } from './Step.tsx';

interface InstallmentStepProps extends StepHeader {
  loanProduct: LoanProduct;
  value: number | null | undefined;
  /** The plans of the chosen amount and date (null until they are in). */
  plans: readonly PlanOption[] | null;
  plansLoading: boolean;
  /** Why the form does not start from the home calculator's instalments. */
  notice: string | null;
  onChoose: (installments: number) => void;
}

/**
 * Step 'Número de cuotas': the four options with their monthly amounts, dimmed while the plans load. A minipréstamo
 * is repaid in one payment: the step shows it, with its amount and date once priced.
 */
export function InstallmentStep({
  loanProduct,
  value,
  plans,
  plansLoading,
  notice,
  onChoose,
  ...header
}: InstallmentStepProps) {
  if (loanProduct === 'mini') {
    const plan = plans?.[0];
    return (
      <Step name="installment" {...header}>
        <p className="loan-mini-payment" aria-busy={plansLoading} data-loading={plansLoading}>
          <strong>{TEXT.miniPayment}</strong>
          {plan && (
            <>
              {' · '}
              <span>
                {formatMessage(TEXT.miniPaymentOn, {
                  amount: formatMoney(plan.totalCents),
                  date: formatIsoDate(plan.firstDate),
                })}
              </span>
            </>
          )}
          {plansLoading && <span className="visually-hidden">{TEXT.loadingPlans}</span>}
        </p>
      </Step>
    );
  }
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
