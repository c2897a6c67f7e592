import { getAgreementPdf } from '../../../lib/api/calls/loan-agreement.ts';

export type AgreementPdfType = 'agreement' | 'preContractInformation';

/** AgreementPdfGetByLoanId: the PDF of the agreement or of the pre-contract information of the agreement step. */
export function loadAgreementPdf(loanId: number, type: AgreementPdfType) {
  return getAgreementPdf(loanId, type);
}
