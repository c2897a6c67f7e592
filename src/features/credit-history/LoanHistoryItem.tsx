import type { Loan } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { loanDisplayStatus } from '../../shared/loan-statuses.ts';
import { InstallmentFacts } from '../../lib/loans/InstallmentFacts.tsx';
import { byDate, loanLabel, paymentDateText, paymentKindText } from '../../lib/loans/loan-display.ts';
import { CREDIT_HISTORY_TEXTS as TEXT } from './texts.ts';

export interface LoanHistoryItemProps {
  readonly loan: Loan;
  readonly today: string;
  /** Whether its instalments are shown at first (the newest loan). */
  readonly open: boolean;
}

/**
 * One loan of the history: amount, dates (created, first repayment), its §4 label, and its instalments (date, amount,
 * status) each with its payments (date, amount, source in Spanish).
 */
export function LoanHistoryItem({ loan, today, open }: LoanHistoryItemProps) {
  const amount = formatMoney(loan.loanAmount);
  const label = loanLabel(loan, today);
  const installments = byDate(loan.installments);
  return (
    <li className="history-loan" data-status={loanDisplayStatus(loan, today)}>
      <article aria-labelledby={`history-loan-${loan.id}`}>
        <h2 id={`history-loan-${loan.id}`} className="history-loan-title">
          {formatMessage(TEXT.loanTitle, { amount })}
          {label !== undefined && <span className="history-loan-badge">{label}</span>}
        </h2>
        <dl className="history-loan-facts">
          <div>
            <dt>{TEXT.loanAmount}</dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>{TEXT.createdDate}</dt>
            <dd>{formatIsoDate(loan.createdDate)}</dd>
          </div>
          <div>
            <dt>{TEXT.firstRepaymentDate}</dt>
            <dd>{formatIsoDate(loan.firstRepaymentDate)}</dd>
          </div>
          {label !== undefined && (
            <div>
              <dt>{TEXT.status}</dt>
              <dd>{label}</dd>
            </div>
          )}
        </dl>
        {installments.length > 0 && (
          <details className="history-installments" open={open}>
            <summary>{formatMessage(TEXT.installments, { count: installments.length })}</summary>
            <ol aria-label={formatMessage(TEXT.installmentsLabel, { amount })}>
              {installments.map((installment, index) => (
                <li key={installment.id} className="history-installment" data-status={installment.status}>
                  <InstallmentFacts installment={installment} number={index + 1} today={today} />
                  {installment.payments.length > 0 && (
                    <ul className="history-payments" aria-label={TEXT.payments}>
                      {installment.payments.map((payment, paymentIndex) => (
                        <li key={`${payment.paymentDate}-${paymentIndex}`}>
                          {formatMessage(TEXT.paymentLine, {
                            date: paymentDateText(payment.paymentDate),
                            amount: formatMoney(payment.amount),
                            source: paymentKindText(payment),
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </details>
        )}
      </article>
    </li>
  );
}
