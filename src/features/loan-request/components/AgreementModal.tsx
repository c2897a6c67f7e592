import { DocumentFrame } from '../../../lib/ui/DocumentFrame.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { useDocument } from '../../../lib/ui/use-document.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
import { LAYOUT } from '../../../shared/constants.ts';
import { loadAgreement } from '../api/load-agreement.ts';
import { loadOfferDocument, type LoanOfferInput } from '../api/load-offer-document.ts';
import { LOAN_FORM_TEXTS } from '../texts.ts';

export interface AgreementModalProps {
  type: AgreementType;
  title: string;
  /**
   * The offer on the form when it is complete: the document is then the server's rendering of that exact offer
   * (LoanOfferDocumentsPost). Without one, the terms are the general terms (AgreementByTypeGet) and the loan
   * explanation is not shown: it would describe another loan.
   */
  offer: LoanOfferInput | null;
  onClose: () => void;
}

/**
 * The terms and loan-explanation modals of the loan request; a load failure closes the modal (second document §8).
 */
export default function AgreementModal({ type, title, offer, onClose }: AgreementModalProps) {
  const needsOffer = type === 'loanExplanation' && offer === null;
  // Only the offer's product and four figures choose the document (the form may hand a wider object).
  const figures: LoanOfferInput | null = offer && {
    loanProduct: offer.loanProduct,
    product: offer.product,
    installment: offer.installment,
    firstRepaymentDate: offer.firstRepaymentDate,
    accountId: offer.accountId,
  };
  const loaded = useDocument(
    JSON.stringify([type, figures]),
    (signal): Promise<{ title: string; agreement: string } | null> =>
      needsOffer
        ? Promise.resolve(null)
        : figures
          ? loadOfferDocument(type, figures, signal)
          : loadAgreement(type, { signal }),
    () => {
      showToast({ alertType: 'warning', content: LOAN_FORM_TEXTS.agreementLoadFailed });
      onClose();
    },
  );
  const agreement = needsOffer ? null : loaded;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={agreement?.title ?? title}
      maxWidth={LAYOUT.agreementModalMaxWidth}
    >
      {needsOffer ? (
        <p className="loan-agreement-notice">{LOAN_FORM_TEXTS.explanationNeedsOffer}</p>
      ) : agreement ? (
        <DocumentFrame className="loan-agreement-frame" title={agreement.title || title} html={agreement.agreement} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
