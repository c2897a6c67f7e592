import { getAgreementPdf, getLoanAgreement } from '../../../lib/api/calls/loan-agreement.ts';
import { callApi } from '../../../lib/api/client.ts';
import { AssignAgreementPost } from '../../../shared/api/agreement.ts';
import { loadAgreement } from './loan-request-api.ts';

/**
 * The agreement step after a successful loan request (second document §4, §8): the pre-contract information
 * (SECCI) and the agreement of the saved loan, their PDFs, and the acceptance.
 */

const quiet = { ignoreErrors: true } as const;

export interface AgreementDocuments {
  readonly preContract: { readonly title: string; readonly html: string };
  readonly agreement: { readonly title: string; readonly html: string };
}

/** Both documents of the loan, in parallel. A failure of either rejects (the modal then closes). */
export async function loadAgreementDocuments(loanId: number, signal?: AbortSignal): Promise<AgreementDocuments> {
  const options = { ...quiet, ...(signal ? { signal } : {}) };
  const [preContract, agreement] = await Promise.all([
    loadAgreement('preContractInformation', { loanId, ...(signal ? { signal } : {}) }),
    getLoanAgreement(loanId, options),
  ]);
  return {
    preContract: { title: preContract.title, html: preContract.agreement },
    agreement: { title: agreement.title, html: agreement.agreement },
  };
}

export type AgreementPdfType = 'agreement' | 'preContractInformation';

/** AgreementPdfGetByLoanId: the PDF of the agreement or of the pre-contract information. */
export function loadAgreementPdf(loanId: number, type: AgreementPdfType) {
  return getAgreementPdf(loanId, type);
}

/**
 * AssignAgreementPost: ONE call of callApi per press of 'Acepto' (one Idempotency-Key; callApi's own retries after
 * a lost answer reuse it, a new press makes a new one). Its §8 codes are handled by the modal.
 */
export function assignAgreement(loanId: number): Promise<boolean> {
  return callApi(AssignAgreementPost, { body: { loanId, acceptAgreement: true } }, quiet);
}
