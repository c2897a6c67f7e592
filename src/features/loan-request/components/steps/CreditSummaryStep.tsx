import { formatIsoDate } from '../../../../shared/calendar.ts';
import { formatMessage } from '../../../../shared/messages.ts';
import { formatMoney, formatPercent } from '../../../../shared/money.ts';
import type { PlanOption } from '../../api/plan-option.ts';
import { formatAmount } from '../../format.ts';
import type { LoanProduct } from '../../product-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

interface CreditSummaryStepProps extends StepHeader {
  loanProduct: LoanProduct;
  product: number | null | undefined;
  /** The plan of the chosen instalments (null until it is priced). */
  plan: PlanOption | null;
}

/** Step 'Resumen del préstamo': the chosen plan's figures, once it is priced. */
export function CreditSummaryStep({ loanProduct, product, plan, ...header }: CreditSummaryStepProps) {
  const mini = loanProduct === 'mini';
  return (
    <Step name="creditSummary" {...header}>
      {plan && product && (
        <dl className="loan-summary" aria-label={header.title}>
          <dt>{TEXT.summaryAmount}</dt>
          <dd>{formatAmount(product)}</dd>
          {!mini && (
            <>
              <dt>{TEXT.summaryInstallments}</dt>
              <dd>{plan.installments}</dd>
            </>
          )}
          <dt>{mini ? TEXT.summaryMiniPayment : TEXT.summaryFirstPayment}</dt>
          <dd>{formatMoney(plan.firstPaymentCents)}</dd>
          <dt>{mini ? TEXT.summaryMiniPaymentDate : TEXT.summaryFirstPaymentDate}</dt>
          <dd>{formatIsoDate(plan.firstDate)}</dd>
          <dt>{TEXT.summaryInterest}</dt>
          <dd>{formatMoney(plan.totalInterestCents)}</dd>
          <dt>{TEXT.summaryTotal}</dt>
          <dd>{formatMoney(plan.totalCents)}</dd>
          <dt>{TEXT.summaryTae}</dt>
          <dd>{formatPercent(plan.taePercent)}</dd>
        </dl>
      )}
      {plan && product && plan.interestFree && plan.lapsedInterestCents !== undefined && (
        <p className="loan-interest-free">
          {formatMessage(TEXT.interestFreeNote, {
            amount: formatMoney(plan.totalCents),
            date: formatIsoDate(plan.firstDate),
            interest: formatMoney(plan.lapsedInterestCents),
            total: formatMoney(plan.totalCents + plan.lapsedInterestCents),
          })}
        </p>
      )}
    </Step>
  );
}
