/**
 * Card gateway (tokenisation, validation with 3-D Secure, charges). The sandbox gateway (./sandbox-card-gateway.ts,
 * docs/sandbox.md "Sandbox test cards") implements it with documented test cards and its 3-D Secure pages under
 * `/sandbox/card-gateway/…`; a real gateway (CARD_GATEWAY_URL / CARD_GATEWAY_API_KEY) implements the same
 * interface. Amounts in integer cents. The full number and the CVV go to the gateway and nowhere else: what comes
 * back is a token and the masked number (first six + last four, as PCI DSS allows).
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

/** A 3-D Secure flow as the app keeps it for the gateway (card_three_ds_sessions). */
export interface ThreeDsFlow {
  transactionId: string;
  /** The gateway's own state of the flow, as it last returned it (opaque to the app). */
  providerState: string | null;
}

/** Where the gateway's pages live and who may frame them and receive their messages. */
export interface CardGatewayOrigins {
  /** The app's origin: the only one that may frame the 3-D Secure pages and receive 'credorax_completed'. */
  appOrigin: string;
  /** This server's origin (the sandbox pages). */
  serverOrigin: string;
}

export interface CardValidation {
  /** success: card stored and valid; challengeNeeded: a 3-D Secure flow must finish first; failed: refused. */
  result: 'success' | 'challengeNeeded' | 'failed';
  /** Gateway token standing for the card in later charges. */
  cardToken: string | null;
  /** First six and last four digits, the rest asterisks: `411111******1111`. */
  maskedCardNumber: string;
  /** `visa` when the number starts with 4, else `other`. */
  brand: 'visa' | 'other';
  threeDs: ThreeDsStep | null;
  /** The gateway's state of the 3-D Secure flow to hand back to `threeDsState` (null without a flow). */
  providerState: string | null;
  /** The gateway's name for the 3-D Secure flow it chose (stored with the flow), null without one. */
  threeDsScenario: string | null;
  /** Gateway's reason when failed, in Spanish (the customer sees 'La validación ha fallado.' plus this). */
  message: string | null;
}

export interface CardCharge {
  status: 'succeeded' | 'failed' | 'challengeNeeded';
  transactionId: string;
  threeDs: ThreeDsStep | null;
  message: string | null;
  /** The gateway's state of the charge's 3-D Secure flow, handed back to `threeDsState` (challengeNeeded). */
  providerState?: string | null;
  /** The gateway's name for the 3-D Secure flow it chose (challengeNeeded). */
  threeDsScenario?: string | null;
}

/**
 * What the gateway says of a charge asked to be voided (`voidCharge`): the charge it made under that idempotency
 * key (succeeded or failed: it stands), or `voided` — it never charged, or the charge still waited for 3-D Secure,
 * and from now on a charge with that key is refused without charging.
 */
export type VoidedCharge = Pick<CardCharge, 'status' | 'transactionId' | 'message'> | { status: 'voided' };

export interface CardGateway {
  readonly name: string;
  /** Tokenise and validate a card (a zero/penny authorisation), possibly asking for 3-D Secure. */
  createAndValidate(input: {
    customerId: number;
    card: CardDetails;
    origins: CardGatewayOrigins;
    /**
     * Makes a retry answer the first validation (the same token, the same 3-D Secure flow) instead of validating the
     * card a second time: the app sends one per CardCreateAndValidatePost Idempotency-Key.
     */
    idempotencyKey?: string;
  }): Promise<CardValidation>;
  /**
   * Where a 3-D Secure flow stands now (the client's "3-D Secure state" call with trackId), with the gateway's
   * new state of the flow for the next call.
   */
  threeDsState(flow: ThreeDsFlow): Promise<{ step: ThreeDsStep; providerState: string | null }>;
  /**
   * Charge a tokenised card; `idempotencyKey` makes a retry return the first outcome. The gateway may ask for 3-D
   * Secure (challengeNeeded with the first step): the charge is confirmed when that flow ends `completed`.
   */
  charge(input: {
    cardToken: string;
    amountCents: number;
    reference: string;
    idempotencyKey: string;
    /** Where the 3-D Secure pages live and who may frame them (a charge that asks for 3-D Secure). */
    origins?: CardGatewayOrigins;
    /** The card's masked number, shown on the 3-D Secure page. */
    maskedCardNumber?: string;
  }): Promise<CardCharge>;
  /**
   * Closes the charge of an idempotency key for good, as a recovery job does with a payment nobody is charging any
   * more: a charge already made answers as it was (`succeeded`/`failed`: the app settles or fails its payment with
   * it); otherwise the key is voided (`voided`), so a late or repeated `charge` with it never charges. Idempotent.
   */
  voidCharge(idempotencyKey: string): Promise<VoidedCharge>;
}
