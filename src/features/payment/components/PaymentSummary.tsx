import type { Loan } from '../../../shared/api/loan-schemas.ts';
import { daysBetweenIso, formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, type Cents } from '../../../shared/money.ts';
import type { PaymentOption } from '../../../shared/payment-statuses.ts';
import { paidInstallmentLines } from '../payment-summary.ts';
import { PAYMENT_OPTION_TEXTS, PAYMENT_TEXTS as TEXT } from '../texts.ts';

export interface PaymentSummaryProps {
  readonly loan: Loan;
  readonly option: PaymentOption;
  readonly amount: Cents;
  readonly installmentIds: readonly number[];
  /** Today in Madrid, `YYYY-MM-DD`: a date already passed reads 'venció el …', today's 'vence hoy'. */
  readonly today: string;
}

function dueText(expectedDate: string, today: string, daysLate: number): string {
  if (expectedDate === today) return TEXT.dueToday;
  if (expectedDate > today) return formatMessage(TEXT.dueOn, { date: formatIsoDate(expectedDate) });
  return formatMessage(daysLate === 1 ? TEXT.dueOnPastDay : TEXT.dueOnPast, {
    date: formatIsoDate(expectedDate),
    n: daysLate,
  });
}

/**
 * The amount (paymentQuote) and what it pays: which instalment(s) and their dates (a passed one says so, with its days
 * late), or the whole loan.
 */
export function PaymentSummary({ loan, option, amount, installmentIds, today }: PaymentSummaryProps) {
  const lines = paidInstallmentLines(loan, installmentIds);
  const titleId = `payment-summary-${loan.id}`;
  return (
    <section className="payment-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{TEXT.amountToPay}</h2>
      <p className="payment-amount">{formatMoney(amount)}</p>
      <dl className="payment-facts">
        <dt>{TEXT.whatItPays}</dt>
        <dd>
          <span className="payment-option">{PAYMENT_OPTION_TEXTS[option]}</span>
          {' · '}
          {formatMessage(TEXT.loanNumber, { loanId: loan.id })}
        </dd>
      </dl>
      {option === 'closeLoan' ? (
        <p className="payment-lines">{formatMessage(TEXT.closeLoan, { count: lines.length })}</p>
      ) : (
        <ul className="payment-lines" aria-label={TEXT.whatItPays}>
          {lines.map((line) => (
            <li key={line.id}>
              {formatMessage(TEXT.installment, { number: line.number, count: line.count })}
              {', '}
              {dueText(line.expectedDate, today, daysBetweenIso(line.expectedDate, today))}
              {': '}
              {formatMoney(line.amount)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
