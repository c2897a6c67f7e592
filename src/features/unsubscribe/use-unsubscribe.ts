import { useCallback, useEffect, useState } from 'react';
import { isBusinessError } from '../../lib/api/errors.ts';
import { CommMarketingUnsubscribePost, unsubscribePayloadSchema } from '../../shared/api/communication.ts';
import { UNSUBSCRIBE_DELAY_MS } from '../../shared/constants.ts';
import { unsubscribe } from './api/unsubscribe.ts';

export type UnsubscribeState =
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'processing' }
  | { readonly kind: 'done' }
  /** The server refused the link (UnsubscribeLinkNotValid): its message. */
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'failed' };

export interface UnsubscribeLink {
  readonly camp: string | null;
  readonly key: string | null;
  readonly userTo: string | null;
}

/**
 * The unsubscribe link (`/unsubscribe?camp&key&userTo`, first document §2): wait 1 s (UNSUBSCRIBE_DELAY_MS), post
 * CommMarketingUnsubscribePost { campaignId: camp, userKey: key, userTo, communicationType: 'email' }, then thank.
 * A link without its three values (or with values the contract refuses) posts nothing.
 *
 * A failure is only logged (first document §8): no error dialog. Decision: the page does not claim success then
 * (the customer would believe they are unsubscribed when they are not); it says the request could not be processed
 * and offers to try again or to write to customer service. A link the server refuses says so.
 */
export function useUnsubscribe(link: UnsubscribeLink): { state: UnsubscribeState; retry: () => void } {
  const payload = unsubscribePayloadSchema.safeParse({
    campaignId: link.camp?.trim() || undefined,
    userKey: link.key?.trim() || undefined,
    userTo: link.userTo?.trim() || undefined,
    communicationType: 'email',
  });
  const valid = payload.success ? payload.data : null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<UnsubscribeState>(valid ? { kind: 'processing' } : { kind: 'invalidLink' });
  const { campaignId, userKey, userTo } = valid ?? {};

  useEffect(() => {
    if (campaignId === undefined || userKey === undefined || userTo === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      unsubscribe({ campaignId, userKey, userTo, communicationType: 'email' }).then(
        () => current && setState({ kind: 'done' }),
        (error: unknown) => {
          console.warn('Unsubscribe failed', error);
          if (!current) return;
          const refusal = isBusinessError(error, CommMarketingUnsubscribePost) && error.find('UnsubscribeLinkNotValid');
          setState(refusal ? { kind: 'refused', message: refusal.message } : { kind: 'failed' });
        },
      );
    }, UNSUBSCRIBE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [campaignId, userKey, userTo, attempt]);

  const retry = useCallback(() => {
    setState({ kind: 'processing' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}
