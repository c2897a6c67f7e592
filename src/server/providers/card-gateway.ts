/**
 * Card gateway (tokenisation, validation with 3-D Secure, charges). Not implemented yet: the sandbox gateway with
 * documented test cards (one passes, one needs a 3-D Secure challenge, one fails) and its same-origin 3-D Secure
 * page under `/sandbox/…` come with the cards issue; a real gateway (CARD_GATEWAY_URL / CARD_GATEWAY_API_KEY)
 * implements the same interface. Amounts in integer cents; card numbers never leave this boundary unmasked.
 */

export interface CardDetails {
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cv2: string;
}

/** Where a 3-D Secure flow stands (second document §4 "3-D Secure states"). */
export type ThreeDsState = 'completed' | 'inprogress' | 'error' | 'dfpPost' | 'iframe';

export interface ThreeDsStep {
  state: ThreeDsState;
  transactionId: string;
  provider: string;
  /** Page to post `formFields` to (dfpPost) or to open in the iframe (iframe). */
  url?: string;
  formFields?: Record<string, string>;
}

export interface CardValidation {
  /** success: card stored and valid; challengeNeeded: a 3-D Secure flow must finish first; failed: refused. */
  result: 'success' | 'challengeNeeded' | 'failed';
  /** Gateway token standing for the card in later charges. */
  cardToken: string | null;
  /** First six digits replaced by asterisks, as the spec shows cards. */
  maskedCardNumber: string;
  threeDs: ThreeDsStep | null;
  /** Gateway's reason when failed (logged; the customer sees the catalogue text). */
  message: string | null;
}

export interface CardCharge {
  status: 'succeeded' | 'failed' | 'challengeNeeded';
  transactionId: string;
  threeDs: ThreeDsStep | null;
  message: string | null;
}

export interface CardGateway {
  readonly name: string;
  /** Tokenise and validate a card (a zero/penny authorisation), possibly asking for 3-D Secure. */
  createAndValidate(customerId: number, card: CardDetails): Promise<CardValidation>;
  /** Poll a 3-D Secure transaction (the client's "3-D Secure state" call with trackId). */
  threeDsState(transactionId: string): Promise<ThreeDsStep>;
  /** Charge a tokenised card; `idempotencyKey` makes a retry return the first outcome. */
  charge(input: {
    cardToken: string;
    amountCents: number;
    reference: string;
    idempotencyKey: string;
  }): Promise<CardCharge>;
}
