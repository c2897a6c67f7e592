import { z } from 'zod';
import type { DirectTransferProvider } from './direct-transfer.ts';

/**
 * A generic HTTP direct-transfer adapter (SANDBOX off): `POST <DIRECT_TRANSFER_URL>/orders` with
 * `{ customerReference, loanReference, amountCents, allowedOrigin, successPage, errorPage, doneMessage }` and a
 * bearer key and the order's `Idempotency-Key` header (a retry gets the first order back) → `{ orderId, widgetUrl }`,
 * or `{ blocked: true }` when the provider blocks the customer for now. The widget url is kept as the order's
 * provider state (`{"widgetUrl": …}`), so a retry whose first answer was lost answers it without a call. The
 * provider reports the outcome on the signed callback (modules/transfer, DIRECT_TRANSFER_CALLBACK_SECRET). Real
 * providers (Unnax) differ in their payloads; adapt here, behind the same interface.
 */
const answerSchema = z.union([
  z.object({ orderId: z.string().min(1).max(200), widgetUrl: z.url({ protocol: /^https?$/ }) }),
  z.object({ blocked: z.literal(true) }),
]);

const stateSchema = z.object({ widgetUrl: z.url({ protocol: /^https?$/ }) });

export function createHttpDirectTransferProvider(deps: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}): DirectTransferProvider {
  const base = deps.url.replace(/\/+$/, '');
  return {
    name: 'http',
    async initTransfer(input) {
      const response = await fetch(`${base}/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${deps.apiKey}`,
          ...(input.idempotencyKey === undefined ? {} : { 'idempotency-key': input.idempotencyKey }),
        },
        body: JSON.stringify({
          customerReference: String(input.customerId),
          loanReference: String(input.loanId),
          amountCents: input.amountCents,
          allowedOrigin: input.appOrigin,
          successPage: input.successPage,
          errorPage: input.errorPage,
          doneMessage: input.doneMessage,
        }),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
      });
      if (!response.ok) throw new Error(`Direct-transfer provider answered ${response.status}`);
      const answer = answerSchema.parse(await response.json());
      if ('blocked' in answer) return { result: 'blocked' };
      return {
        result: 'created',
        providerOrderId: answer.orderId,
        widgetUrl: answer.widgetUrl,
        providerState: JSON.stringify({ widgetUrl: answer.widgetUrl }),
      };
    },
    widgetUrlOf(order) {
      if (order.providerState === null) return null;
      try {
        return stateSchema.parse(JSON.parse(order.providerState)).widgetUrl;
      } catch {
        return null;
      }
    },
  };
}
