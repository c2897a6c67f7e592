import { callApi } from '../../../lib/api/client.ts';
import { AgreementByTypeGet } from '../../../shared/api/agreement.ts';
import type { AgreementType } from '../../../shared/api/common.ts';

/** AgreementByTypeGet: one agreement text, of the saved loan `loanId` when given (global errors skipped). */
export function loadAgreement(type: AgreementType, { loanId, signal }: { loanId?: number; signal?: AbortSignal } = {}) {
  return callApi(
    AgreementByTypeGet,
    { params: { type }, query: loanId === undefined ? {} : { loanId } },
    { ignoreErrors: true, ...(signal ? { signal } : {}) },
  );
}
