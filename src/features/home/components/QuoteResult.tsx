import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';
import { totalPaymentCents, youWillPayText } from '../quotes/plan-figures.ts';
import type { CalculatorSnapshot } from '../quotes/calculator-store.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

/**
 * 'Pagarás X€ el {date}' for the current choice, the total and the plan's TAE. While a new quote loads the last
 * one stays (dimmed, aria-busy) so nothing jumps; a failed quote says so in place, with a retry.
 */
export function QuoteResult({ snapshot, onRetry }: { snapshot: CalculatorSnapshot; onRetry: () => void }) {
  const { quote, status } = snapshot;
  const plan = quote?.plan;
  return (
    <div className="calc-result" aria-busy={status === 'loading'} data-stale={status !== 'ready' || undefined}>
      <p className="calc-payback" role="status">
        {plan ? youWillPayText(plan) : status === 'offline' ? HOME_PAGE_TEXTS.offline : HOME_PAGE_TEXTS.calculating}
      </p>
      {/* Always there (empty until the first quote), so the first answer does not move the page. */}
      <p className="calc-totals">
        {plan
          ? formatMessage(HOME_PAGE_TEXTS.totals, {
              total: formatMoney(totalPaymentCents(plan)),
              tae: formatPercent(plan.taePercent, 1),
            })
          : '\u00a0'}
      </p>
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
