import { Suspense } from 'react';
import type { CardEntity } from '../../../shared/api/card.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../texts.ts';
import type { FormModal } from '../use-loan-request-form.ts';
import type { AgreementModalProps } from './AgreementModal.tsx';
import { AddCardModal, AgreementModal, AgreementStepModal, EmailModal } from './LazyModals.tsx';

interface LoanFormModalsProps {
  modal: FormModal | null;
  setModal: (modal: FormModal | null) => void;
  /** The offer on the form, once complete: the documents before the request describe it. */
  offer: AgreementModalProps['offer'];
  email: string;
  onCardsAdded: (cards: CardEntity[]) => void;
  /** The requested loan whose agreement step is open, or null. */
  agreementLoanId: number | null;
  closeAgreement: () => void;
  onAgreementAccepted: () => Promise<void>;
}

/** The form's modals, each loaded when first opened: the documents, the e-mail, add-card and the agreement step. */
export function LoanFormModals({
  modal,
  setModal,
  offer,
  email,
  onCardsAdded,
  agreementLoanId,
  closeAgreement,
  onAgreementAccepted,
}: LoanFormModalsProps) {
  return (
    <Suspense fallback={null}>
      {(modal === 'termsAndConditions' || modal === 'loanExplanation') && (
        <AgreementModal
          type={modal}
          title={modal === 'termsAndConditions' ? TEXT.termsLink : TEXT.explanationLink}
          offer={offer}
          onClose={closeModal(setModal)}
        />
      )}
      {modal === 'email' && <EmailModal defaultEmail={email} onClose={closeModal(setModal)} />}
      {modal === 'addCard' && <AddCardModal onClose={closeModal(setModal)} onAdded={onCardsAdded} />}
      {agreementLoanId !== null && (
        <AgreementStepModal
          loanId={agreementLoanId}
          email={email}
          onClose={closeAgreement}
          onAccepted={onAgreementAccepted}
        />
      )}
    </Suspense>
  );
}

const closers = new WeakMap<object, () => void>();
/** A stable close callback per setter (the agreement modal's effect depends on it). */
function closeModal(setModal: (value: null) => void): () => void {
  let close = closers.get(setModal);
  if (!close) {
    close = () => setModal(null);
    closers.set(setModal, close);
  }
  return close;
}
