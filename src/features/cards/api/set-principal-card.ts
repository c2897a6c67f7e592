import { callApi } from '../../../lib/api/client.ts';
import { CardSetActivePutByCardId } from '../../../shared/api/card.ts';

/** CardSetActivePutByCardId: makes the card the principal one. */
export async function setPrincipalCard(cardId: number): Promise<void> {
  await callApi(CardSetActivePutByCardId, { params: { cardId } });
}
