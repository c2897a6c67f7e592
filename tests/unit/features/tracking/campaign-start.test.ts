import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attachCampaign, captureCampaign } from '../../../../src/features/tracking/campaign-start.ts';
import { campaignParametersAtom, persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';

/**
 * The start-up side of affiliate tracking: the tracker (its code, its calls) loads only when there is something to
 * capture (a campaign parameter in the landing URL) or something kept from before (to post, attach or delete).
 */

const tracker = vi.hoisted(() => ({ captureCampaign: vi.fn(), attachCampaign: vi.fn() }));
vi.mock('../../../../src/features/tracking/campaign-tracker.ts', () => tracker);

async function storeWith(stored: boolean) {
  const store = createStore();
  await hydrate(store, persistedAtoms);
  if (stored) {
    await store.set(campaignParametersAtom, {
      utm_campaign: 'spring',
      history: [{ occuredAt: '2026-03-10T09:30:00.000Z', fullUri: 'https://example.test/?utm_campaign=spring' }],
    });
  }
  return store;
}

beforeEach(() => {
  tracker.captureCampaign.mockReset();
  tracker.attachCampaign.mockReset();
});

describe('campaign tracking at start-up', () => {
  it('does nothing (the tracker is not called) without a campaign parameter and without stored landings', async () => {
    const store = await storeWith(false);
    await captureCampaign('https://app.test/?jwt=abc&foo=1', store);
    await attachCampaign(store);
    expect(tracker.captureCampaign).not.toHaveBeenCalled();
    expect(tracker.attachCampaign).not.toHaveBeenCalled();
  });

  it.each(['utm_campaign', 'uid', 'mykredit_ref', 'campaignid'])('captures a landing with %s', async (name) => {
    const store = await storeWith(false);
    const url = `https://app.test/?${name}=x1`;
    await captureCampaign(url, store);
    expect(tracker.captureCampaign).toHaveBeenCalledWith(url, store);
  });

  it('follows stored landings (consent changes, attach after login) even when the URL has none', async () => {
    const store = await storeWith(true);
    await captureCampaign('https://app.test/', store);
    expect(tracker.captureCampaign).toHaveBeenCalledWith('https://app.test/', store);
    await attachCampaign(store);
    expect(tracker.attachCampaign).toHaveBeenCalledWith(store);
  });
});
