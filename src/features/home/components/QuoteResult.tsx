import type { PaymentPlan } from '../../../shared/api/loan.ts';
import { formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { MINI_DISCLAIMER } from '../../../lib/loans/mini-loan-figures.ts';
import { eurosToCents, formatMoney, formatPercent, ZERO_CENTS } from '../../../shared/money.ts';
import {
  firstPaymentDate,
  standardMiniInterestCents,
  totalPaymentCents,
  youWillPayText,
} from '../quotes/plan-figures.ts';
import type { CalculatorSnapshot } from '../quotes/calculator-store.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

interface MiniFiguresProps {
  readonly days: number;
  readonly amountCents: number;
  readonly interestCents: number;
  readonly taePercent: number;
  /** The interest-free first loan: its date and the standard interest owed if it is missed. */
  readonly free: { readonly date: string; readonly standardCents: number } | null;
}

/** The minipréstamo's figures: the days, the amount and the interest, and the 0 % first loan when it is one. */
function MiniFigures({ days, amountCents, interestCents, taePercent, free }: MiniFiguresProps) {
  return (
    <>
      <p className="calc-totals">
        {formatMessage(HOME_PAGE_TEXTS.miniTotals, {
          days,
          amount: formatMoney(amountCents),
          interest: formatMoney(interestCents),
          tae: formatPercent(taePercent, 1),
        })}
      </p>
      {free && (
        <div className="calc-free">
          <p>
            {formatMessage(HOME_PAGE_TEXTS.miniInterestFree, { interest: formatMoney(ZERO_CENTS), date: free.date })}
          </p>
          <p className="calc-free-lapse">
            {formatMessage(HOME_PAGE_TEXTS.miniInterestFreeLapse, {
              interest: formatMoney(free.standardCents),
              total: formatMoney(amountCents + free.standardCents),
            })}
          </p>
        </div>
      )}
    </>
  );
}

/** A minipréstamo's plan as MiniFigures shows it. */
function miniFigures(plan: PaymentPlan): MiniFiguresProps {
  const [repayment] = plan.installments;
  const standardCents = standardMiniInterestCents(plan);
  return {
    days: plan.totalInstallmentDays,
    amountCents: repayment?.initialBase ?? 0,
    interestCents: repayment?.initialCalculatedInterest ?? 0,
    taePercent: plan.taePercent,
    free:
      plan.interestFree && standardCents !== null
        ? { date: formatIsoDate(firstPaymentDate(plan)), standardCents }
        : null,
  };
}

/**
 * Before the minipréstamo's first quote: the figures a visitor's default choice will show (interest-free up to the
 * definition's maximum), laid out but invisible, so the first answer does not move the page. The date is a
 * placeholder of the same width (the build's pre-rendered page cannot know the visitor's today).
 */
function miniPlaceholder({ miniAmount, days }: CalculatorSnapshot): MiniFiguresProps {
  const definition = MINI_DISCLAIMER.definition;
  const amountCents = eurosToCents(miniAmount);
  const free = amountCents <= definition.firstLoanFreeMax;
  const standardCents = Math.round((amountCents * definition.dailyRateBasisPoints * days) / 10_000);
  return {
    days,
    amountCents,
    interestCents: free ? 0 : standardCents,
    taePercent: 0,
    free: free ? { date: '00/00/0000', standardCents } : null,
  };
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
        <MiniFigures {...miniFigures(plan)} />
      ) : !plan && snapshot.product === 'mini' ? (
        <div className="calc-placeholder" aria-hidden="true">
          <MiniFigures {...miniPlaceholder(snapshot)} />
        </div>
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
