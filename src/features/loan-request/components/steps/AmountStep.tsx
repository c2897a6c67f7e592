import { formatAmount } from '../../format.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

interface AmountStepProps extends StepHeader {
  amounts: readonly number[];
  value: number | null | undefined;
  /** Why the form does not start from the home calculator's amount. */
  notice: string | null;
  onChoose: (amount: number) => void;
}

/** Step 'Importe': the amounts offered, one radio each. */
export function AmountStep({ amounts, value, notice, onChoose, ...header }: AmountStepProps) {
  return (
    <Step name="product" {...header}>
      <fieldset className="loan-options">
        <legend>{TEXT.amountLabel}</legend>
        {amounts.map((amount) => (
          <label key={amount} className="loan-option">
            <input
              type="radio"
              name="product"
              value={amount}
              checked={value === amount}
              onChange={() => onChoose(amount)}
            />
            <span>{formatAmount(amount)}</span>
          </label>
        ))}
      </fieldset>
      {notice && (
        <p className="loan-notice" role="status">
          {notice}
        </p>
      )}
    </Step>
  );
}
