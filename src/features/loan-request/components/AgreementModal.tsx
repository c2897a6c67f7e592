import { useEffect, useState } from 'react';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
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
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={agreement?.title ?? title} maxWidth={600}>
      {agreement ? (
        // The agreement is HTML written by the lender (AgreementByTypeGet), rendered as it is.
        <div className="loan-agreement-text" dangerouslySetInnerHTML={{ __html: agreement.agreement }} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
