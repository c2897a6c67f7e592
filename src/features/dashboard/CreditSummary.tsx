import { useId, useState } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import type { Loan } from '../../shared/api/loan.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { InstallmentList } from './InstallmentList.tsx';
import { loanDebtCents, loanLabel, nextRepaymentDates, pendingKind } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

export interface CreditSummaryProps {
  readonly loan: Loan;
  /** Today in Madrid, `YYYY-MM-DD`. */
  readonly today: string;
}

/**
 * The credit summary card (second document §2): 'TU DEUDA ACTUAL' with the debt, the repayment date(s), the status
 * label (§4, 'No pagado' included), the amount and the number of instalments, a note while the loan is not paid out
 * yet, and 'Ver detalles' / 'Ver menos' showing the instalments.
 */
export function CreditSummary({ loan, today }: CreditSummaryProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const dates = nextRepaymentDates(loan, today);
  const label = loanLabel(loan, today);
  const pending = pendingKind(loan);
  const paid = loan.installments.filter((installment) => installment.status === 'paid').length;

  return (
    <section className="dashboard-summary" aria-labelledby={headingId} data-expanded={expanded}>
      <h2 id={headingId} className="dashboard-summary-title">
        {TEXT.currentDebt}
      </h2>
      <p className="dashboard-summary-debt">{formatMoney(loanDebtCents(loan))}</p>
      {pending && (
        <p className="dashboard-summary-note" role="note">
          {pending === 'requested' ? TEXT.requested : TEXT.onItsWay}
        </p>
      )}
      <dl className="dashboard-summary-facts">
        {label !== undefined && (
          <div>
            <dt>{TEXT.status}</dt>
            <dd>
              <span className="dashboard-status" data-status={loan.status}>
                {label}
              </span>
            </dd>
          </div>
        )}
        {dates.length > 0 && (
          <div>
            <dt>{dates.length > 1 ? TEXT.nextPayments : TEXT.nextPayment}</dt>
            <dd>{dates.map((date) => formatIsoDate(date)).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{TEXT.loanAmount}</dt>
          <dd>{formatMoney(loan.loanAmount)}</dd>
        </div>
        <div>
          <dt>{TEXT.installments}</dt>
          <dd>{formatMessage(TEXT.installmentsValue, { paid, count: loan.installments.length })}</dd>
        </div>
      </dl>
      <Button
        variant="link"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        onPress={() => setExpanded((open) => !open)}
      >
        {expanded ? TEXT.showLess : TEXT.showDetails}
      </Button>
      {expanded && <InstallmentList id={listId} installments={loan.installments} today={today} />}
    </section>
  );
}
