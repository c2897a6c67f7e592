import { getLoanAgreement } from '../../../lib/api/calls/loan-agreement.ts';
import { loadAgreement } from './load-agreement.ts';

/** The documents of the agreement step after a successful loan request (second document §4, §8). */
export interface AgreementDocuments {
  readonly preContract: { readonly title: string; readonly html: string };
  readonly agreement: { readonly title: string; readonly html: string };
}

/**
 * The pre-contract information (SECCI) and the agreement of the saved loan, in parallel (global errors skipped). A
 * failure of either rejects (the modal then closes).
 */
export async function loadAgreementDocuments(loanId: number, signal?: AbortSignal): Promise<AgreementDocuments> {
  const [preContract, agreement] = await Promise.all([
    loadAgreement('preContractInformation', { loanId, ...(signal ? { signal } : {}) }),
    getLoanAgreement(loanId, { ignoreErrors: true, ...(signal ? { signal } : {}) }),
  ]);
  return {
    preContract: { title: preContract.title, html: preContract.agreement },
    agreement: { title: agreement.title, html: agreement.agreement },
  };
}
