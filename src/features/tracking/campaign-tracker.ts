import { RESET } from 'jotai/utils';
import {
  campaignParametersAtom,
  clientUniqueIdAtom,
  cookieConsentAtom,
  type CampaignParameters,
  type CookieConsent,
} from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import type { AffiliateClickPayload } from '../../shared/api/tracking.ts';
import { attachAffiliates } from './api/attach-affiliates.ts';
import { postAffiliateClick } from './api/post-affiliate-click.ts';
import { campaignLandingOf, mergeCampaigns, withLanding } from './campaign-landing.ts';

/**
 * Affiliate tracking (first document §4): campaign parameters captured from any landing URL and kept 3 days
 * (campaignParametersAtom), a click posted with this browser's Client-Unique id and the landing history
 * (AffilateClickPost), and the clicks attached to the customer after registration or login (AttachAffilatesPost).
 *
 * Consent (ePrivacy art. 5(3), AEPD cookie guide): campaign identifiers serve advertising (attributing a customer
 * to the affiliate that brought them), so storing them on the device and sending them with the device id needs the
 * advertising permission of the cookie modal (advertisingPurposing). Until the customer decides, a landing is kept
 * in memory only; accepting advertising stores it and posts the click; refusing discards it, and withdrawing the
 * permission later deletes what was stored. Registration's `uId` comes from the stored parameters, so it is sent
 * only with that permission.
 */

export interface CampaignTrackerDeps {
  postClick: (payload: AffiliateClickPayload) => Promise<void>;
  attach: (payload: AffiliateClickPayload) => Promise<void>;
  now: () => Date;
  /** How long to wait for start-up to create the Client-Unique id before giving up on a post. */
  clientIdWaitMs: number;
}

export interface CampaignTracker {
  /** Captures the landing's campaign parameters (if any) and keeps watching the cookie consent. */
  capture(url: string | URL, store: AppStore): Promise<void>;
  /** Attaches the stored campaign landings to the customer who just logged in or registered. */
  attach(store: AppStore): Promise<void>;
  /** The landing kept in memory until the customer decides on advertising cookies. */
  pending(): CampaignParameters | null;
}

const advertisingAllowed = (consent: CookieConsent | null) => consent?.advertisingPurposing === true;

async function clientUniqueId(store: AppStore, waitMs: number): Promise<string | null> {
  const existing = await store.get(clientUniqueIdAtom);
  if (existing) return existing;
  return new Promise((resolve) => {
    const done = (id: string | null) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(id);
    };
    const timer = setTimeout(() => done(null), waitMs);
    const unsubscribe = store.sub(clientUniqueIdAtom, () => {
      const id = store.get(clientUniqueIdAtom);
      if (typeof id === 'string' && id !== '') done(id);
    });
  });
}

export function createCampaignTracker(deps: CampaignTrackerDeps): CampaignTracker {
  let pending: CampaignParameters | null = null;
  const watched = new WeakSet<AppStore>();

  /** Stores what is pending and posts the click, when (and only when) advertising cookies are allowed. */
  const flush = async (store: AppStore): Promise<void> => {
    const consent = await store.get(cookieConsentAtom);
    if (consent === null) return; // not decided yet: keep waiting in memory
    if (!advertisingAllowed(consent)) {
      pending = null;
      if ((await store.get(campaignParametersAtom)) !== null) await store.set(campaignParametersAtom, RESET);
      return;
    }
    if (pending === null) return;
    const landing = pending;
    pending = null;
    const stored = mergeCampaigns(await store.get(campaignParametersAtom), landing);
    await store.set(campaignParametersAtom, stored);
    const uniqueClientId = await clientUniqueId(store, deps.clientIdWaitMs);
    if (uniqueClientId === null) {
      console.warn('Affiliate click not sent: this browser has no Client-Unique id');
      return;
    }
    try {
      await deps.postClick({ uniqueClientId, history: stored.history });
    } catch (error) {
      console.warn('Affiliate click not sent', error);
    }
  };

  const watch = (store: AppStore) => {
    if (watched.has(store)) return;
    watched.add(store);
    store.sub(cookieConsentAtom, () => void flush(store));
  };

  return {
    async capture(url, store) {
      watch(store);
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return;
      }
      const landing = campaignLandingOf(parsed, deps.now());
      if (landing) pending = withLanding(pending, landing);
      await flush(store);
    },
    async attach(store) {
      if (!advertisingAllowed(await store.get(cookieConsentAtom))) return;
      const stored = await store.get(campaignParametersAtom);
      if (!stored || stored.history.length === 0) return;
      const uniqueClientId = await clientUniqueId(store, deps.clientIdWaitMs);
      if (uniqueClientId === null) return;
      try {
        await deps.attach({ uniqueClientId, history: stored.history });
      } catch (error) {
        console.warn('Affiliate clicks not attached', error);
      }
    },
    pending: () => pending,
  };
}

const tracker = createCampaignTracker({
  postClick: postAffiliateClick,
  attach: attachAffiliates,
  now: () => new Date(),
  clientIdWaitMs: 10_000,
});

/**
 * Called once by the app at start-up with the landing URL: captures its campaign parameters and, from then on,
 * stores and posts them as soon as the customer allows advertising cookies (or deletes them when not allowed).
 */
export function captureCampaign(url: string | URL, store: AppStore): Promise<void> {
  return tracker.capture(url, store);
}

/** Called by the app after every login or registration (onSessionStarted). */
export function attachCampaign(store: AppStore): Promise<void> {
  return tracker.attach(store);
}
