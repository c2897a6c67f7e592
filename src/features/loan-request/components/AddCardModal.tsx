import { useNavigate } from 'react-router';
import { AddCardForm } from '../../../lib/add-card/AddCardForm.tsx';
import { ADD_CARD_TEXTS } from '../../../lib/add-card/texts.ts';
import { getCustomerCards } from '../../../lib/api/calls/customer-cards.ts';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import type { CardEntity } from '../../../shared/api/card.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { routes } from '../../../shared/routes/table.ts';

export interface AddCardModalProps {
  /** The card was added (directly or after 3-D Secure): the customer's cards as the server has them now. */
  readonly onAdded: (cards: CardEntity[]) => void;
  readonly onClose: () => void;
}

/**
 * The add-card modal of the loan request (second document §2: "an add-card modal … available from this flow"), opened
 * from the no-card notice: the same card form as the add-card page (number, expiry, CVV, acceptance, 3-D Secure),
 * without leaving the form. Once the card is added the form reads the customer's cards again and offers it.
 */
export default function AddCardModal({ onAdded, onClose }: AddCardModalProps) {
  const navigate = useNavigate();
  const added = async () => {
    showToast({ alertType: 'success', content: ADD_CARD_TEXTS.added });
    try {
      onAdded(await getCustomerCards({ ignoreErrors: true }));
    } catch (error) {
      // The card is saved; the form offers it the next time it loads.
      console.warn('The cards could not be read again after adding one', error);
    }
    onClose();
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={routes.financialInfoAddCard.title}>
      <p>{ADD_CARD_TEXTS.intro}</p>
      <AddCardForm
        submitLabel={ADD_CARD_TEXTS.modalSubmit}
        onAdded={() => void added()}
        onDeclined={() => navigate(buildPath('dashboardDeclined'), { replace: true })}
      />
    </Modal>
  );
}
