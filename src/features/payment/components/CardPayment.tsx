import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { getThreeDsState } from '../../../lib/api/calls/three-ds-state.ts';
import { onlineAtom } from '../../../lib/pwa/network-status.ts';
import { ThreeDsFlow } from '../../../lib/three-ds/ThreeDsFlow.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import type { CardEntity } from '../../../shared/api/card.ts';
import { maskedCard, showsBrandIcon } from '../../../shared/card-display.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, type Cents } from '../../../shared/money.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import type { PaymentOption } from '../../../shared/statuses.ts';
import { PAYMENT_TEXTS as TEXT } from '../texts.ts';
import { isUsableCard, preselectedCard, useCardPayment } from '../../../lib/card-payment/index.ts';
import { payLoan } from '../api/pay-loan.ts';
import { CardBrandIcon } from '../../../lib/ui/CardBrandIcon.tsx';

export interface CardPaymentProps {
  readonly loanId: number;
  readonly option: PaymentOption;
  /** The instalment paid by firstNotPaidInstallment (the quote's first one), so a replay cannot pay the next one. */
  readonly installmentId: number | null;
  readonly amount: Cents;
  readonly cards: readonly CardEntity[];
  readonly onSuccess: (paymentId: number) => void;
  readonly onAlreadyPaid: () => void;
}

/**
 * Pay by card: the usable cards (masked, the brand icon, the principal one preselected) and 'Pagar {amount}'.
 * Offline the button is disabled with the reason; the answers are written above the button.
 */
export function CardPayment({
  loanId,
  option,
  installmentId,
  amount,
  cards,
  onSuccess,
  onAlreadyPaid,
}: CardPaymentProps) {
  const online = useAtomValue(onlineAtom);
  const usable = cards.filter(isUsableCard);
  const [cardId, setCardId] = useState<number | null>(() => preselectedCard(cards)?.id ?? null);
  const { state, busy, pay, threeDsDone } = useCardPayment({ send: payLoan, onSuccess, onAlreadyPaid });
  const reasonId = useId();
  const name = useId();

  if (usable.length === 0) {
    return (
      <div className="payment-no-cards">
        <p>{TEXT.noCards}</p>
        <Link className="ui-button ui-button--secondary" to={buildPath('financialInfoAddCard')}>
          {TEXT.addCard}
        </Link>
      </div>
    );
  }

  const press = () => {
    if (cardId === null || !online) return;
    void pay({
      loanId,
      paymentOption: option,
      ...(option === 'firstNotPaidInstallment' && installmentId !== null ? { installmentId } : {}),
      amount,
      cardId,
    });
  };

  return (
    <div className="payment-card">
      <fieldset className="payment-cards" disabled={busy}>
        <legend>{TEXT.cardLegend}</legend>
        {usable.map((card) => (
          <label key={card.id} className="payment-card-option" data-selected={card.id === cardId}>
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={card.id === cardId}
              onChange={() => setCardId(card.id)}
            />
            {showsBrandIcon(card) && <CardBrandIcon />}
            <span className="payment-card-number">{maskedCard(card.maskedCardNumber)}</span>
            {card.isActive && <span className="payment-card-badge">{TEXT.principal}</span>}
          </label>
        ))}
      </fieldset>
      {state.kind === 'message' && (
        <div className="payment-alert" role="alert">
          <p>{state.text}</p>
          {state.toDashboard && <Link to={buildPath('dashboard')}>{TEXT.toDashboard}</Link>}
        </div>
      )}
      {state.kind === 'confirming' && (
        <div className="payment-confirming" role="status">
          <Spinner />
          <p>{TEXT.confirming}</p>
        </div>
      )}
      {!online && (
        <p id={reasonId} className="payment-offline">
          {TEXT.offline}
        </p>
      )}
      <Button
        fullWidth
        isDisabled={!online || cardId === null}
        isLoading={busy}
        loadingLabel={TEXT.paying}
        onPress={press}
        {...(online ? {} : { 'aria-describedby': reasonId })}
      >
        {formatMessage(TEXT.payAmount, { amount: formatMoney(amount) })}
      </Button>
      {state.kind === 'threeDs' && (
        <ThreeDsFlow event={state.event} trackId={state.trackId} poll={getThreeDsState} onDone={threeDsDone} />
      )}
    </div>
  );
}
