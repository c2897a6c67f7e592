import {
  AgreementPdfGetByLoanId,
  LoanAgreementGetByLoanId,
  type LoanAgreement,
} from '../../../shared/api/agreement.ts';
import type { AgreementPdf } from '../../../shared/api/common.ts';
import { RestructureDocumentPdfGetByLoanId } from '../../../shared/api/restructure.ts';
import { callApi, type CallOptions } from '../client.ts';

/**
 * The agreement of a saved loan (LoanAgreementGetByLoanId) and its PDF (AgreementPdfGetByLoanId): the loan request's
 * agreement step and the dashboard's 'Ver contrato'.
 */
export function getLoanAgreement(loanId: number, options: CallOptions = {}): Promise<LoanAgreement> {
  return callApi(LoanAgreementGetByLoanId, { params: { loanId } }, options);
}

export function getAgreementPdf(
  loanId: number,
  type: 'agreement' | 'preContractInformation' = 'agreement',
  options: CallOptions = {},
): Promise<AgreementPdf> {
  return callApi(AgreementPdfGetByLoanId, { params: { loanId }, query: { type } }, options);
}

/** RestructureDocumentPdfGetByLoanId: the pre-contract information of the loan's Pago Flexible, as accepted, as PDF. */
export function getRestructureDocumentPdf(loanId: number, options: CallOptions = {}): Promise<AgreementPdf> {
  return callApi(RestructureDocumentPdfGetByLoanId, { params: { loanId } }, options);
}
