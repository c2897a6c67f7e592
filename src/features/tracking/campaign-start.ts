import { campaignParametersAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { CAMPAIGN_PARAMETER_NAMES } from './campaign-parameter-names.ts';

/**
 * What the app calls at start-up and after each login. The tracker (campaign-tracker.ts, with the affiliate calls
 * and their schemas) loads only when it has something to do: the landing URL carries a campaign parameter, or this
 * device keeps campaign landings from before (to post, attach or delete them as the cookie consent says). With
 * neither there is nothing to store, post, attach or delete, so most visits never load it.
 */

const loadTracker = () => import('./campaign-tracker.ts');

/** A tracker that could not load (offline without its chunk) loses this landing, as a failed post would. */
const warn = (error: unknown) => console.warn('Affiliate tracking could not load', error);

function hasCampaignParameter(url: string): boolean {
  try {
    const { searchParams } = new URL(url);
    return CAMPAIGN_PARAMETER_NAMES.some((name) => searchParams.has(name));
  } catch {
    return false;
  }
}

const hasStoredLandings = async (store: AppStore): Promise<boolean> =>
  (await store.get(campaignParametersAtom)) !== null;

/** Captures the landing's campaign parameters and keeps following the cookie consent (campaign-tracker.ts). */
export async function captureCampaign(url: string, store: AppStore): Promise<void> {
  if (!hasCampaignParameter(url) && !(await hasStoredLandings(store))) return;
  const tracker = await loadTracker().catch(warn);
  await tracker?.captureCampaign(url, store);
}

/** Attaches the stored campaign landings to the customer who just logged in or registered. */
export async function attachCampaign(store: AppStore): Promise<void> {
  if (!(await hasStoredLandings(store))) return;
  const tracker = await loadTracker().catch(warn);
  await tracker?.attachCampaign(store);
}
