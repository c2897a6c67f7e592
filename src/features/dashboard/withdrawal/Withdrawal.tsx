import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import type { WithdrawalQuote } from '../../../shared/api/withdrawal.ts';
import { formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { WITHDRAWAL_TEXTS as TEXT } from './texts.ts';
import { WithdrawalPaymentLinks } from './WithdrawalPaymentLinks.tsx';
import './withdrawal.css';

/** The modal loads when 'Desistir del contrato' is pressed, not with the dashboard. */
const WithdrawalModal = lazy(() => import('./WithdrawalModal.tsx'));

export interface WithdrawalLinkProps {
  /** The loan's quote (useWithdrawal); nothing is shown without one. */
  readonly quote: WithdrawalQuote | undefined;
  readonly onRecorded: (answer: WithdrawalQuote) => void;
  /** Set while the actions cannot be taken (offline, out-of-date data): the id of the element saying why. */
  readonly disabledReasonId?: string | undefined;
}

/** 'Desistir del contrato' in the credit summary: only while the withdrawal is open and no notice was given. */
export function WithdrawalLink({ quote, onRecorded, disabledReasonId }: WithdrawalLinkProps) {
  const [open, setOpen] = useState(false);
  if (!quote || !quote.eligible || quote.withdrawal !== null) return null;
  return (
    <>
      <Button
        variant="link"
        isDisabled={disabledReasonId !== undefined}
        aria-describedby={disabledReasonId}
        onPress={() => setOpen(true)}
      >
        {TEXT.link}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WithdrawalModal quote={quote} onRecorded={onRecorded} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The notice on the dashboard once the customer has withdrawn (until the money is returned): when they said so, what
 * returning it costs today and by when, and the two ways to pay it.
 */
export function WithdrawalNotice({
  quote,
  disabledReasonId,
}: {
  readonly quote: WithdrawalQuote | undefined;
  readonly disabledReasonId?: string | undefined;
}) {
  const notice = quote?.withdrawal;
  if (!quote || !notice || notice.status !== 'requested') return null;
  return (
    <div className="withdrawal-notice" role="note" aria-labelledby={`withdrawal-notice-${quote.loanId}`}>
      <h3 id={`withdrawal-notice-${quote.loanId}`}>{TEXT.noticeTitle}</h3>
      <p>
        {formatMessage(TEXT.notice, {
          date: formatIsoDate(todayInMadrid(new Date(notice.requestedAt))),
          amount: formatMoney(quote.amount),
          repayBy: formatIsoDate(notice.repayBy),
        })}
      </p>
      {quote.dailyInterest > 0 && (
        <p>{formatMessage(TEXT.noticeDaily, { amount: formatMoney(quote.dailyInterest) })}</p>
      )}
      <WithdrawalPaymentLinks loanId={quote.loanId} disabledReasonId={disabledReasonId} />
    </div>
  );
}
