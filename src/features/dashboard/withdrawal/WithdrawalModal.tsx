import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/errors.ts';
import { randomId } from '../../../lib/api/random-id.ts';
import { loadLoans } from '../../../lib/loans/load-loans.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import type { WithdrawalQuote } from '../../../shared/api/withdrawal.ts';
import { formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { giveWithdrawalNotice } from './api/give-withdrawal-notice.ts';
import { isLostAnswer, refusalMessage } from './api/lost-answer.ts';
import { WITHDRAWAL_TEXTS as TEXT } from './texts.ts';
import { WithdrawalPaymentLinks } from './WithdrawalPaymentLinks.tsx';

export interface WithdrawalModalProps {
  readonly quote: WithdrawalQuote;
  /** The notice was recorded (the answer of DesistContractPost). */
  readonly onRecorded: (answer: WithdrawalQuote) => void;
  readonly onClose: () => void;
}

/**
 * 'Desistir del contrato' (Directive 2023/2225 art. 26; docs/rules/payments.md "Withdrawal"): the last day to withdraw,
 * what returning the money costs today (the capital received, the interest accrued to today, the total, the interest of
 * each further day) and how (card or bank transfer, within 30 days). 'Confirmar desistimiento' sends
 * DesistContractPost with one Idempotency-Key per press, kept after a lost answer so the next press cannot record a
 * second notice; a refusal shows its Spanish message. Recorded: a success toast, the loans loaded again, and the
 * dashboard shows the notice.
 */
export default function WithdrawalModal({ quote, onRecorded, onClose }: WithdrawalModalProps) {
  const store = useStore();
  const [message, setMessage] = useState<string | undefined>(undefined);
  /** The key of the press whose answer was lost (sent again by the next press). */
  const unanswered = useRef<string | null>(null);

  const [confirm, running] = useSingleFlight(async () => {
    const key = unanswered.current ?? randomId();
    unanswered.current = key;
    setMessage(undefined);
    try {
      const answer = await giveWithdrawalNotice(quote.loanId, key);
      unanswered.current = null;
      showToast({ alertType: 'success', content: TEXT.recorded });
      void loadLoans(store);
      onRecorded(answer);
      onClose();
    } catch (error) {
      if (isLostAnswer(error)) {
        setMessage(TEXT.lostAnswer);
        return;
      }
      unanswered.current = null;
      setMessage((isApiError(error) ? refusalMessage(error) : undefined) ?? TEXT.failed);
    }
  });

  return (
    <Modal
      isOpen
      id="withdrawalModal"
      maxWidth={600}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={TEXT.title}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            {TEXT.cancel}
          </Button>
          <Button isLoading={running} onPress={() => void confirm()}>
            {TEXT.confirm}
          </Button>
        </>
      )}
    >
      <p>{TEXT.intro}</p>
      <p>
        <strong>{formatMessage(TEXT.lastDay, { date: formatIsoDate(quote.deadline) })}</strong>
      </p>
      <dl className="withdrawal-figures">
        <div>
          <dt>{TEXT.principal}</dt>
          <dd>{formatMoney(quote.principal)}</dd>
        </div>
        <div>
          <dt>{TEXT.interest}</dt>
          <dd>{formatMoney(quote.interest)}</dd>
        </div>
        <div className="withdrawal-total">
          <dt>{TEXT.amount}</dt>
          <dd data-testid="withdrawal-amount">{formatMoney(quote.amount)}</dd>
        </div>
        <div>
          <dt>{TEXT.dailyInterest}</dt>
          <dd>{formatMoney(quote.dailyInterest)}</dd>
        </div>
      </dl>
      <p>{formatMessage(TEXT.dailyNote, { amount: formatMoney(quote.dailyInterest) })}</p>
      <h3 className="withdrawal-how">{TEXT.howTitle}</h3>
      <p>{TEXT.how}</p>
      <WithdrawalPaymentLinks loanId={quote.loanId} />
      {message !== undefined && (
        <p role="alert" className="withdrawal-error">
          {message}
        </p>
      )}
    </Modal>
  );
}
