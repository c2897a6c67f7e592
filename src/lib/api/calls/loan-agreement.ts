import { AgreementPdfGetByLoanId, type AgreementPdf } from '../../../shared/api/communication.ts';
import {
  LoanAgreementGetByLoanId,
  RestructureDocumentPdfGetByLoanId,
  type LoanAgreement,
} from '../../../shared/api/loan.ts';
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
