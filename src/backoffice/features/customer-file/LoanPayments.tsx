import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components/Disclosure';
import {
  ChargebackPost,
  DeletePaymentPost,
  UndeletePaymentPost,
  type Proposal,
} from '../../../shared/api/approvals.ts';
import { StaffLoanPaymentsGet, type StaffLoan, type StaffPayment } from '../../../shared/api/payment-staff.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ROLLOVER_FEE_PAYMENT } from '../../../shared/payment-statuses.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PAYMENT_SOURCE_LABELS, PAYMENT_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { LOAN_PAYMENT_TEXTS as T } from './texts-payments.ts';
import { useReloadableLoad } from './use-reload.ts';

/**
 * A loan's payments (`StaffLoanPaymentsGet`, read when opened): every status, what each put on which instalment,
 * and on the one the rules allow now (docs/rules/payments.md "Annulled payments") the proposal staff may make —
 * annul a transfer, a card payment's chargeback (administrators), or put an annulled one back. A proposal changes
 * nothing until another administrator approves it in 'Propuestas'.
 */
export function LoanPayments({ loan, onProposed }: { loan: StaffLoan; onProposed: (notice: string) => void }) {
  const [opened, setOpened] = useState(false);
  const { load, reload } = useReloadableLoad(opened ? `payments-${loan.id}` : null, () =>
    call(StaffLoanPaymentsGet, { params: { loanId: loan.id } }),
  );
  const proposed = (proposal: Proposal, paymentId: number) => {
    reload();
    onProposed(T.proposed(proposal.id, paymentId));
  };
  return (
    <Disclosure className="bo-disclosure" onExpandedChange={(expanded) => expanded && setOpened(true)}>
      <Heading level={3} className="bo-disclosure-heading">
        <Button slot="trigger" className="bo-disclosure-trigger">
          {T.show(loan.id)}
        </Button>
      </Heading>
      <DisclosurePanel>
        <Loaded load={load} loading={T.loading}>
          {(payments) =>
            payments.length === 0 ? (
              <p>{T.empty}</p>
            ) : (
              <PaymentTable loan={loan} payments={payments} onProposed={proposed} />
            )
          }
        </Loaded>
      </DisclosurePanel>
    </Disclosure>
  );
}

function PaymentTable({
  loan,
  payments,
  onProposed,
}: {
  loan: StaffLoan;
  payments: StaffPayment[];
  onProposed: (proposal: Proposal, paymentId: number) => void;
}) {
  const C = T.columns;
  const numberOf = (installmentId: number) => loan.installments.findIndex((row) => row.id === installmentId) + 1;
  return (
    <table className="bo-table" aria-label={T.tableLabel(loan.id)}>
      <thead>
        <tr>
          <th scope="col">{C.id}</th>
          <th scope="col">{C.date}</th>
          <th scope="col">{C.amount}</th>
          <th scope="col">{C.source}</th>
          <th scope="col">{C.status}</th>
          <th scope="col">{C.applied}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <th scope="row">{payment.id}</th>
            <td>{formatStaffDateTime(payment.settledAt ?? payment.createdAt)}</td>
            <td>{formatMoney(payment.amount)}</td>
            <td>{PAYMENT_SOURCE_LABELS[payment.source]}</td>
            <td>
              {PAYMENT_STATUS_LABELS[payment.status]}
              {payment.message !== '' && payment.status !== 'success' && (
                <>
                  <br />
                  {payment.message}
                </>
              )}
            </td>
            <td>
              {payment.purpose === ROLLOVER_FEE_PAYMENT
                ? T.rolloverFee
                : T.applied(
                    payment.allocations.map((part) =>
                      T.appliedPart(numberOf(part.installmentId), formatMoney(part.amount)),
                    ),
                  )}
            </td>
            <td>
              <PaymentProposals payment={payment} onProposed={onProposed} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A proposal on a payment: the call (the three share one shape), the flag of `actions` that allows it now, its words. */
interface PaymentProposalAction {
  entry: typeof DeletePaymentPost;
  allowed: keyof StaffPayment['actions'];
  label: string;
  title: (paymentId: number) => string;
  explain: string;
}

const PROPOSALS: readonly PaymentProposalAction[] = [
  {
    entry: DeletePaymentPost,
    allowed: 'delete',
    label: T.delete,
    title: T.deleteTitle,
    explain: T.deleteExplain,
  },
  {
    entry: ChargebackPost,
    allowed: 'chargeback',
    label: T.chargeback,
    title: T.chargebackTitle,
    explain: T.chargebackExplain,
  },
  {
    entry: UndeletePaymentPost,
    allowed: 'restore',
    label: T.restore,
    title: T.restoreTitle,
    explain: T.restoreExplain,
  },
];

function PaymentProposals({
  payment,
  onProposed,
}: {
  payment: StaffPayment;
  onProposed: (proposal: Proposal, paymentId: number) => void;
}) {
  const may = [useMayCall(DeletePaymentPost), useMayCall(ChargebackPost), useMayCall(UndeletePaymentPost)];
  const summary = `${formatMoney(payment.amount)} · ${PAYMENT_SOURCE_LABELS[payment.source]}`;
  return (
    <div className="bo-actions">
      {PROPOSALS.map(
        (proposal, index) =>
          may[index] &&
          payment.actions[proposal.allowed] && (
            <ActionButton
              key={proposal.allowed}
              label={proposal.label}
              title={proposal.title(payment.id)}
              confirmLabel={proposal.label}
              reason="required"
              onConfirm={async (reason) => {
                const body = { reason: reason ?? '' };
                onProposed(await call(proposal.entry, { params: { paymentId: payment.id }, body }), payment.id);
              }}
            >
              <p>{summary}</p>
              <p>{proposal.explain}</p>
            </ActionButton>
          ),
      )}
    </div>
  );
}
