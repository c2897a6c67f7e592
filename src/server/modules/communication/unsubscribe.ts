import type { FastifyBaseLogger } from 'fastify';
import type { UnsubscribePayload } from '../../../shared/api/communication.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { findCustomerContact, insertPermissionHistory, insertPermissionsIfAbsent, turnOffEmail } from './queries.ts';
import { unsubscribeLinkKey, verifyUnsubscribeKey } from './unsubscribe-key.ts';

/**
 * CommMarketingUnsubscribePost: the e-mail's unsubscribe link. A key that proves the customer and campaign turns
 * marketing e-mail off (allowEmail false) with a history row (source `unsubscribe`, the campaign); opening the link
 * again changes nothing and answers the same. Anything else is UnsubscribeLinkNotValid.
 *
 * A customer without permissions yet gets a first row: e-mail off, SMS and calls as their signup marketing consent.
 */

export const UNSUBSCRIBE_SOURCE = 'unsubscribe';

export interface UnsubscribeDeps {
  db: Database;
  clock: Clock;
}

export async function unsubscribeFromMarketing(
  deps: UnsubscribeDeps,
  payload: UnsubscribePayload,
  log: FastifyBaseLogger,
): Promise<true> {
  const customerId = verifyUnsubscribeKey(await unsubscribeLinkKey(deps.db), payload.userKey, payload.campaignId);
  if (customerId === null) {
    log.info({ event: 'unsubscribe', outcome: 'keyNotValid' }, 'unsubscribe link refused');
    throw new BusinessError('UnsubscribeLinkNotValid');
  }
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const contact = await findCustomerContact(tx, customerId);
    if (!contact) return 'noCustomer' as const;
    const values =
      (await insertPermissionsIfAbsent(
        tx,
        customerId,
        { allowEmail: false, allowSms: contact.acceptMarketing, allow3CxCalls: contact.acceptMarketing },
        now,
      )) ?? (await turnOffEmail(tx, customerId, now));
    if (!values) return 'alreadyOff' as const;
    await insertPermissionHistory(tx, {
      customerId,
      ...values,
      source: UNSUBSCRIBE_SOURCE,
      campaignId: payload.campaignId,
      createdAt: now,
    });
    return 'emailOff' as const;
  });
  log.info(
    { event: 'unsubscribe', outcome: changed, customerId, campaignId: payload.campaignId },
    'unsubscribe link used',
  );
  return true;
}
