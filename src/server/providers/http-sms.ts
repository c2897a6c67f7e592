import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/connect.ts';
import { COUNTRY_CODE } from '../../shared/constants.ts';
import type { SmsProvider } from './sms.ts';
import { insertOutboxSms } from './sms-outbox.ts';

/**
 * A generic HTTP SMS gateway: `POST <SMS_PROVIDER_URL>` with `{ to: '+34…', text, reference }` and a bearer key.
 * Real gateways differ in their payloads; adapt here, behind the same interface. The message is also kept in
 * `sms_outbox` (the record of what was sent).
 */
export function createHttpSmsProvider(deps: {
  url: string;
  apiKey: string;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): SmsProvider {
  return {
    name: 'http',
    async send(phone, text, purpose) {
      const id = await insertOutboxSms(deps.db, {
        phone,
        text,
        purpose,
        provider: 'http',
        createdAt: deps.clock.now(),
      });
      const response = await fetch(deps.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deps.apiKey}` },
        body: JSON.stringify({ to: `${COUNTRY_CODE}${phone}`, text, reference: String(id) }),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        deps.log.error({ sms: { id, purpose }, status: response.status }, 'SMS provider refused the message');
        throw new Error(`SMS provider answered ${response.status}`);
      }
      return { id: String(id), provider: 'http' };
    },
  };
}
