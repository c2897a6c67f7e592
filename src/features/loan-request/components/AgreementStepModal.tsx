import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/errors.ts';
import { saveBase64Pdf } from '../../../lib/files/download.ts';
import { agreementDocument } from '../../../lib/ui/agreement-document.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { DocumentFrame } from '../../../lib/ui/DocumentFrame.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { printDocument } from '../../../lib/ui/print-document.ts';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import EmailUpdateModal from '../../../lib/email/EmailUpdateModal.tsx';
import { useDocument } from '../../../lib/ui/use-document.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { LAYOUT, LOAN_FLOW_DELAYS } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { assignAgreement } from '../api/assign-agreement.ts';
import { loadAgreementDocuments, type AgreementDocuments } from '../api/load-agreement-documents.ts';
import { loadAgreementPdf, type AgreementPdfType } from '../api/load-agreement-pdf.ts';
import { AGREEMENT_STEP_TEXTS as TEXT } from '../texts.ts';

export interface AgreementStepModalProps {
  /** The requested loan (RequestLoanPost's journey.loanDetails.loanId). */
  loanId: number;
  /** The customer's e-mail, the e-mail update modal's starting value. */
  email: string;
  /** Closes the modal (a load failure, or the customer closed it): the loan stays requested. */
  onClose: () => void;
  /** After AssignAgreementPost answered true: the next step of the flow. */
  onAccepted: () => Promise<void>;
}

type Stage = 'preContract' | 'agreement';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The agreement step (second document §4, §8; Directive 2023/2225): first the pre-contract information (SECCI,
 * AgreementByTypeGet preContractInformation of the loan), then the agreement (LoanAgreementGetByLoanId), each in a
 * sandboxed frame, with 'Imprimir' (after the spec's 1 s) and 'Descargar' (AgreementPdfGetByLoanId, the server's
 * file name). 'Acepto' → AssignAgreementPost, one Idempotency-Key per press. §8: InvalidEmailWithUpdateRequest and
 * EmailNotAvailable open the e-mail update modal and accept again once the address is saved;
 * CustomerBlackListedWithSuspiciousLoan asks to verify the card (Verifica → upload card, otherwise the dashboard);
 * anything else is 'Préstamo no encontrado.'. A load failure closes the modal.
 */
export default function AgreementStepModal({ loanId, email, onClose, onAccepted }: AgreementStepModalProps) {
  const navigate = useNavigate();
  const documents: AgreementDocuments | null = useDocument(
    String(loanId),
    (signal) => loadAgreementDocuments(loanId, signal),
    () => {
      showToast({ alertType: 'warning', content: TEXT.loadFailed });
      onClose();
    },
  );
  const [stage, setStage] = useState<Stage>('preContract');
  const [error, setError] = useState<string | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const [accept, accepting] = useSingleFlight(async () => {
    setError(null);
    if (isOffline()) {
      setError(TEXT.offline);
      return;
    }
    try {
      await assignAgreement(loanId);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (failure.kind === 'offline' || failure.kind === 'network') {
        setError(TEXT.offline);
      } else if (
        failure.kind === 'business' &&
        (failure.has('InvalidEmailWithUpdateRequest') || failure.has('EmailNotAvailable'))
      ) {
        setEmailOpen(true);
      } else if (failure.kind === 'business' && failure.has('CustomerBlackListedWithSuspiciousLoan')) {
        const verify = await openDialog({
          id: 'agreement-verify-card',
          type: 'warning',
          content: TEXT.verifyCardPrompt,
          buttonYes: TEXT.verify,
          buttonNo: TEXT.verifyLater,
          showButtonNo: true,
        });
        navigate(buildPath(verify ? 'financialInfoUploadCard' : 'dashboard'));
      } else {
        setError(TEXT.loanNotFound);
      }
      return;
    }
    await onAccepted();
  });

  const [download, downloading] = useSingleFlight(async (type: AgreementPdfType) => {
    setError(null);
    try {
      const pdf = await loadAgreementPdf(loanId, type);
      saveBase64Pdf(pdf.base64String, pdf.filename);
    } catch (failure) {
      console.warn('The PDF could not be downloaded', failure);
      setError(TEXT.downloadFailed);
    }
  });

  const shown = documents ? (stage === 'preContract' ? documents.preContract : documents.agreement) : null;
  const heading = stage === 'preContract' ? TEXT.preContractHeading : TEXT.agreementHeading;
  const frameTitle = shown?.title || heading;

  return (
    <>
      <Modal
        isOpen
        onOpenChange={(open) => !open && onClose()}
        title={TEXT.title}
        maxWidth={LAYOUT.agreementModalMaxWidth}
        className="loan-agreement-step"
        footer={
          documents ? (
            <div className="loan-agreement-actions">
              <Button
                variant="secondary"
                onPress={() =>
                  void printDocument(agreementDocument(shown?.html ?? '', frameTitle), {
                    delayMs: LOAN_FLOW_DELAYS.agreementPrintMs,
                  })
                }
              >
                {TEXT.print}
              </Button>
              <Button
                variant="secondary"
                isLoading={downloading}
                onPress={() => void download(stage === 'preContract' ? 'preContractInformation' : 'agreement')}
              >
                {TEXT.download}
              </Button>
              {stage === 'preContract' ? (
                <Button onPress={() => setStage('agreement')}>{TEXT.toAgreement}</Button>
              ) : (
                <Button isLoading={accepting} onPress={() => void accept()}>
                  {TEXT.accept}
                </Button>
              )}
            </div>
          ) : undefined
        }
      >
        {documents && shown ? (
          <div className="loan-agreement-stage" data-stage={stage}>
            <h3 className="loan-agreement-heading">{heading}</h3>
            <p>{stage === 'preContract' ? TEXT.preContractIntro : TEXT.agreementIntro}</p>
            <DocumentFrame key={stage} className="loan-agreement-frame" title={frameTitle} html={shown.html} />
            {stage === 'agreement' && (
              <Button variant="link" onPress={() => setStage('preContract')}>
                {TEXT.toPreContract}
              </Button>
            )}
            {error && (
              <p className="loan-alert" role="alert">
                {error}
              </p>
            )}
          </div>
        ) : (
          <Spinner label={TEXT.loading} />
        )}
      </Modal>
      {emailOpen && (
        <EmailUpdateModal
          defaultEmail={email}
          description={TEXT.emailIntro}
          onClose={() => setEmailOpen(false)}
          onSaved={() => {
            setEmailOpen(false);
            // The address is saved: accept again (a new press, so a new Idempotency-Key).
            void accept();
          }}
        />
      )}
    </>
  );
}
