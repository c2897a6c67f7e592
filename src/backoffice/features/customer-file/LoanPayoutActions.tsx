import { useId, useState } from 'react';
import { StaffBankAccountsGet } from '../../../shared/api/bank-staff.ts';
import { ChangeLoanAmountPost, ChangeLoanToAccountPost } from '../../../shared/api/loan-staff.ts';
import type { StaffLoan } from '../../../shared/api/payment-staff.ts';
import { LoanStatusPost, SetLoanCancelledPost, SetLoanIssuedPost } from '../../../shared/api/payout.ts';
import { awaitingPayoutLoanStatuses, STAFF_LOAN_MOVES, type LoanStatus } from '../../../shared/loan-statuses.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { messageOf, StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { LOAN_STATUS_LABELS } from '../../lib/status-labels.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { LOAN_ACTION_TEXTS as T } from './texts-loan-actions.ts';

/**
 * A loan not paid out yet, for agents and administrators (docs/rules/loan-request.md "Staff moves before the payout";
 * docs/backoffice.md §8 P4): move it into or along the bank transfer's statuses, mark it paid out, cancel it, change
 * its amount (a signed loan is signed again) or the account it goes to. Each dialog says what the change does; the
 * server's refusal shows inside it; after a change the loans are read again.
 */

type Done = (notice: string) => void;

const refusal = (callName: string, message: string) => new StaffApiError({ kind: 'business', callName, message });

export function LoanPayoutActions({ loan, customerId, onDone }: { loan: StaffLoan; customerId: number; onDone: Done }) {
  if (!(awaitingPayoutLoanStatuses as readonly LoanStatus[]).includes(loan.status)) return null;
  return (
    <div className="bo-row-actions">
      <MoveStatus loan={loan} onDone={onDone} />
      <IssueLoan loan={loan} onDone={onDone} />
      <CancelLoan loan={loan} onDone={onDone} />
      <ChangeAmount loan={loan} onDone={onDone} />
      <ChangeAccount loan={loan} customerId={customerId} onDone={onDone} />
    </div>
  );
}

/** The transfer's statuses this loan may move to (issuing and cancelling have their own buttons). */
const transferMoves = (status: LoanStatus) =>
  (STAFF_LOAN_MOVES[status] ?? []).filter((to) => to !== 'issued' && to !== 'cancelled');

function MoveStatus({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const may = useMayCall(LoanStatusPost);
  const [to, setTo] = useState('');
  const moves = transferMoves(loan.status);
  if (!may || moves.length === 0) return null;
  return (
    <ActionButton
      label={T.move}
      title={T.moveTitle(loan.id)}
      confirmLabel={T.move}
      reason="required"
      onOpen={() => setTo('')}
      onConfirm={async (reason) => {
        if (to === '') throw refusal(LoanStatusPost.name, T.chooseFirst);
        const moved = await call(LoanStatusPost, {
          params: { loanId: loan.id },
          body: { status: to as LoanStatus, reason: reason ?? '' },
        });
        onDone(moved.changed ? T.moved(loan.id, LOAN_STATUS_LABELS[moved.status]) : T.unchanged(loan.id));
      }}
    >
      <p>{T.moveExplained}</p>
      <SelectField
        label={T.moveTo}
        name="status"
        value={to}
        emptyLabel={T.chooseStatus}
        options={moves.map((status) => [status, LOAN_STATUS_LABELS[status]] as const)}
        onChange={setTo}
      />
    </ActionButton>
  );
}

function IssueLoan({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const may = useMayCall(SetLoanIssuedPost);
  if (!may || !STAFF_LOAN_MOVES[loan.status]?.includes('issued')) return null;
  return (
    <ActionButton
      label={T.issue}
      title={T.issueTitle(loan.id)}
      confirmLabel={T.issue}
      reason="required"
      onConfirm={async (reason) => {
        const moved = await call(SetLoanIssuedPost, { params: { loanId: loan.id }, body: { reason: reason ?? '' } });
        onDone(moved.changed ? T.issued(loan.id) : T.unchanged(loan.id));
      }}
    >
      <p>{T.issueExplained}</p>
    </ActionButton>
  );
}

function CancelLoan({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const may = useMayCall(SetLoanCancelledPost);
  if (!may) return null;
  return (
    <ActionButton
      label={T.cancel}
      title={T.cancelTitle(loan.id)}
      confirmLabel={T.cancel}
      reason="required"
      tone="danger"
      onConfirm={async (reason) => {
        await call(SetLoanCancelledPost, { params: { loanId: loan.id }, body: { reason: reason ?? '' } });
        onDone(T.cancelled(loan.id));
      }}
    >
      <p>{T.cancelExplained}</p>
    </ActionButton>
  );
}

function ChangeAmount({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const id = useId();
  const may = useMayCall(ChangeLoanAmountPost);
  const [text, setText] = useState('');
  if (!may) return null;
  return (
    <ActionButton
      label={T.amount}
      title={T.amountTitle(loan.id)}
      confirmLabel={T.amount}
      reason="required"
      onOpen={() => setText('')}
      onConfirm={async (reason) => {
        const amount = text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));
        const body = checkedBody(
          ChangeLoanAmountPost.name,
          ChangeLoanAmountPost.body,
          { amount, reason: reason ?? '' },
          T.invalidAmount,
        );
        const changed = await call(ChangeLoanAmountPost, { params: { loanId: loan.id }, body });
        const notice = T.amountChanged(loan.id, formatMoney(changed.amount));
        onDone(changed.signAgain ? `${notice} ${T.amountSignAgain}` : notice);
      }}
    >
      <p>{loan.status === 'requested' ? T.amountNotSigned : T.amountSigned}</p>
      <div className="bo-field">
        <label htmlFor={`${id}-amount`}>{T.amountField}</label>
        <input id={`${id}-amount`} inputMode="decimal" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
    </ActionButton>
  );
}

function ChangeAccount({ loan, customerId, onDone }: { loan: StaffLoan; customerId: number; onDone: Done }) {
  const may = useMayCall(ChangeLoanToAccountPost);
  const [opened, setOpened] = useState(0);
  const [accountId, setAccountId] = useState('');
  const accounts = useLoad(opened > 0 ? `accounts:${customerId}:${opened}` : null, () =>
    call(StaffBankAccountsGet, { params: { customerId } }),
  );
  if (!may) return null;
  const active = accounts.status === 'done' ? accounts.data.filter((account) => account.status === 'active') : [];
  return (
    <ActionButton
      label={T.account}
      title={T.accountTitle(loan.id)}
      confirmLabel={T.account}
      reason="required"
      onOpen={() => {
        setAccountId('');
        setOpened((count) => count + 1);
      }}
      onConfirm={async (reason) => {
        if (accountId === '') throw refusal(ChangeLoanToAccountPost.name, T.chooseFirst);
        await call(ChangeLoanToAccountPost, {
          params: { loanId: loan.id },
          body: { accountId: Number(accountId), reason: reason ?? '' },
        });
        onDone(T.accountChanged(loan.id));
      }}
    >
      {accounts.status === 'loading' && <p role="status">{T.loadingAccounts}</p>}
      {accounts.status === 'failed' && <p role="alert">{messageOf(accounts.error, API_TEXTS.network)}</p>}
      {accounts.status === 'done' && active.length === 0 ? (
        <p>{T.noAccounts}</p>
      ) : (
        <SelectField
          label={T.accountField}
          name="accountId"
          value={accountId}
          emptyLabel={T.chooseAccount}
          options={active.map(
            (account) => [String(account.id), T.accountOption(account.iban, account.bankName)] as const,
          )}
          onChange={setAccountId}
        />
      )}
    </ActionButton>
  );
}
