import { callApi } from '../../../lib/api/client.ts';
import { RestructurePlanGet, type RestructurePlan } from '../../../shared/api/restructure.ts';

/** RestructurePlanGet: the plan a 'Pago Flexible' would create today. Errors are the page's (404, 422, failures). */
export function getRestructurePlan(loanId: number, signal?: AbortSignal): Promise<RestructurePlan> {
  return callApi(
    RestructurePlanGet,
    { query: { loanId } },
    signal ? { signal, ignoreErrors: true } : { ignoreErrors: true },
  );
}
