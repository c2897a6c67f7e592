import type { CardEntity } from '../../shared/api/card.ts';

/** Cards a payment can be charged to (the server's USABLE_CARD_STATUSES; it refuses the others: CardNotFound). */
const USABLE_CARD_STATUSES: ReadonlySet<string> = new Set(['Valid', 'AddresslessValid', 'PennyChecked', 'Linked']);
export const isUsableCard = (card: CardEntity): boolean => USABLE_CARD_STATUSES.has(card.cardStatus);

/** The principal card when it is usable, else the first usable one. */
export function preselectedCard(cards: readonly CardEntity[]): CardEntity | undefined {
  const usable = cards.filter(isUsableCard);
  return usable.find((card) => card.isActive) ?? usable[0];
}
