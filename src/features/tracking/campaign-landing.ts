import type { CampaignParameters } from '../../lib/storage/atoms.ts';
import { CAMPAIGN_PARAMETER_NAMES } from './campaign-parameter-names.ts';

/**
 * Campaign parameters of a landing URL (first document §4 "Affiliate tracking"): utm_campaign, uid, mykredit_ref,
 * campaignid, and the visit history entry {occuredAt, fullUri}.
 *
 * Privacy: `fullUri` is the landing's origin and path with the campaign parameters only. Every other query
 * parameter is left out, so a token (`jwt`), a PIN or a phone number that shares a link with a campaign never
 * reaches the tracking history.
 */

export type CampaignParameterName = (typeof CAMPAIGN_PARAMETER_NAMES)[number];
export type CampaignValues = Partial<Record<CampaignParameterName, string>>;

/** Longer values are not campaign identifiers: they are dropped (the server drops them too), never cut. */
export const CAMPAIGN_VALUE_MAX = 200;
/** The contract's bound on the history (AffilateClickPost); the oldest landings go first. */
export const CAMPAIGN_HISTORY_MAX = 100;

export interface CampaignLanding {
  readonly values: CampaignValues;
  readonly entry: { readonly occuredAt: string; readonly fullUri: string };
}

/** The landing's campaign values and history entry, or null when it carries none of the four parameters. */
export function campaignLandingOf(url: URL, at: Date): CampaignLanding | null {
  const values: CampaignValues = {};
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMETER_NAMES) {
    const value = url.searchParams.get(name)?.trim();
    if (!value || value.length > CAMPAIGN_VALUE_MAX) continue;
    values[name] = value;
    kept.set(name, value);
  }
  if (Object.keys(values).length === 0) return null;
  return { values, entry: { occuredAt: at.toISOString(), fullUri: `${url.origin}${url.pathname}?${kept}` } };
}

/**
 * The parameters after one more landing: the four values are those of the latest campaign landing (a new campaign
 * replaces the previous one as a whole, so two campaigns' values are never mixed); the history keeps every
 * landing, the latest 100.
 */
export function withLanding(previous: CampaignParameters | null, landing: CampaignLanding): CampaignParameters {
  return {
    ...landing.values,
    history: [...(previous?.history ?? []), landing.entry].slice(-CAMPAIGN_HISTORY_MAX),
  };
}

/** `later`'s values, with `earlier`'s history before its own. */
export function mergeCampaigns(earlier: CampaignParameters | null, later: CampaignParameters): CampaignParameters {
  const { history, ...values } = later;
  return { ...values, history: [...(earlier?.history ?? []), ...history].slice(-CAMPAIGN_HISTORY_MAX) };
}
