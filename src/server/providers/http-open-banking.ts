import { z } from 'zod';
import type { OpenBankingProvider } from './open-banking.ts';

/**
 * A generic HTTP open-banking adapter (SANDBOX off): `POST <OPEN_BANKING_URL>/widget-sessions` with
 * `{ widget, customerReference, holderName, allowedOrigin, bank? }` (bank: the entity code chosen in the app) → `{ sessionId, widgetUrl }`, and
 * `GET <OPEN_BANKING_URL>/widget-sessions/<id>` → `{ status, accounts }` in this interface's shapes, with a bearer
 * key. Real providers (Tink, Unnax) differ in their payloads; adapt here, behind the same interface.
 */
const resultSchema = z.object({
  status: z.enum(['inProgress', 'succeeded', 'sessionFailed', 'unnaxResponseTimeout']),
  accounts: z.array(
    z.object({
      iban: z.string(),
      bankName: z.string(),
      holderName: z.string(),
      balanceCents: z.number().int(),
      transactions: z.array(
        z.object({
          date: z.iso.date(),
          amountCents: z.number().int(),
          description: z.string(),
          isSalary: z.boolean(),
        }),
      ),
    }),
  ),
});

export function createHttpOpenBankingProvider(deps: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}): OpenBankingProvider {
  const base = deps.url.replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deps.apiKey}` },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
    });
    if (!response.ok) throw new Error(`Open-banking provider answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  return {
    name: 'http',
    async initWidget(input) {
      const body = await call('/widget-sessions', {
        method: 'POST',
        body: JSON.stringify({
          widget: input.flavour,
          customerReference: String(input.customerId),
          holderName: input.holderName,
          allowedOrigin: input.appOrigin,
          ...(input.bankCode === undefined ? {} : { bank: input.bankCode }),
        }),
      });
      const parsed = z.object({ sessionId: z.string().min(1).max(200), widgetUrl: z.url() }).parse(body);
      return { ...parsed, providerState: null };
    },
    async sessionResult(session) {
      return resultSchema.parse(await call(`/widget-sessions/${encodeURIComponent(session.id)}`));
    },
  };
}
