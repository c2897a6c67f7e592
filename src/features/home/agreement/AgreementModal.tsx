import { DocumentFrame } from '../../../lib/ui/DocumentFrame.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import type { AgreementText } from '../../../shared/api/agreement.ts';
import { LAYOUT } from '../../../shared/constants.ts';
import { HOME_TEXTS } from '../../../shared/messages.ts';
import { postAgreement } from '../api/post-agreement.ts';
import type { Quote } from '../quotes/quote-client.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import { useDocument } from '../../../lib/ui/use-document.ts';
import { agreementRequest } from './agreement-request.ts';
import './agreement.css';

export interface AgreementModalProps {
  /** The plan shown when 'Más Información' was pressed: an instalment loan's or a minipréstamo's. */
  quote: Quote;
  onClose: () => void;
}

/**
 * 'Más Información' (first document §2): the contract of the calculator's plan (AgreementPost) — the instalment
 * loan's or the minipréstamo's, for the amount and dates shown — 600 px wide
 * (second document §9). If loading the agreement fails, the modal closes (first document §8); network and server
 * failures have told the customer through the global error catalogue by then. The HTML is shown in a sandboxed
 * frame (see src/lib/ui/agreement-document.ts).
 */
export default function AgreementModal({ quote, onClose }: AgreementModalProps) {
  const request = agreementRequest(quote);
  const agreement: AgreementText | null = useDocument(
    JSON.stringify(request),
    (signal) => postAgreement(request, signal),
    onClose,
  );

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={agreement?.title ?? HOME_TEXTS.moreInformation}
      maxWidth={LAYOUT.agreementModalMaxWidth}
      className="agreement-modal"
    >
      {agreement ? (
        <DocumentFrame
          className="agreement-frame"
          title={agreement.title || HOME_PAGE_TEXTS.agreement.frameTitle}
          html={agreement.agreement}
        />
      ) : (
        <div className="agreement-loading">
          <Spinner label={HOME_PAGE_TEXTS.agreement.loading} />
        </div>
      )}
    </Modal>
  );
}
