import type { FastifyBaseLogger } from 'fastify';
import type { UnsubscribePayload } from '../../../shared/api/communication.ts';
import { BusinessError } from '../../http/errors.ts';
import { PERMISSION_SOURCES, savePermissions } from './permissions.ts';
import type { CommunicationDeps } from './service.ts';
import { unsubscribeLinkKey, verifyUnsubscribeKey } from './unsubscribe-key.ts';

/**
 * CommMarketingUnsubscribePost: the e-mail's unsubscribe link. A key that proves the customer and campaign turns
 * marketing e-mail off (allowEmail false) with a history row (source `unsubscribe`, the campaign); opening the link
 * again changes nothing and answers the same. Anything else is UnsubscribeLinkNotValid.
 *
 * A customer without permissions yet gets a first row: e-mail off, SMS and calls as their signup marketing consent
 * (permissions.ts).
 */

export const UNSUBSCRIBE_SOURCE = PERMISSION_SOURCES.unsubscribe;

export async function unsubscribeFromMarketing(
  deps: CommunicationDeps,
  payload: UnsubscribePayload,
  log: FastifyBaseLogger,
): Promise<true> {
  const customerId = verifyUnsubscribeKey(await unsubscribeLinkKey(deps.db), payload.userKey, payload.campaignId);
  if (customerId === null) {
    log.info({ event: 'unsubscribe', outcome: 'keyNotValid' }, 'unsubscribe link refused');
    throw new BusinessError('UnsubscribeLinkNotValid');
  }
  const now = deps.clock.now();
  const saved = await deps.db.transaction((tx) =>
    savePermissions(tx, customerId, (current) => ({ ...current, allowEmail: false }), {
      source: UNSUBSCRIBE_SOURCE,
      campaignId: payload.campaignId,
      now,
    }),
  );
  const changed = !saved ? 'noCustomer' : saved.changed ? 'emailOff' : 'alreadyOff';
  log.info(
    { event: 'unsubscribe', outcome: changed, customerId, campaignId: payload.campaignId },
    'unsubscribe link used',
  );
  return true;
}
