import { callApi } from '../../../lib/api/client.ts';
import { CardSetActivePutByCardId, CustomerMiniGet, type CardEntity } from '../../../shared/api/card.ts';

/** CustomerMiniGet: the customer's cards, masked. */
export function getCustomerCards(signal?: AbortSignal): Promise<CardEntity[]> {
  return callApi(CustomerMiniGet, {}, signal ? { signal } : {});
}

/** CardSetActivePutByCardId: makes the card the principal one. */
export async function setPrincipalCard(cardId: number): Promise<void> {
  await callApi(CardSetActivePutByCardId, { params: { cardId } });
}
