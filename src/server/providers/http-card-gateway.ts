import { z } from 'zod';
import type { CardGateway, ThreeDsStep } from './card-gateway.ts';

/**
 * A generic HTTP card-gateway adapter (SANDBOX off), bearer key:
 * `POST <CARD_GATEWAY_URL>/cards` `{ customerReference, card, allowedOrigin, returnOrigin }` (Idempotency-Key header)
 * → a CardValidation;
 * `GET <CARD_GATEWAY_URL>/three-ds/<transactionId>` → `{ step, providerState }`;
 * `POST <CARD_GATEWAY_URL>/charges` (Idempotency-Key header) → a CardCharge.
 * `POST <CARD_GATEWAY_URL>/charges/<idempotency key>/void` → `{ status: 'voided' }` or the charge made under it.
 * Real gateways (Credorax, PayNoPain) differ in their payloads; adapt here, behind the same interface. The card
 * details go only into the request body to the gateway; nothing here logs them.
 */
const stepSchema = z.object({
  state: z.enum(['completed', 'inprogress', 'error', 'dfpPost', 'iframe']),
  transactionId: z.string().min(1).max(200),
  provider: z.string().min(1).max(50),
  url: z.url().optional(),
  formFields: z.record(z.string(), z.string()).optional(),
});

const validationSchema = z.object({
  result: z.enum(['success', 'challengeNeeded', 'failed']),
  cardToken: z.string().max(500).nullable(),
  /** At most the first six and the last four digits. */
  maskedCardNumber: z.string().regex(/^(\d{6})?\*+\d{4}$/),
  brand: z.enum(['visa', 'other']),
  threeDs: stepSchema.nullable(),
  providerState: z.string().max(10_000).nullable(),
  threeDsScenario: z.string().max(100).nullable(),
  message: z.string().max(500).nullable(),
});

export function createHttpCardGateway(deps: { url: string; apiKey: string; timeoutMs?: number }): CardGateway {
  const base = deps.url.replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit = {}, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deps.apiKey}`, ...headers },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new Error(`Card gateway answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  const cleanStep = (step: z.infer<typeof stepSchema>): ThreeDsStep => ({
    state: step.state,
    transactionId: step.transactionId,
    provider: step.provider,
    ...(step.url === undefined ? {} : { url: step.url }),
    ...(step.formFields === undefined ? {} : { formFields: step.formFields }),
  });
  return {
    name: 'http',
    async createAndValidate({ customerId, card, origins, idempotencyKey }) {
      const body = await call(
        '/cards',
        {
          method: 'POST',
          body: JSON.stringify({
            customerReference: String(customerId),
            card,
            allowedOrigin: origins.appOrigin,
            returnOrigin: origins.serverOrigin,
          }),
        },
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      );
      const parsed = validationSchema.parse(body);
      return { ...parsed, threeDs: parsed.threeDs ? cleanStep(parsed.threeDs) : null };
    },
    async threeDsState(flow) {
      const body = z
        .object({ step: stepSchema, providerState: z.string().max(10_000).nullable() })
        .parse(await call(`/three-ds/${encodeURIComponent(flow.transactionId)}`));
      return { step: cleanStep(body.step), providerState: body.providerState };
    },
    async charge(input) {
      const body = await call(
        '/charges',
        {
          method: 'POST',
          body: JSON.stringify({
            cardToken: input.cardToken,
            amountCents: input.amountCents,
            reference: input.reference,
          }),
        },
        { 'idempotency-key': input.idempotencyKey },
      );
      const parsed = z
        .object({
          status: z.enum(['succeeded', 'failed', 'challengeNeeded']),
          transactionId: z.string().min(1).max(200),
          threeDs: stepSchema.nullable(),
          message: z.string().max(500).nullable(),
        })
        .parse(body);
      return { ...parsed, threeDs: parsed.threeDs ? cleanStep(parsed.threeDs) : null };
    },
    async voidCharge(idempotencyKey) {
      const body = await call(`/charges/${encodeURIComponent(idempotencyKey)}/void`, { method: 'POST' });
      return z
        .discriminatedUnion('status', [
          z.object({ status: z.literal('voided') }),
          z.object({
            status: z.enum(['succeeded', 'failed']),
            transactionId: z.string().min(1).max(200),
            message: z.string().max(500).nullable(),
          }),
        ])
        .parse(body);
    },
  };
}
