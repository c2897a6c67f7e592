import type { Installment } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import {
  INSTALLMENT_FACT_TEXTS as TEXT,
  INSTALLMENT_STATUS_TEXTS,
  installmentDisplayStatus,
  isInstallmentOverdue,
} from './loan-display.ts';

/** An instalment's title ('Cuota {number}') and facts: its date ('Venció el …' once overdue), amount and status on
 * `today` (the dashboard's instalment list and the credit history). */
export function InstallmentFacts({
  installment,
  number,
  today,
}: {
  installment: Installment;
  number: number;
  today: string;
}) {
  return (
    <>
      <h3>{formatMessage(TEXT.installmentTitle, { number })}</h3>
      <dl>
        <div>
          <dt>{TEXT.date}</dt>
          <dd>
            {isInstallmentOverdue(installment, today)
              ? formatMessage(TEXT.dueOn, { date: formatIsoDate(installment.expectedDate) })
              : formatIsoDate(installment.expectedDate)}
          </dd>
        </div>
        <div>
          <dt>{TEXT.amount}</dt>
          <dd>{formatMoney(installment.totalPayment)}</dd>
        </div>
        <div>
          <dt>{TEXT.installmentStatus}</dt>
          <dd>{INSTALLMENT_STATUS_TEXTS[installmentDisplayStatus(installment, today)]}</dd>
        </div>
      </dl>
    </>
  );
}
