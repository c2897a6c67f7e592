/** Card, 3-D Secure and bank-scrape statuses (first and second documents §4). */

export const cardStatuses = [
  'NotValidatedYet',
  'Invalid',
  'AddresslessValid',
  'Valid',
  'PennyChecked',
  'Linked',
  'Deleted',
] as const;
export type CardStatus = (typeof cardStatuses)[number];

/**
 * A card the gateway has validated: it can be charged, paid out to and be the principal one. One rule for the server
 * (payments, the loan request's `success`, the journey's `cardProvided`, the payout, repay links) and the client.
 */
export const USABLE_CARD_STATUSES = [
  'Valid',
  'AddresslessValid',
  'PennyChecked',
  'Linked',
] as const satisfies readonly CardStatus[];

export const isUsableCardStatus = (status: string): boolean =>
  (USABLE_CARD_STATUSES as readonly string[]).includes(status);

export const cardCreateResults = [
  'success',
  'successWithGroupChange',
  'successWithLimitUpdate',
  'cardEntryRequired',
] as const;
export type CardCreateResult = (typeof cardCreateResults)[number];
/** The card-create sub-reason that starts a 3-D Secure flow. */
export const CHALLENGE_NEEDED = 'challengeNeeded';

export const threeDsStates = ['completed', 'inprogress', 'error', 'dfpPost', 'iframe'] as const;
export type ThreeDsState = (typeof threeDsStates)[number];
/** How a 3-D Secure flow ends (first document §4). */
export const threeDsOutcomes = ['completed', 'failed', 'abortedByUser'] as const;
export type ThreeDsOutcome = (typeof threeDsOutcomes)[number];

export const scrapeSessionStatuses = [
  'succeeded',
  'sessionFailed',
  'decisionFailed',
  'decisionRejected',
  'unnaxResponseTimeout',
  'inProgress',
] as const;
export type ScrapeSessionStatus = (typeof scrapeSessionStatuses)[number];
