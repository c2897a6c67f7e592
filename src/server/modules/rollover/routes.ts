import type { FastifyInstance } from 'fastify';
import { RolloverAvailableDatesGet, RolloverCalculatePost, RolloverPost } from '../../../shared/api/rollover.ts';
import { registerCall } from '../../http/register-call.ts';
import { originsOf } from '../bank/index.ts';
import { PAYMENT_CUSTOMER_RATE_LIMIT } from '../payment/index.ts';
import { availableDates, calculateRollover, rollover, type RolloverDeps } from './service.ts';

/** A customer rolls a loan over once in a while; more is a script (the same limit as paying). */
const rolloverRateLimit = { max: 30, timeWindow: 60_000 };

/** Rollover ('Prórroga'): the new dates, the quote, and the fee payment that moves the date. */
export async function rolloverRoutes(app: FastifyInstance): Promise<void> {
  const deps: RolloverDeps = {
    db: app.db,
    clock: app.clock,
    gateway: app.providers.cardGateway,
    log: app.log,
    instance: app.instance,
  };
  registerCall(app, RolloverAvailableDatesGet, ({ query, requireCustomer, reply }) => {
    reply.header('cache-control', 'no-store');
    return availableDates(deps, requireCustomer(), query);
  });
  registerCall(app, RolloverCalculatePost, ({ body, requireCustomer }) =>
    calculateRollover(deps, requireCustomer(), body),
  );
  registerCall(
    app,
    RolloverPost,
    ({ body, requireCustomer, request, idempotencyKey }) =>
      rollover(deps, requireCustomer(), body, originsOf(request, app.config.publicUrl), idempotencyKey),
    // The fee is a card payment: it counts against the customer's payment attempts, with PayLoanPost.
    { rateLimit: rolloverRateLimit, customerRateLimit: PAYMENT_CUSTOMER_RATE_LIMIT },
  );
}
