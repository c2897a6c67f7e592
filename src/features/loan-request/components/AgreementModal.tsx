import { useEffect, useState } from 'react';
import { agreementDocument } from '../../../lib/ui/agreement-document.ts';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
import { LAYOUT } from '../../../shared/constants.ts';
import { loadAgreement, loadOfferDocument, type LoanOfferInput } from '../api/loan-request-api.ts';
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
  const [loaded, setLoaded] = useState<{ title: string; agreement: string } | null>(null);
  const { product, installment, firstRepaymentDate, accountId } = offer ?? {};
  useEffect(() => {
    if (needsOffer) return;
    const controller = new AbortController();
    const load =
      product !== undefined && installment !== undefined && firstRepaymentDate !== undefined && accountId !== undefined
        ? loadOfferDocument(type, { product, installment, firstRepaymentDate, accountId }, controller.signal)
        : loadAgreement(type, { signal: controller.signal });
    load.then(
      (text) => !controller.signal.aborted && setLoaded(text),
      () => {
        if (controller.signal.aborted) return;
        showToast({ alertType: 'warning', content: LOAN_FORM_TEXTS.agreementLoadFailed });
        onClose();
      },
    );
    return () => controller.abort();
  }, [type, needsOffer, product, installment, firstRepaymentDate, accountId, onClose]);
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
        // The lender's HTML only ever in a sandboxed frame, never in the page's DOM.
        <iframe
          className="loan-agreement-frame"
          title={agreement.title || title}
          sandbox=""
          srcDoc={agreementDocument(agreement.agreement, agreement.title || title)}
        />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
