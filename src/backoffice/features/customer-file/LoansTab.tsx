import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { InstallmentStatusHistoryGet, LoanStatusHistoryGet } from '../../../shared/api/loan-staff.ts';
import { StaffCustomerLoansGet, type StaffLoan } from '../../../shared/api/payment-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { firstUnpaidInstallment } from '../../../shared/loan-statuses.ts';
import { formatMoney, toCents } from '../../../shared/money.ts';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { INSTALLMENT_STATUS_LABELS, LOAN_STATUS_LABELS } from '../../lib/status-labels.ts';
import { Notice } from '../../lib/Notice.tsx';
import { FutureCloseForm } from './FutureCloseForm.tsx';
import { InstallmentActions } from './InstallmentActions.tsx';
import { LoanPayoutActions } from './LoanPayoutActions.tsx';
import { LoanPayments } from './LoanPayments.tsx';
import { ManualPaymentButton } from './ManualPaymentButton.tsx';
import { LOAN_READ_TEXTS as R } from './texts-payments.ts';
import { useReloadableLoad } from './use-reload.ts';
import { changeOf, StatusHistoryDisclosure } from './StatusChanges.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';

const T = CUSTOMER_TEXTS.loans;

/** How far the first unpaid instalment is: due in N days, today, or N days late (`overdueDay`'s sign). */
function dueText(loan: StaffLoan): string {
  const next = firstUnpaidInstallment(loan.installments);
  if (!next) return T.nothingDue;
  const days = loan.overdueDay;
  const when = days > 0 ? T.dueIn(days) : days === 0 ? T.dueToday : T.late(-days);
  return `${formatDate(next.expectedDate)} (${when})`;
}

/** What the instalment's payments put on it. */
const paidOn = (row: StaffLoan['installments'][number]) =>
  toCents(row.payments.reduce((sum, payment) => sum + payment.amount, 0));

const paidCount = (loan: StaffLoan) => loan.installments.filter((row) => row.status === 'paid').length;

/**
 * 'Préstamos': the customer's loans (`StaffCustomerLoansGet`, newest first) and each one's instalments; on a running
 * loan, for agents and administrators, 'Asignar una transferencia' (ManualPaymentButton), a date moved or a discount
 * (InstallmentActions); on a loan not paid out yet its status, amount and account (LoanPayoutActions) — after each,
 * they are read again; per loan its payments and the proposals on them (LoanPayments).
 */
export function LoansTab({ customerId }: { customerId: number }) {
  const { load: loans, reload } = useReloadableLoad(String(customerId), () =>
    call(StaffCustomerLoansGet, { query: { customerId } }),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    setNotice(text);
    reload();
  };
  return (
    <>
      <Notice text={notice} />
      <Loaded load={loans} loading={T.loading}>
        {(list) =>
          list.length === 0 ? (
            <p>{T.empty}</p>
          ) : (
            <LoanList loans={list} customerId={customerId} onDone={done} onNotice={setNotice} />
          )
        }
      </Loaded>
    </>
  );
}

type Notify = (notice: string) => void;

interface LoanProps {
  customerId: number;
  onDone: Notify;
  onNotice: Notify;
}

function LoanList({ loans, ...props }: LoanProps & { loans: StaffLoan[] }) {
  return (
    <>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.id}</Column>
          <Column>{T.columns.product}</Column>
          <Column>{T.columns.amount}</Column>
          <Column>{T.columns.created}</Column>
          <Column>{T.columns.status}</Column>
          <Column>{T.columns.installments}</Column>
          <Column>{T.columns.next}</Column>
          <Column>{T.columns.closure}</Column>
        </TableHeader>
        <TableBody items={loans}>
          {(loan) => (
            <Row id={loan.id}>
              <Cell>{T.loanNumber(loan.id)}</Cell>
              <Cell>{loan.interestFree ? `${loan.productName} · ${promotionText(loan)}` : loan.productName}</Cell>
              <Cell>{formatMoney(loan.loanAmount)}</Cell>
              <Cell>{formatDate(loan.createdDate)}</Cell>
              <Cell>{LOAN_STATUS_LABELS[loan.status]}</Cell>
              <Cell>{T.paidOf(paidCount(loan), loan.installmentCount)}</Cell>
              <Cell>{dueText(loan)}</Cell>
              <Cell>{formatMoney(loan.earlyClosureAmount)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {loans.map((loan) => (
        <InstallmentTable key={loan.id} loan={loan} {...props} />
      ))}
    </>
  );
}

const promotionText = (loan: StaffLoan) => (loan.interestFreeLapsedAt === null ? T.interestFree : T.promotionLapsed);

function InstallmentTable({ loan, customerId, onDone, onNotice }: LoanProps & { loan: StaffLoan }) {
  const title = T.installmentsOf(loan.id);
  return (
    <section aria-label={title}>
      <h2 className="bo-subheading">{title}</h2>
      <div className="bo-row-actions">
        <ManualPaymentButton loan={loan} onDone={onDone} />
      </div>
      <LoanPayoutActions loan={loan} customerId={customerId} onDone={onDone} />
      <InstallmentActions loan={loan} onDone={onDone} />
      <FutureCloseForm loan={loan} />
      <Table aria-label={title} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.installmentColumns.date}</Column>
          <Column>{T.installmentColumns.base}</Column>
          <Column>{T.installmentColumns.interest}</Column>
          <Column>{T.installmentColumns.total}</Column>
          <Column>{T.installmentColumns.paid}</Column>
          <Column>{T.installmentColumns.status}</Column>
        </TableHeader>
        <TableBody items={loan.installments}>
          {(row) => (
            <Row id={row.id}>
              <Cell>{formatDate(row.expectedDate)}</Cell>
              <Cell>{formatMoney(row.initialBase)}</Cell>
              <Cell>{formatMoney(row.initialCalculatedInterest)}</Cell>
              <Cell>{formatMoney(row.totalPayment)}</Cell>
              <Cell>{formatMoney(paidOn(row))}</Cell>
              <Cell>{INSTALLMENT_STATUS_LABELS[row.status]}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {/* A proposal changes nothing until approved: only the payments are read again, not the loans. */}
      <LoanPayments loan={loan} onProposed={onNotice} />
      <StatusHistoryDisclosure
        title={T.historyOf(loan.id)}
        readKey={String(loan.id)}
        read={async () => (await call(LoanStatusHistoryGet, { params: { loanId: loan.id } })).map(changeOf)}
        labels={LOAN_STATUS_LABELS}
      />
      {loan.installments.map((row, index) => (
        <StatusHistoryDisclosure
          key={row.id}
          title={R.installmentHistoryOf(index + 1, formatDate(row.expectedDate))}
          readKey={String(row.id)}
          read={async () =>
            (await call(InstallmentStatusHistoryGet, { params: { installmentId: row.id } })).map(changeOf)
          }
          labels={INSTALLMENT_STATUS_LABELS}
        />
      ))}
    </section>
  );
}
