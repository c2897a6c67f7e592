import { useEffect, useState } from 'react';
import { agreementDocument } from '../../../lib/ui/agreement-document.ts';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
import { LAYOUT } from '../../../shared/constants.ts';
import { loadAgreement } from '../api/loan-request-api.ts';
import { LOAN_FORM_TEXTS } from '../texts.ts';

export interface AgreementModalProps {
  type: AgreementType;
  title: string;
  onClose: () => void;
}

/** The terms and loan-explanation modals (AgreementByTypeGet); a load failure closes the modal (second document §8). */
export default function AgreementModal({ type, title, onClose }: AgreementModalProps) {
  const [agreement, setAgreement] = useState<{ title: string; agreement: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadAgreement(type).then(
      (text) => live && setAgreement(text),
      () => {
        if (!live) return;
        showToast({ alertType: 'warning', content: LOAN_FORM_TEXTS.agreementLoadFailed });
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [type, onClose]);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={agreement?.title ?? title}
      maxWidth={LAYOUT.agreementModalMaxWidth}
    >
      {agreement ? (
        // The lender's HTML (AgreementByTypeGet) only ever in a sandboxed frame, never in the page's DOM.
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
