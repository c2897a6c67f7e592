import { formatIsoDate } from '../../shared/calendar.ts';
import type { Installment } from '../../shared/api/loan.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { byDate, isInstallmentOverdue } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT, INSTALLMENT_STATUS_TEXTS } from './texts.ts';

export interface InstallmentListProps {
  readonly id: string;
  readonly installments: readonly Installment[];
  readonly today: string;
}

/** The loan's instalments in date order: date, amount (totalPayment), base, interest and status in Spanish. */
export function InstallmentList({ id, installments, today }: InstallmentListProps) {
  return (
    <ol id={id} className="dashboard-installments" aria-label={TEXT.installmentsList}>
      {byDate(installments).map((installment, index) => {
        const status = isInstallmentOverdue(installment, today) ? 'overdue' : installment.status;
        return (
          <li key={installment.id} className="dashboard-installment" data-status={status}>
            <h3>{formatMessage(TEXT.installmentTitle, { number: index + 1 })}</h3>
            <dl>
              <div>
                <dt>{TEXT.date}</dt>
                <dd>{formatIsoDate(installment.expectedDate)}</dd>
              </div>
              <div>
                <dt>{TEXT.amount}</dt>
                <dd>{formatMoney(installment.totalPayment)}</dd>
              </div>
              <div>
                <dt>{TEXT.base}</dt>
                <dd>{formatMoney(installment.initialBase)}</dd>
              </div>
              <div>
                <dt>{TEXT.interest}</dt>
                <dd>{formatMoney(installment.initialCalculatedInterest)}</dd>
              </div>
              <div>
                <dt>{TEXT.installmentStatus}</dt>
                <dd>{INSTALLMENT_STATUS_TEXTS[status]}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
