import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/connect.ts';
import type { SmsProvider } from './sms.ts';
import { insertOutboxSms } from './sms-outbox.ts';

/** Sandbox SMS: nothing leaves the server; the message goes to `sms_outbox` and the log. */
export function createSandboxSmsProvider(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }): SmsProvider {
  return {
    name: 'sandbox',
    async send(phone, text, purpose) {
      const id = await insertOutboxSms(deps.db, {
        phone,
        text,
        purpose,
        provider: 'sandbox',
        createdAt: deps.clock.now(),
      });
      deps.log.info({ sms: { id, phone, purpose, text } }, 'SMS (sandbox outbox)');
      return { id: String(id), provider: 'sandbox' };
    },
  };
}
