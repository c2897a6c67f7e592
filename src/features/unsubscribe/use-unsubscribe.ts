import { isBusinessError } from '../../lib/api/errors.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import {
  CommMarketingUnsubscribePost,
  unsubscribePayloadSchema,
  type UnsubscribePayload,
} from '../../shared/api/communication.ts';
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
  const { load, retry } = usePageData((signal) => (valid ? send(valid, signal) : Promise.resolve(invalidLink)), {
    key: valid && JSON.stringify([valid.campaignId, valid.userKey, valid.userTo]),
  });
  if (!valid) return { state: invalidLink, retry };
  const state: UnsubscribeState =
    load.kind === 'ready' ? load.value : load.kind === 'loading' ? { kind: 'processing' } : { kind: 'failed' };
  return { state, retry };
}

const invalidLink: UnsubscribeState = { kind: 'invalidLink' };

/** Waits UNSUBSCRIBE_DELAY_MS (nothing is sent if the page goes away meanwhile), then posts the link's values. */
async function send(
  { campaignId, userKey, userTo }: UnsubscribePayload,
  signal: AbortSignal,
): Promise<UnsubscribeState> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, UNSUBSCRIBE_DELAY_MS);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
  try {
    await unsubscribe({ campaignId, userKey, userTo, communicationType: 'email' });
    return { kind: 'done' };
  } catch (error) {
    console.warn('Unsubscribe failed', error);
    const refusal = isBusinessError(error, CommMarketingUnsubscribePost) && error.find('UnsubscribeLinkNotValid');
    if (refusal) return { kind: 'refused', message: refusal.message };
    throw error;
  }
}
