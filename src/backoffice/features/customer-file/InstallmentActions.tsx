import { useId, useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components/Disclosure';
import {
  ChangeExpectedDatePost,
  DiscountDelete,
  DiscountPost,
  StaffLoanDiscountsGet,
  type StaffDiscount,
  type StaffLoan,
} from '../../../shared/api/payment-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { SelectField } from '../../lib/SelectField.tsx';
import { useMayCall } from '../../lib/use-may-call.ts';
import { LOAN_ACTION_TEXTS as T } from './texts-loan-actions.ts';
import { useReloadableLoad } from './use-reload.ts';

/**
 * A running loan's unpaid instalments, for agents and administrators (docs/rules/payments.md "Changing an instalment's
 * date" and "Discounts"): move one's date, grant a discount on one, and the loan's discounts (read when opened) with
 * 'Quitar' on those standing. After a change the loans are read again.
 */

type Done = (notice: string) => void;
type Installment = StaffLoan['installments'][number];

const unpaidOf = (loan: StaffLoan) =>
  loan.installments.map((row, index) => ({ row, number: index + 1 })).filter(({ row }) => row.status === 'notPaid');

const optionsOf = (unpaid: ReturnType<typeof unpaidOf>) =>
  unpaid.map(
    ({ row, number }) =>
      [
        String(row.id),
        T.installmentOption(number, formatDate(row.expectedDate), formatMoney(row.totalPayment)),
      ] as const,
  );

const refusal = (callName: string, message: string) => new StaffApiError({ kind: 'business', callName, message });

export function InstallmentActions({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  if (!isActiveLoanStatus(loan.status)) return null;
  return (
    <>
      <div className="bo-row-actions">
        <ChangeDate loan={loan} onDone={onDone} />
        <GrantDiscount loan={loan} onDone={onDone} />
      </div>
      <Discounts loan={loan} onDone={onDone} />
    </>
  );
}

function ChangeDate({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const id = useId();
  const may = useMayCall(ChangeExpectedDatePost);
  const [draft, setDraft] = useState({ installmentId: '', date: '' });
  const unpaid = unpaidOf(loan);
  if (!may || unpaid.length === 0) return null;
  return (
    <ActionButton
      label={T.date}
      title={T.dateTitle(loan.id)}
      confirmLabel={T.date}
      reason="required"
      onOpen={() => setDraft({ installmentId: '', date: '' })}
      onConfirm={async (reason) => {
        if (draft.installmentId === '' || draft.date === '') throw refusal(ChangeExpectedDatePost.name, T.chooseFirst);
        const moved = await call(ChangeExpectedDatePost, {
          params: { installmentId: Number(draft.installmentId) },
          body: { expectedDate: draft.date, reason: reason ?? '' },
        });
        onDone(T.dateChanged(moved.number, formatDate(moved.expectedDate)));
      }}
    >
      <p>{T.dateExplained}</p>
      <SelectField
        label={T.installmentField}
        name="installmentId"
        value={draft.installmentId}
        emptyLabel={T.chooseInstallment}
        options={optionsOf(unpaid)}
        onChange={(installmentId) => setDraft({ ...draft, installmentId })}
      />
      <div className="bo-field">
        <label htmlFor={`${id}-date`}>{T.newDate}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={draft.date}
          onChange={(event) => setDraft({ ...draft, date: event.target.value })}
        />
      </div>
    </ActionButton>
  );
}

function GrantDiscount({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const id = useId();
  const may = useMayCall(DiscountPost);
  const [draft, setDraft] = useState({ installmentId: '', amount: '', key: '' });
  const unpaid = unpaidOf(loan);
  if (!may || unpaid.length === 0) return null;
  return (
    <ActionButton
      label={T.discount}
      title={T.discountTitle(loan.id)}
      confirmLabel={T.discount}
      reason="required"
      // One key per opening: a retry of this grant (a lost answer) never discounts twice.
      onOpen={() => setDraft({ installmentId: '', amount: '', key: crypto.randomUUID() })}
      onConfirm={async (reason) => {
        if (draft.installmentId === '') throw refusal(DiscountPost.name, T.chooseFirst);
        const amount = draft.amount.trim() === '' ? Number.NaN : Number(draft.amount.trim().replace(',', '.'));
        const body = checkedBody(
          DiscountPost.name,
          DiscountPost.body,
          { installmentId: Number(draft.installmentId), amount, reason: reason ?? '', key: draft.key },
          T.invalidAmount,
        );
        const granted = await call(DiscountPost, { body });
        onDone(T.discountGranted(formatMoney(granted.amount), numberOf(loan, granted.installmentId)));
      }}
    >
      <p>{T.discountExplained}</p>
      <SelectField
        label={T.installmentField}
        name="installmentId"
        value={draft.installmentId}
        emptyLabel={T.chooseInstallment}
        options={optionsOf(unpaid)}
        onChange={(installmentId) => setDraft({ ...draft, installmentId })}
      />
      <div className="bo-field">
        <label htmlFor={`${id}-amount`}>{T.discountField}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={draft.amount}
          onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
        />
      </div>
    </ActionButton>
  );
}

const numberOf = (loan: StaffLoan, installmentId: number) =>
  loan.installments.findIndex((row: Installment) => row.id === installmentId) + 1;

function Discounts({ loan, onDone }: { loan: StaffLoan; onDone: Done }) {
  const [opened, setOpened] = useState(false);
  const { load, reload } = useReloadableLoad(opened ? `discounts-${loan.id}` : null, () =>
    call(StaffLoanDiscountsGet, { params: { loanId: loan.id } }),
  );
  return (
    <Disclosure className="bo-disclosure" onExpandedChange={(expanded) => expanded && setOpened(true)}>
      <Heading level={3} className="bo-disclosure-heading">
        <Button slot="trigger" className="bo-disclosure-trigger">
          {T.discounts(loan.id)}
        </Button>
      </Heading>
      <DisclosurePanel>
        <Loaded load={load} loading={T.loadingDiscounts}>
          {(discounts) =>
            discounts.length === 0 ? (
              <p>{T.noDiscounts}</p>
            ) : (
              <ul className="bo-list">
                {discounts.map((discount) => (
                  <DiscountItem
                    key={discount.id}
                    loan={loan}
                    discount={discount}
                    onRemoved={(notice) => {
                      reload();
                      onDone(notice);
                    }}
                  />
                ))}
              </ul>
            )
          }
        </Loaded>
      </DisclosurePanel>
    </Disclosure>
  );
}

function DiscountItem({ loan, discount, onRemoved }: { loan: StaffLoan; discount: StaffDiscount; onRemoved: Done }) {
  const may = useMayCall(DiscountDelete);
  const amount = formatMoney(discount.amount);
  const number = numberOf(loan, discount.installmentId);
  return (
    <li>
      {T.discountLine(
        amount,
        number,
        formatStaffDateTime(discount.createdAt),
        discount.createdBy?.fullName ?? T.someone,
        discount.reason,
      )}
      {discount.removedAt !== null ? (
        <> {T.removedLine(formatStaffDateTime(discount.removedAt), discount.removedBy?.fullName ?? T.someone)}</>
      ) : (
        may && (
          <ActionButton
            label={T.remove}
            title={T.removeTitle(amount, number)}
            confirmLabel={T.remove}
            reason="required"
            onConfirm={async (reason) => {
              await call(DiscountDelete, { params: { discountId: discount.id }, body: { reason: reason ?? '' } });
              onRemoved(T.removed(amount, number));
            }}
          />
        )
      )}
    </li>
  );
}
