import { useEffect, useEffectEvent, useState } from 'react';
import { getAgreementPdf, getLoanAgreement } from '../../lib/api/calls/loan-agreement.ts';
import { saveBase64Pdf } from '../../lib/files/download.ts';
import { agreementDocument } from '../../lib/ui/agreement-document.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Modal } from '../../lib/ui/Modal.tsx';
import { printDocument } from '../../lib/ui/print-document.ts';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { LoanAgreement } from '../../shared/api/agreement.ts';
import { LAYOUT, LOAN_FLOW_DELAYS } from '../../shared/constants.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

export interface ContractModalProps {
  readonly loanId: number;
  readonly onClose: () => void;
}

/**
 * 'Ver contrato' (second document §2, §9): the loan's agreement (LoanAgreementGetByLoanId) in a sandboxed frame, in
 * a modal 600 px wide at most, with 'Imprimir' (the print dialog after the spec's 1 s) and 'Descargar' (the PDF of
 * AgreementPdfGetByLoanId under the server's file name). A load failure closes the modal with a warning (§8).
 * Loaded on demand: the dashboard's chunk does not carry the modal.
 */
export default function ContractModal({ loanId, onClose }: ContractModalProps) {
  const [agreement, setAgreement] = useState<LoanAgreement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const controller = new AbortController();
    getLoanAgreement(loanId, { ignoreErrors: true, signal: controller.signal }).then(setAgreement, (failure) => {
      if (controller.signal.aborted) return;
      console.warn('The agreement could not be loaded', failure);
      showToast({ alertType: 'warning', content: TEXT.contractLoadFailed });
      close();
    });
    return () => controller.abort();
  }, [loanId]);

  const [download, downloading] = useSingleFlight(async () => {
    setError(null);
    try {
      const pdf = await getAgreementPdf(loanId, 'agreement', { ignoreErrors: true });
      saveBase64Pdf(pdf.base64String, pdf.filename);
    } catch (failure) {
      console.warn('The agreement PDF could not be downloaded', failure);
      setError(TEXT.contractDownloadFailed);
    }
  });

  const title = agreement?.title || TEXT.contractTitle;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={TEXT.contractTitle}
      maxWidth={LAYOUT.agreementModalMaxWidth}
      className="dashboard-contract"
      footer={
        agreement ? (
          <div className="dashboard-contract-actions">
            <Button
              variant="secondary"
              onPress={() =>
                void printDocument(agreementDocument(agreement.agreement, title), {
                  delayMs: LOAN_FLOW_DELAYS.agreementPrintMs,
                })
              }
            >
              {TEXT.print}
            </Button>
            <Button variant="secondary" isLoading={downloading} onPress={() => void download()}>
              {TEXT.download}
            </Button>
          </div>
        ) : undefined
      }
    >
      {agreement ? (
        <>
          {/* The server's HTML only ever in a sandboxed frame, never in the page's DOM (agreement-document.ts). */}
          <iframe
            className="dashboard-contract-frame"
            title={title}
            sandbox=""
            srcDoc={agreementDocument(agreement.agreement, title)}
          />
          {error && (
            <p className="dashboard-contract-error" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <Spinner label={TEXT.contractLoading} />
      )}
    </Modal>
  );
}
