import { callApi } from '../../../lib/api/client.ts';
import { CustomerMiniGet, type CardEntity } from '../../../shared/api/card.ts';

/** CustomerMiniGet: the customer's cards (masked). The page shows its own failure. */
export function getCards(): Promise<CardEntity[]> {
  return callApi(CustomerMiniGet, {}, { ignoreErrors: true });
}
