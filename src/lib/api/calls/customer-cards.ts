import { CustomerMiniGet, type CardEntity } from '../../../shared/api/card.ts';
import { callApi, type CallOptions } from '../client.ts';

/**
 * CustomerMiniGet: the customer's cards, masked (never more than the first six and last four digits). Used by the
 * loan request (card selection), the active cards and the card proof upload; each caller says whether global
 * errors are shown.
 */
export function getCustomerCards(options: CallOptions = {}): Promise<CardEntity[]> {
  return callApi(CustomerMiniGet, {}, options);
}
