import { callApi } from '../../../lib/api/client.ts';
import { ImpedimentCreatePost } from '../../../shared/api/impediment.ts';
import type { ReasonForm } from '../reason-form.ts';

/**
 * ImpedimentCreatePost: records why the customer cannot pay this loan. Global errors skipped: the page says what a
 * foreign or missing loan (404) means and reports the rest to the global catalogue itself.
 */
export async function createImpediment(loanId: number, form: ReasonForm): Promise<void> {
  await callApi(ImpedimentCreatePost, { body: { loanId, ...form } }, { ignoreErrors: true });
}
