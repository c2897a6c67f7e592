import { useId } from 'react';
import { formatMessage } from '../../../../shared/messages.ts';
import { formatMoneyParts } from '../../../../shared/money.ts';
import type { PlanOption } from '../../api/plan-option.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';

interface InstallmentOptionProps {
  value: number;
  enabled: boolean;
  plan: PlanOption | undefined;
  checked: boolean;
  onChoose: () => void;
}

/** One instalment option: its monthly amount once the plans are in, or why it cannot be chosen. */
export function InstallmentOption({ value, enabled, plan, checked, onChoose }: InstallmentOptionProps) {
  const tooltipId = useId();
  const parts = plan ? formatMoneyParts(plan.monthlyCents) : null;
  return (
    <div className="loan-installment-wrap" data-disabled={!enabled}>
      <label className="loan-option loan-installment" data-disabled={!enabled}>
        <input
          type="radio"
          name="installment"
          value={value}
          checked={checked}
          disabled={!enabled}
          aria-describedby={enabled ? undefined : tooltipId}
          onChange={onChoose}
        />
        <span>{formatMessage(TEXT.installmentOption, { installments: value })}</span>{' '}
        {parts && (
          <span className="loan-monthly">
            <span className="loan-monthly-integer">{parts.integer}</span>
            <span className="loan-monthly-cents">,{parts.cents} €</span> <span>{TEXT.perMonth}</span>
          </span>
        )}
      </label>
      {!enabled && (
        <span role="tooltip" id={tooltipId} className="loan-tooltip">
          {TEXT.installmentUnavailable}
        </span>
      )}
    </div>
  );
}
