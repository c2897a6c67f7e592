import { CardBrandIcon } from '../../../../lib/ui/CardBrandIcon.tsx';
import { isValidCard, maskedCard, showsBrandIcon } from '../../form-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { NoCardNotice } from './NoCardNotice.tsx';
import { Step } from './Step.tsx';

interface CardStepProps extends StepHeader {
  cards: ReadonlyArray<{
    id: number;
    maskedCardNumber: string;
    cardStatus: string;
    brand?: 'visa' | 'other' | undefined;
  }>;
  /** The step is shown when the customer has cards; without any, only the no-card notice. */
  showCardSelection: boolean;
  value: number | null | undefined;
  onChoose: (cardId: number) => void;
  /** The form error list is shown (after a press on 'Siguiente'). */
  showErrors: boolean;
  onAddCard: () => void;
}

/** Step 'Tarjeta': the customer's cards, masked; without a valid one, the no-card notice. */
export function CardStep({
  cards,
  showCardSelection,
  value,
  onChoose,
  showErrors,
  onAddCard,
  ...header
}: CardStepProps) {
  if (!showCardSelection) return <NoCardNotice otherCards={false} shown={showErrors} onAddCard={onAddCard} />;
  return (
    <Step name="cardId" {...header}>
      <fieldset className="loan-options loan-cards">
        <legend>{TEXT.cardLabel}</legend>
        {cards.map((card) => (
          <label key={card.id} className="loan-option">
            <input
              type="radio"
              name="cardId"
              value={card.id}
              checked={value === card.id}
              onChange={() => onChoose(card.id)}
            />
            {showsBrandIcon(card) && <CardBrandIcon />}
            <span>{maskedCard(card.maskedCardNumber)}</span>
          </label>
        ))}
      </fieldset>
      {!cards.some(isValidCard) && <NoCardNotice otherCards shown={showErrors} onAddCard={onAddCard} />}
    </Step>
  );
}
