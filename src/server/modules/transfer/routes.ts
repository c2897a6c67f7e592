import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DirectTransferInitPost, DirectTransferOrdersGet } from '../../../shared/api/transfer.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import type { DirectTransferOrderStatus } from '../../../shared/payment-statuses.ts';
import { directTransferOrderStatuses } from '../../../shared/payment-statuses.ts';
import { registerCall } from '../../http/register-call.ts';
import { directTransferCallbackEvents, type DirectTransferCallbackEvent } from '../../providers/direct-transfer.ts';
import { originsOf } from '../bank/index.ts';
import { createPendingPayment, settlePayment } from '../payment/index.ts';
import { CALLBACK_SIGNATURE_HEADER } from './callback-signature.ts';
import {
  handleDirectTransferCallback,
  initDirectTransfer,
  listDirectTransferOrders,
  payableLoanView,
  type TransferDeps,
  type TransferPaymentCore,
} from './service.ts';

/** Opening the widget a few times is normal; more is a loop or someone probing loans. */
const initRateLimit = { max: 20, timeWindow: 60_000 };
/** Each init opens an order at the provider: per customer, whatever the IP, 10 per 10 minutes. */
const initCustomerRateLimit = { name: 'transfer-init:customer', max: 10, timeWindow: 10 * 60_000 };

/** The callback's path (second document §7.2, "POST callback/unnax/{callbackEvent}"). */
export const DIRECT_TRANSFER_CALLBACK_PATH = '/api/inboundpayment/callback/unnax/:callbackEvent';

export const callbackBodySchema = z.strictObject({
  orderId: z.string().min(1).max(200),
  amountCents: z.number().int().min(1).max(1_000_000_000),
});

/** The payment module's settle core (agreement 3). */
const paymentCore: TransferPaymentCore = { createPendingPayment, settlePayment };

export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const deps: TransferDeps = {
    db: app.db,
    clock: app.clock,
    provider: app.providers.directTransfer,
    log: app.log,
    callbackKey: app.secrets.directTransferCallbackKey,
    loanView: (db, customerId, loanId) => payableLoanView(db, customerId, loanId, todayInMadrid(app.clock.now())),
    payments: paymentCore,
  };

  registerCall(
    app,
    DirectTransferInitPost,
    ({ body, requireCustomer, request, idempotencyKey }) =>
      initDirectTransfer(deps, requireCustomer().id, body, originsOf(request, app.config.publicUrl), idempotencyKey),
    { rateLimit: initRateLimit, customerRateLimit: initCustomerRateLimit },
  );
  registerCall(app, DirectTransferOrdersGet, ({ requireCustomer }) =>
    listDirectTransferOrders(deps, requireCustomer().id),
  );

  // Not a customer call: the provider's server calls it, authenticated by the HMAC signature (401 otherwise).
  app.post(
    DIRECT_TRANSFER_CALLBACK_PATH,
    {
      schema: {
        params: z.strictObject({ callbackEvent: z.enum(directTransferCallbackEvents) }),
        body: callbackBodySchema,
        response: {
          200: z.object({
            data: z.object({ orderId: z.string(), status: z.enum(directTransferOrderStatuses) }),
          }),
        },
      },
    },
    async (request) => {
      const { callbackEvent } = request.params as { callbackEvent: DirectTransferCallbackEvent };
      const body = request.body as z.infer<typeof callbackBodySchema>;
      const data: { orderId: string; status: DirectTransferOrderStatus } = await handleDirectTransferCallback(deps, {
        callbackEvent,
        orderId: body.orderId,
        amountCents: body.amountCents,
        signature: request.headers[CALLBACK_SIGNATURE_HEADER],
      });
      return { data };
    },
  );
}
