import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { sandboxBanks } from '../../providers/sandbox-open-banking.ts';
import {
  findSandboxTransferOrder,
  isSandboxOrderOpen,
  sandboxEndOrder,
  SANDBOX_TRANSFER_PATHS,
  type SandboxTransferEnding,
} from '../../providers/sandbox-direct-transfer.ts';
import {
  renderTransferWidgetPage,
  TRANSFER_WIDGET_SCRIPT,
  transferWidgetHeaders,
} from '../../providers/sandbox-direct-transfer-page.ts';
import type { DirectTransferCallbackEvent } from '../../providers/direct-transfer.ts';
import { CALLBACK_SIGNATURE_HEADER, DIRECT_TRANSFER_CALLBACK_PATH, signCallback } from '../transfer/index.ts';

const CALLBACK_RETRY_MS = 30_000;
const CALLBACK_RETRIES = 20;

const orderIdSchema = z.string().min(1).max(200);
const bankCodeSchema = z
  .string()
  .regex(/^\d{4}$/)
  .nullable();

/**
 * The sandbox direct-transfer widget (docs/sandbox.md "Sandbox direct transfer"), standing in for the provider's
 * widget and server:
 * `GET /sandbox/direct-transfer/widget?order=…` — the page DirectTransferInitPost's widgetUrl points at (framed only
 * by the app's origin the order recorded; 404 for an unknown order; an order no longer open says so);
 * `GET /sandbox/direct-transfer/widget.js` — its script;
 * `POST /sandbox/direct-transfer/widget/pay` `{ order, bankCode, termsAccepted }` — 'Pagar': terms not accepted →
 * 422 TermsNotAccepted; otherwise the provider's server calls the app's signed callback `authorized` and answers
 * `{ data: { result: 'success' | 'failure' } }` (404 for an unknown or ended order);
 * `POST /sandbox/direct-transfer/widget/end` `{ order, how, bankCode }` — the sandbox buttons: `consents_denied`
 * (callback `cancelled`), `user_blocked` (callback `cancelled`; the customer is blocked for 24 h) or
 * `paymentFailed` (callback `failed`). While the app answers the callback 409 (another payment of the loan pending),
 * the sandbox calls it again every 30 s for 10 minutes.
 */
export async function sandboxDirectTransferRoutes(app: FastifyInstance): Promise<void> {
  /** The provider's server calling the app's callback, signed with the shared key (through the real route). */
  const callApp = async (callbackEvent: DirectTransferCallbackEvent, orderId: string, amountCents: number) => {
    const signature = signCallback(
      app.secrets.directTransferCallbackKey,
      { callbackEvent, orderId, amountCents },
      app.clock.now(),
    );
    const response = await app.inject({
      method: 'POST',
      url: DIRECT_TRANSFER_CALLBACK_PATH.replace(':callbackEvent', callbackEvent),
      headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signature },
      payload: JSON.stringify({ orderId, amountCents }),
    });
    if (response.statusCode !== 200) {
      app.log.warn({ statusCode: response.statusCode, callbackEvent }, 'sandbox direct-transfer callback refused');
      return { statusCode: response.statusCode, status: null };
    }
    const body = response.json() as { data?: { status?: string } };
    return { statusCode: 200, status: body.data?.status ?? null };
  };

  // Like a real provider, the sandbox calls again while the app answers 409 (another payment of the loan is
  // pending): every 30 s for 10 minutes, until the app closes.
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  const retryLater = (orderId: string, amountCents: number) => {
    for (let attempt = 1; attempt <= CALLBACK_RETRIES; attempt += 1) {
      setTimeout(() => {
        if (closing) return;
        void findSandboxTransferOrder(app.db, orderId)
          .then((order) => (order?.status === 'authorized' ? callApp('authorized', orderId, amountCents) : null))
          .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox direct-transfer callback retry failed'));
      }, attempt * CALLBACK_RETRY_MS).unref();
    }
  };

  app.get(SANDBOX_TRANSFER_PATHS.script, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(TRANSFER_WIDGET_SCRIPT),
  );

  app.get(
    SANDBOX_TRANSFER_PATHS.widget,
    { config: { securityHeaders: false }, schema: { querystring: z.strictObject({ order: orderIdSchema }) } },
    async (request, reply) => {
      const { order: orderId } = request.query as { order: string };
      const order = await findSandboxTransferOrder(app.db, orderId);
      if (!order) throw new HttpError('NotFound');
      return reply.headers(transferWidgetHeaders(order.state.appOrigin)).send(
        renderTransferWidgetPage({
          providerOrderId: orderId,
          appOrigin: order.state.appOrigin,
          amountCents: order.amountCents,
          banks: sandboxBanks(),
          open: isSandboxOrderOpen(order),
        }),
      );
    },
  );

  app.post(
    SANDBOX_TRANSFER_PATHS.pay,
    {
      schema: {
        body: z.strictObject({ order: orderIdSchema, bankCode: bankCodeSchema, termsAccepted: z.boolean() }),
        response: { 200: z.object({ data: z.object({ result: z.enum(['success', 'failure']) }) }) },
      },
    },
    async (request) => {
      const body = request.body as { order: string; bankCode: string | null; termsAccepted: boolean };
      if (!body.termsAccepted) throw new BusinessError('TermsNotAccepted');
      const order = await sandboxEndOrder(app.db, body.order, 'paid', body.bankCode, app.clock.now());
      if (!order) throw new HttpError('NotFound');
      const answer = await callApp('authorized', order.providerOrderId, order.amountCents);
      if (answer.statusCode === 409) retryLater(order.providerOrderId, order.amountCents);
      return { data: { result: answer.status === 'completed' ? ('success' as const) : ('failure' as const) } };
    },
  );

  app.post(
    SANDBOX_TRANSFER_PATHS.end,
    {
      schema: {
        body: z.strictObject({
          order: orderIdSchema,
          how: z.enum(['consents_denied', 'user_blocked', 'paymentFailed']),
          bankCode: bankCodeSchema,
        }),
        response: { 200: z.object({ data: z.literal(true) }) },
      },
    },
    async (request) => {
      const body = request.body as {
        order: string;
        how: Exclude<SandboxTransferEnding, 'paid'>;
        bankCode: string | null;
      };
      const order = await sandboxEndOrder(app.db, body.order, body.how, body.bankCode, app.clock.now());
      if (!order) throw new HttpError('NotFound');
      await callApp(body.how === 'paymentFailed' ? 'failed' : 'cancelled', order.providerOrderId, order.amountCents);
      return { data: true as const };
    },
  );
}
