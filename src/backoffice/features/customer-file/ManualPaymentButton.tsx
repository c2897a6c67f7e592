import { useState } from 'react';
import { PayLoanManualPost, StatementLinesGet, type StaffLoan } from '../../../shared/api/payment-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { installmentRemaining, payableInstallments } from '../../../shared/loan/payment-amounts.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { messageOf, StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { API_TEXTS } from '../../lib/texts.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { PAYMENT_ACTION_TEXTS as T } from './texts-payments.ts';

/**
 * 'Asignar una transferencia' on a running loan (`PayLoanManualPost`, agents and administrators; docs/rules/payments.md
 * "Manual matching"): a transfer waiting on the bank statement (`StatementLinesGet`, read when the dialog opens),
 * applied from the loan's first payable instalment — the one named to the server, so that if it was paid meanwhile
 * nothing is recorded and the dialog says so.
 */
export function ManualPaymentButton({ loan, onDone }: { loan: StaffLoan; onDone: (notice: string) => void }) {
  const mayMatch = useMayCall(PayLoanManualPost);
  const [opened, setOpened] = useState(0);
  const [lineId, setLineId] = useState('');
  const lines = useLoad(opened > 0 ? `statement-lines:${opened}` : null, () =>
    call(StatementLinesGet, { query: { status: 'unmatched', page: 1, pageSize: 100 } }),
  );
  const first = payableInstallments(loan.installments)[0];
  if (!mayMatch || !first || (loan.status !== 'issued' && loan.status !== 'arranged')) return null;
  const number = loan.installments.indexOf(first) + 1;
  const waiting = lines.status === 'done' ? lines.data.items : [];

  return (
    <ActionButton
      label={T.assign}
      title={T.assignTitle(loan.id)}
      confirmLabel={T.confirm}
      reason="required"
      onOpen={() => {
        setLineId('');
        setOpened((count) => count + 1);
      }}
      onConfirm={async (reason) => {
        if (lineId === '')
          throw new StaffApiError({ kind: 'business', callName: PayLoanManualPost.name, message: T.chooseFirst });
        const paid = await call(PayLoanManualPost, {
          body: { statementLineId: Number(lineId), loanId: loan.id, installmentId: first.id, reason: reason ?? '' },
        });
        const notice = T.done(formatMoney(paid.amount), loan.id);
        onDone(paid.loanStatus === 'repaid' ? `${notice} ${T.closed(loan.id)}` : notice);
      }}
    >
      <p>{T.pays(number, formatDate(first.expectedDate), formatMoney(installmentRemaining(first)))}</p>
      {lines.status === 'loading' && <p role="status">{T.loadingLines}</p>}
      {lines.status === 'failed' && <p role="alert">{messageOf(lines.error, API_TEXTS.network)}</p>}
      {lines.status === 'failed' ? null : lines.status === 'done' && waiting.length === 0 ? (
        <p>{T.noLines}</p>
      ) : (
        <SelectField
          label={T.line}
          name="statementLineId"
          value={lineId}
          emptyLabel={T.choose}
          options={waiting.map(
            (line) =>
              [
                String(line.id),
                T.lineOption(formatDate(line.receivedOn), formatMoney(line.amount), line.description, line.payerName),
              ] as const,
          )}
          onChange={setLineId}
        />
      )}
    </ActionButton>
  );
}
