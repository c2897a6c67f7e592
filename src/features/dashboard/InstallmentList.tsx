import { useId, useState } from 'react';
import { InstallmentFacts } from '../../lib/loans/InstallmentFacts.tsx';
import { byDate, installmentDisplayStatus } from '../../lib/loans/loan-display.ts';
import { paymentPath } from '../../lib/loans/loan-links.ts';
import type { Installment, Loan } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import type { PaymentAction } from '../../shared/loan/loan-actions.ts';
import { formatMessage } from '../../shared/messages.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { formatMoney } from '../../shared/money.ts';
import { ActionLink } from './ActionLink.tsx';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

export interface InstallmentListProps {
  readonly id: string;
  readonly loan: Loan;
  readonly today: string;
  /** 'Pagar {amount}': the first payable instalment's payment (only that one can be paid on its own). */
  readonly payInstallment: PaymentAction | null;
  /** 'Pago Total Préstamo': only when several instalments are payable. */
  readonly payWholeLoan: PaymentAction | null;
  readonly disabledReasonId?: string | undefined;
}

/**
 * The per-instalment accordion (second document §2): each instalment with its date, amount and status, and
 * 'Detalles de la cuota' opening its base, interest, total and payments; 'Pagar {amount}' on the first payable one;
 * 'Pago Total Préstamo' under the list when several are payable (§5).
 */
export function InstallmentList({
  id,
  loan,
  today,
  payInstallment,
  payWholeLoan,
  disabledReasonId,
}: InstallmentListProps) {
  return (
    <div id={id} className="dashboard-installments-panel">
      <ol className="dashboard-installments" aria-label={TEXT.installmentsList}>
        {byDate(loan.installments).map((installment, index) => (
          <InstallmentItem
            key={installment.id}
            installment={installment}
            number={index + 1}
            today={today}
            payTo={
              payInstallment && payInstallment.installmentId === installment.id
                ? { amount: payInstallment.amount, path: paymentPath(loan.id, payInstallment) }
                : undefined
            }
            disabledReasonId={disabledReasonId}
          />
        ))}
      </ol>
      {payWholeLoan && (
        <p className="dashboard-pay-whole">
          <ActionLink to={paymentPath(loan.id, payWholeLoan)} variant="secondary" disabledReasonId={disabledReasonId}>
            {TEXT.payWholeLoan}
          </ActionLink>{' '}
          <span className="dashboard-pay-whole-amount">{formatMoney(payWholeLoan.amount)}</span>
        </p>
      )}
    </div>
  );
}

function InstallmentItem({
  installment,
  number,
  today,
  payTo,
  disabledReasonId,
}: {
  installment: Installment;
  number: number;
  today: string;
  payTo: { amount: number; path: string } | undefined;
  disabledReasonId: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="dashboard-installment" data-status={installmentDisplayStatus(installment, today)}>
      <InstallmentFacts installment={installment} number={number} today={today} />
      <button
        type="button"
        className="ui-button ui-button--link dashboard-installment-toggle"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {TEXT.installmentDetails}
      </button>
      {open && (
        <dl id={detailsId} className="dashboard-installment-details">
          <div>
            <dt>{TEXT.base}</dt>
            <dd>{formatMoney(installment.initialBase)}</dd>
          </div>
          <div>
            <dt>{TEXT.interest}</dt>
            <dd>{formatMoney(installment.initialCalculatedInterest)}</dd>
          </div>
          <div>
            <dt>{TEXT.total}</dt>
            <dd>{formatMoney(installment.totalPayment)}</dd>
          </div>
          <div>
            <dt>{TEXT.payments}</dt>
            <dd>
              {installment.payments.length === 0 ? (
                TEXT.noPayments
              ) : (
                <ul>
                  {installment.payments.map((payment, index) => (
                    <li key={index}>
                      {formatMessage(TEXT.paymentLine, {
                        date: formatIsoDate(todayInMadrid(new Date(payment.paymentDate))),
                        amount: formatMoney(payment.amount),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      )}
      {payTo && (
        <ActionLink to={payTo.path} disabledReasonId={disabledReasonId}>
          {formatMessage(TEXT.payAmount, { amount: formatMoney(payTo.amount) })}
        </ActionLink>
      )}
    </li>
  );
}
