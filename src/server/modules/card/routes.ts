import type { FastifyInstance } from 'fastify';
import {
  CardCreateAndValidatePost,
  CardProviderTokenCheckGetByCardId,
  CardSetActivePutByCardId,
  CustomerMiniGet,
  ThreeDsStateGet,
} from '../../../shared/api/card.ts';
import { CardStatusHistoryGet, SetCardSubStatusPost, StaffCardsGet } from '../../../shared/api/card-staff.ts';
import { registerCall } from '../../http/register-call.ts';
import { originsOf } from '../bank/index.ts';
import {
  createAndValidateCard,
  customerMiniCards,
  providerTokenCheck,
  setActiveCard,
  threeDsStateOf,
  type CardDeps,
} from './service.ts';
import { staffCardStatusHistory, staffCustomerCards } from './staff-reads.ts';
import { setCardSubStatusByStaff } from './staff-writes.ts';

/** A customer adds a card a few times at most; more is someone trying numbers. */
const createRateLimit = { max: 10, timeWindow: 60_000 };

/**
 * Per customer, whatever the IP (card testing: one customer registered 40 cards in a minute from four addresses):
 * 5 per 10 minutes. A real customer adds one card, maybe two or three after a typo, a decline or a failed 3-D Secure;
 * 5 leaves room for that, while testing stolen numbers needs dozens, and each attempt costs a gateway validation.
 */
export const CARD_CREATE_CUSTOMER_RATE_LIMIT = { name: 'card-create:customer', max: 5, timeWindow: 10 * 60_000 };

/** The 3-D Secure state asks the gateway: the page polls it every few seconds while the challenge is open. */
const threeDsCustomerRateLimit = { name: 'three-ds:customer', max: 60, timeWindow: 60_000 };

export async function cardRoutes(app: FastifyInstance): Promise<void> {
  const deps: CardDeps = {
    db: app.db,
    clock: app.clock,
    gateway: app.providers.cardGateway,
    log: app.log,
    // A Valid card may be what a loan waits for: nudge the payout job (decorated after the routes; read at call time).
    onCardValid: () => app.payout.nudge(),
    // A loan payment's 3-D Secure ended: the payment module settles or fails it (decorated by app.ts).
    onPaymentThreeDs: (tx, outcome) => app.paymentThreeDs(tx, outcome),
  };
  registerCall(app, CustomerMiniGet, ({ requireCustomer }) => customerMiniCards(deps, requireCustomer()));
  registerCall(
    app,
    CardCreateAndValidatePost,
    ({ body, requireCustomer, request, idempotencyKey }) =>
      createAndValidateCard(deps, requireCustomer(), body, originsOf(request, app.config.publicUrl), idempotencyKey),
    { rateLimit: createRateLimit, customerRateLimit: CARD_CREATE_CUSTOMER_RATE_LIMIT },
  );
  registerCall(
    app,
    ThreeDsStateGet,
    ({ query, requireCustomer }) => threeDsStateOf(deps, requireCustomer(), query.trackId),
    { customerRateLimit: threeDsCustomerRateLimit },
  );
  registerCall(app, CardSetActivePutByCardId, ({ params, requireCustomer }) =>
    setActiveCard(deps, requireCustomer(), params.cardId),
  );
  registerCall(app, CardProviderTokenCheckGetByCardId, ({ params, requireCustomer }) =>
    providerTokenCheck(deps, requireCustomer(), params.cardId),
  );

  // The customer file (docs/backoffice.md §5 'Tarjetas'): reads, logged with who asked (registerCall).
  registerCall(app, StaffCardsGet, ({ params, requireStaff }) =>
    staffCustomerCards(app.db, requireStaff(), params.customerId),
  );
  registerCall(app, CardStatusHistoryGet, ({ params, requireStaff }) =>
    staffCardStatusHistory(app.db, requireStaff(), params.cardId),
  );
  registerCall(app, SetCardSubStatusPost, ({ body, requireStaff, request }) =>
    setCardSubStatusByStaff({ db: app.db, clock: app.clock }, { staff: requireStaff(), request }, body),
  );
}
