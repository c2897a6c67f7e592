import { ADD_CARD_TEXTS } from '../../../../lib/add-card/texts.ts';
import { Button } from '../../../../lib/ui/Button.tsx';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';

interface NoCardNoticeProps {
  /** The customer has cards, none of them valid: the notice also says to choose another. */
  otherCards: boolean;
  /** After a press on 'Siguiente': marked like the form's other pending fields (information until then). */
  shown: boolean;
  onAddCard: () => void;
}

/** No valid card: the notice and the button that opens the add-card modal. */
export function NoCardNotice({ otherCards, shown, onAddCard }: NoCardNoticeProps) {
  return (
    <div className="loan-no-card" role="note" data-shown={shown}>
      <p>
        {TEXT.noCardStart}
        {otherCards ? TEXT.noCardChooseOther : ''}
        {TEXT.noCardEnd}
      </p>
      <Button variant="secondary" onPress={onAddCard}>
        {ADD_CARD_TEXTS.openModal}
      </Button>
    </div>
  );
}
