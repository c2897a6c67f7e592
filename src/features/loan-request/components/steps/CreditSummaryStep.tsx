import { formatIsoDate } from '../../../../shared/calendar.ts';
import { formatMoney, formatPercent } from '../../../../shared/money.ts';
import type { PlanOption } from '../../api/plan-option.ts';
import { formatAmount } from '../../format.ts';
import { LOAN_FORM_TEXTS as TEXT, STEP_TITLES } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

interface CreditSummaryStepProps extends StepHeader {
  product: number | null | undefined;
  /** The plan of the chosen instalments (null until it is priced). */
  plan: PlanOption | null;
}

/** Step 'Resumen del préstamo': the chosen plan's figures, once it is priced. */
export function CreditSummaryStep({ product, plan, ...header }: CreditSummaryStepProps) {
  return (
    <Step name="creditSummary" {...header}>
      {plan && product && (
        <dl className="loan-summary" aria-label={STEP_TITLES.creditSummary}>
          <dt>{TEXT.summaryAmount}</dt>
          <dd>{formatAmount(product)}</dd>
          <dt>{TEXT.summaryInstallments}</dt>
          <dd>{plan.installments}</dd>
          <dt>{TEXT.summaryFirstPayment}</dt>
          <dd>{formatMoney(plan.firstPaymentCents)}</dd>
          <dt>{TEXT.summaryFirstPaymentDate}</dt>
          <dd>{formatIsoDate(plan.firstDate)}</dd>
          <dt>{TEXT.summaryInterest}</dt>
          <dd>{formatMoney(plan.totalInterestCents)}</dd>
          <dt>{TEXT.summaryTotal}</dt>
          <dd>{formatMoney(plan.totalCents)}</dd>
          <dt>{TEXT.summaryTae}</dt>
          <dd>{formatPercent(plan.taePercent)}</dd>
        </dl>
      )}
    </Step>
  );
}
