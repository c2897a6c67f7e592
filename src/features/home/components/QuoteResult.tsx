import type { PaymentPlan } from '../../../shared/api/loan.ts';
import { formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, formatPercent, ZERO_CENTS } from '../../../shared/money.ts';
import {
  firstPaymentDate,
  paybackCents,
  standardMiniInterestCents,
  totalPaymentCents,
  youWillPayText,
} from '../quotes/plan-figures.ts';
import type { CalculatorSnapshot } from '../quotes/calculator-store.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

/** The minipréstamo's figures: the days, the amount and the interest, and the 0 % first loan when it is one. */
function MiniFigures({ plan }: { plan: PaymentPlan }) {
  const [repayment] = plan.installments;
  if (!repayment) return null;
  const date = formatIsoDate(firstPaymentDate(plan));
  const standard = standardMiniInterestCents(plan);
  return (
    <>
      <p className="calc-totals">
        {formatMessage(HOME_PAGE_TEXTS.miniTotals, {
          days: plan.totalInstallmentDays,
          amount: formatMoney(repayment.initialBase),
          interest: formatMoney(repayment.initialCalculatedInterest),
          tae: formatPercent(plan.taePercent, 1),
        })}
      </p>
      {plan.interestFree && (
        <div className="calc-free">
          <p>{formatMessage(HOME_PAGE_TEXTS.miniInterestFree, { interest: formatMoney(ZERO_CENTS), date })}</p>
          {standard !== null && (
            <p className="calc-free-lapse">
              {formatMessage(HOME_PAGE_TEXTS.miniInterestFreeLapse, {
                interest: formatMoney(standard),
                total: formatMoney(paybackCents(plan) + standard),
              })}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/**
 * 'Pagarás X€ el {date}' for the current choice: an instalment loan's first instalment with the total and the TAE; a
 * minipréstamo's one repayment with its days, interest and TAE, and, when the server priced it as the interest-free
 * first loan (`interestFree`), the 0 % message and what is owed if it is not repaid on the date. While a new quote
 * loads the last one of the product stays (dimmed, aria-busy) so nothing jumps; a failed quote says so in place,
 * with a retry.
 */
export function QuoteResult({ snapshot, onRetry }: { snapshot: CalculatorSnapshot; onRetry: () => void }) {
  const { quote, status } = snapshot;
  const plan = quote?.plan;
  return (
    <div className="calc-result" aria-busy={status === 'loading'} data-stale={status !== 'ready' || undefined}>
      <p className="calc-payback" role="status">
        {plan ? youWillPayText(plan) : status === 'offline' ? HOME_PAGE_TEXTS.offline : HOME_PAGE_TEXTS.calculating}
      </p>
      {plan && quote.product === 'mini' ? (
        <MiniFigures plan={plan} />
      ) : (
        // Always there (empty until the first quote), so the first answer does not move the page.
        <p className="calc-totals">
          {plan
            ? formatMessage(HOME_PAGE_TEXTS.totals, {
                total: formatMoney(totalPaymentCents(plan)),
                tae: formatPercent(plan.taePercent, 1),
              })
            : '\u00a0'}
        </p>
      )}
      {status === 'offline' && plan && <p className="calc-offline">{HOME_PAGE_TEXTS.offlineStale}</p>}
      {status === 'error' && (
        <div className="calc-error" role="alert">
          <p>{HOME_PAGE_TEXTS.quoteFailed}</p>
          <button type="button" className="ui-button ui-button--secondary" onClick={onRetry}>
            {HOME_PAGE_TEXTS.retry}
          </button>
        </div>
      )}
    </div>
  );
}
