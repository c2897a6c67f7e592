/**
 * The card module (`/api/card`): add a card through the card gateway with 3-D Secure (CardCreateAndValidatePost,
 * ThreeDsStateGet), the customer's cards (CustomerMiniGet), the principal card (CardSetActivePutByCardId) and the
 * token check (CardProviderTokenCheckGetByCardId); for staff, a customer's cards (StaffCardsGet) and a card's status
 * history (CardStatusHistoryGet), and the card proof's steps (SetCardSubStatusPost). Only the gateway's token and
 * the masked number are stored.
 * It owns cards and card_three_ds_sessions: the card proof's sub-status, a payment's 3-D Secure session and the
 * sandbox gateway's state are written here for their callers.
 */
export { cardRoutes, CARD_CREATE_CUSTOMER_RATE_LIMIT } from './routes.ts';
export { wireMasked } from './service.ts';
export { insertThreeDsSession, setCardSubStatus, setThreeDsProviderState } from './repository.ts';
