import { callApi } from '../../../lib/api/client.ts';
import { AgreementPost, type AgreementRequest, type AgreementText } from '../../../shared/api/agreement.ts';

/**
 * AgreementPost for the calculator's current plan: the contract of an unsaved loan. Network and server failures go
 * through the global error catalogue (the customer asked for it); the modal closes on any failure.
 */
export async function postAgreement(request: AgreementRequest, signal?: AbortSignal): Promise<AgreementText> {
  const texts = await callApi(AgreementPost, { body: request }, { signal });
  const agreement = texts.find((text) => text.type === 'agreement');
  if (!agreement) throw new Error('AgreementPost answered no agreement');
  return agreement;
}
