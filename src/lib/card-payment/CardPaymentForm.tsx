import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CardEntity } from '../../shared/api/card.ts';
import type { PaymentResult } from '../../shared/api/payment.ts';
import { maskedCard, showsBrandIcon } from '../../shared/card-display.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { getThreeDsState } from '../api/calls/three-ds-state.ts';
import { onlineAtom } from '../pwa/network-status.ts';
import { ThreeDsFlow } from '../three-ds/ThreeDsFlow.tsx';
import { Button } from '../ui/Button.tsx';
import { CardBrandIcon } from '../ui/CardBrandIcon.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { isUsableCard, preselectedCard } from './payment-cards.ts';
import { CARD_PAYMENT_TEXTS as TEXT } from './texts.ts';
import { useCardPayment } from './use-card-payment.ts';
import './card-payment.css';

export interface CardPaymentFormProps<P> {
  readonly cards: readonly CardEntity[];
  /** The money call (PayLoanPost, RolloverPost) with the press's Idempotency-Key. */
  readonly send: (payload: P, idempotencyKey: string) => Promise<PaymentResult>;
  /** The call's payload for the chosen card. */
  readonly payloadFor: (cardId: number) => P;
  /** The button: 'Pagar {amount}', 'Pagar {fee} y prorrogar'. */
  readonly payLabel: string;
  readonly payingLabel: string;
  /** Why the button is disabled offline. */
  readonly offlineText: string;
  readonly onSuccess: (paymentId: number) => void;
  readonly onAlreadyPaid: () => void;
}

/**
 * Paying by card, for every call that charges a card (the payment page's PayLoanPost, the rollover's fee by
 * RolloverPost): the usable cards (masked, the brand icon, the principal one preselected), the answers above the
 * button, offline the button disabled with the reason, and 3-D Secure when the gateway asks (`useCardPayment`: one
 * Idempotency-Key per press, kept for its retries).
 */
export function CardPaymentForm<P>({
  cards,
  send,
  payloadFor,
  payLabel,
  payingLabel,
  offlineText,
  onSuccess,
  onAlreadyPaid,
}: CardPaymentFormProps<P>) {
  const online = useAtomValue(onlineAtom);
  const usable = cards.filter(isUsableCard);
  const [cardId, setCardId] = useState<number | null>(() => preselectedCard(cards)?.id ?? null);
  const { state, busy, pay, threeDsDone } = useCardPayment<P>({ send, onSuccess, onAlreadyPaid });
  const reasonId = useId();
  const name = useId();

  if (usable.length === 0) {
    return (
      <div className="card-payment-no-cards">
        <p>{TEXT.noCards}</p>
        <Link className="ui-button ui-button--secondary" to={buildPath('financialInfoAddCard')}>
          {TEXT.addCard}
        </Link>
      </div>
    );
  }

  const press = () => {
    if (cardId === null || !online) return;
    void pay(payloadFor(cardId));
  };

  return (
    <div className="card-payment">
      <fieldset className="card-payment-cards" disabled={busy}>
        <legend>{TEXT.cardLegend}</legend>
        {usable.map((card) => (
          <label key={card.id} className="card-payment-option" data-selected={card.id === cardId}>
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={card.id === cardId}
              onChange={() => setCardId(card.id)}
            />
            {showsBrandIcon(card) && <CardBrandIcon />}
            <span className="card-payment-number">{maskedCard(card.maskedCardNumber)}</span>
            {card.isActive && <span className="card-payment-badge">{TEXT.principal}</span>}
          </label>
        ))}
      </fieldset>
      {state.kind === 'message' && (
        <div className="card-payment-alert" role="alert">
          <p>{state.text}</p>
          {state.toDashboard && <Link to={buildPath('dashboard')}>{TEXT.toDashboard}</Link>}
        </div>
      )}
      {state.kind === 'confirming' && (
        <div className="card-payment-confirming" role="status">
          <Spinner />
          <p>{TEXT.confirming}</p>
        </div>
      )}
      {!online && (
        <p id={reasonId} className="card-payment-alert">
          {offlineText}
        </p>
      )}
      <Button
        fullWidth
        isDisabled={!online || cardId === null}
        isLoading={busy}
        loadingLabel={payingLabel}
        onPress={press}
        {...(online ? {} : { 'aria-describedby': reasonId })}
      >
        {payLabel}
      </Button>
      {state.kind === 'threeDs' && (
        <ThreeDsFlow event={state.event} trackId={state.trackId} poll={getThreeDsState} onDone={threeDsDone} />
      )}
    </div>
  );
}
