import { callApi } from '../../../lib/api/client.ts';
import { AssignAgreementPost } from '../../../shared/api/agreement.ts';

/**
 * AssignAgreementPost, the acceptance of the agreement step: ONE call of callApi per press of 'Acepto' (one
 * Idempotency-Key; callApi's own retries after a lost answer reuse it, a new press makes a new one). Its §8 codes are
 * handled by the modal.
 */
export function assignAgreement(loanId: number): Promise<boolean> {
  return callApi(AssignAgreementPost, { body: { loanId, acceptAgreement: true } }, { ignoreErrors: true });
}
