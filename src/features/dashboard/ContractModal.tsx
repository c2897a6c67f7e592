import { useState } from 'react';
import { getAgreementPdf, getLoanAgreement } from '../../lib/api/calls/loan-agreement.ts';
import { saveBase64Pdf } from '../../lib/files/download.ts';
import { agreementDocument } from '../../lib/ui/agreement-document.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { DocumentFrame } from '../../lib/ui/DocumentFrame.tsx';
import { Modal } from '../../lib/ui/Modal.tsx';
import { printDocument } from '../../lib/ui/print-document.ts';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useDocument } from '../../lib/ui/use-document.ts';
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
  const agreement: LoanAgreement | null = useDocument(
    String(loanId),
    (signal) => getLoanAgreement(loanId, { ignoreErrors: true, signal }),
    () => {
      showToast({ alertType: 'warning', content: TEXT.contractLoadFailed });
      onClose();
    },
  );
  const [error, setError] = useState<string | null>(null);

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
          <DocumentFrame className="dashboard-contract-frame" title={title} html={agreement.agreement} />
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
