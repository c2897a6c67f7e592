import type { CookieConsent } from '../../lib/storage/atoms.ts';
import type { CookiePermissionKey } from '../../shared/cookies.ts';

/** The optional permissions: every one the customer may switch (strictlyNecessary is always true). */
export type CookieToggles = Readonly<Record<Exclude<CookiePermissionKey, 'strictlyNecessary'>, boolean>>;

export const NO_OPTIONAL_COOKIES: CookieToggles = {
  functional: false,
  analyticsPerformance: false,
  advertisingPurposing: false,
  fullStoryVideo: false,
};

export const ALL_OPTIONAL_COOKIES: CookieToggles = {
  functional: true,
  analyticsPerformance: true,
  advertisingPurposing: true,
  fullStoryVideo: true,
};

/** The consent to store: the chosen toggles plus strictlyNecessary (second document §4). */
export function consentFrom(toggles: CookieToggles): CookieConsent {
  return { strictlyNecessary: true, ...toggles };
}

/** The toggles a stored consent starts the detailed view with (all off when nothing is stored). */
export function togglesOf(consent: CookieConsent | null): CookieToggles {
  if (!consent) return NO_OPTIONAL_COOKIES;
  const { strictlyNecessary: _always, ...toggles } = consent;
  return toggles;
}
