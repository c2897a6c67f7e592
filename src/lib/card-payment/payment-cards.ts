import type { CardEntity } from '../../shared/api/card.ts';
import { isUsableCardStatus } from '../../shared/card-statuses.ts';

/** Cards a payment can be charged to (the server refuses the others: CardNotFound). */
export const isUsableCard = (card: CardEntity): boolean => isUsableCardStatus(card.cardStatus);

/** The principal card when it is usable, else the first usable one. */
export function preselectedCard(cards: readonly CardEntity[]): CardEntity | undefined {
  const usable = cards.filter(isUsableCard);
  return usable.find((card) => card.isActive) ?? usable[0];
}
