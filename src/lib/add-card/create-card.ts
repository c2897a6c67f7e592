import { callApi } from '../api/client.ts';
import { CardCreateAndValidatePost, type CardCreateAndValidateResult } from '../../shared/api/card.ts';

export interface CardInput {
  readonly cardNumber: string;
  readonly expiryMonth: string;
  readonly expiryYear: number;
  readonly cv2: string;
  readonly agreementsAccept: boolean;
}

/**
 * CardCreateAndValidatePost: ONE call of callApi per press, so one Idempotency-Key per press (its own retries reuse
 * it). Business errors (422) are the page's; the global catalogue handles the rest, except a lost connection, which
 * the form reports itself (it keeps the fields).
 */
export function createAndValidateCard(input: CardInput): Promise<CardCreateAndValidateResult> {
  return callApi(CardCreateAndValidatePost, {
    body: {
      cardNumber: input.cardNumber,
      expiryMonth: input.expiryMonth,
      expiryYear: String(input.expiryYear),
      cv2: input.cv2,
      agreementsAccept: input.agreementsAccept,
    },
  });
}
