import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/connect.ts';
import { markSmsRead } from './queries.ts';

/**
 * SmsMarkasreadGetBySmsId: the app calls it with the `smsPoolId` of a link in an SMS (errors ignored). The first
 * call sets the SMS's read_at; later ones keep it. The call is public, so its answer never tells whether an id
 * exists or was read before: every well-formed request is acknowledged with `true`. Ids are the outbox's numbers;
 * anything that is not one (or is out of range) changes nothing. The per-IP rate limit bounds forged receipts.
 */

const SMS_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export async function acknowledgeSmsRead(
  deps: { db: Executor; clock: Clock },
  smsId: string,
  log: FastifyBaseLogger,
): Promise<true> {
  const id = SMS_ID.test(smsId) ? Number(smsId) : null;
  const marked = id !== null && id <= MAX_ID && (await markSmsRead(deps.db, id, deps.clock.now()));
  log.debug({ event: 'smsRead', marked }, 'SMS read receipt');
  return true;
}
