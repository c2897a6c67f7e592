/**
 * Campaign parameters of a landing URI (first document §4 "Affiliate tracking"): `utm_campaign`, `uid`,
 * `mykredit_ref` and `campaignid`. Only landings on this app count: an absolute http(s) URL whose origin is one of
 * the app's, or a path of the app (`/…`). Foreign, malformed or parameter-less URIs give no click.
 */

export const CAMPAIGN_PARAMETERS = ['utm_campaign', 'uid', 'mykredit_ref', 'campaignid'] as const;

/** Longer values are not campaign identifiers (they are dropped, not cut, so nothing is misattributed). */
export const CAMPAIGN_VALUE_MAX = 200;

export interface CampaignValues {
  utmCampaign: string | null;
  uid: string | null;
  mykreditRef: string | null;
  campaignId: string | null;
}

export interface CampaignClick extends CampaignValues {
  /** The landing instant, normalised to UTC ISO (so the same instant sent twice is one click). */
  occuredAt: string;
  fullUri: string;
}

/** The URL of an app landing, or null for a foreign or malformed URI. */
function appUrlOf(fullUri: string, appOrigins: ReadonlySet<string>, appBase: string): URL | null {
  const uri = fullUri.trim();
  // A path of the app: '/…' but not '//host/…' (a scheme-relative, foreign URL) nor '/\host' (browsers read it so).
  const isAppPath = uri.startsWith('/') && !uri.startsWith('//') && !uri.startsWith('/\\');
  if (!isAppPath && !/^https?:\/\//i.test(uri)) return null;
  let url: URL;
  try {
    url = isAppPath ? new URL(uri, appBase) : new URL(uri);
  } catch {
    return null;
  }
  return appOrigins.has(url.origin) ? url : null;
}

const valueOf = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name)?.trim();
  return value && value.length <= CAMPAIGN_VALUE_MAX ? value : null;
};

/** The campaign values of an app URL; null when it carries none of the four parameters. */
export function campaignValuesOf(url: URL): CampaignValues | null {
  const params = url.searchParams;
  const values: CampaignValues = {
    utmCampaign: valueOf(params, 'utm_campaign'),
    uid: valueOf(params, 'uid'),
    mykreditRef: valueOf(params, 'mykredit_ref'),
    campaignId: valueOf(params, 'campaignid'),
  };
  return Object.values(values).some((value) => value !== null) ? values : null;
}

/**
 * One history entry → a click, or null when it does not count (foreign or malformed URI, no campaign parameter,
 * an unreadable instant).
 */
export function campaignClickOf(
  entry: { occuredAt: string; fullUri: string },
  appOrigins: ReadonlySet<string>,
  appBase: string,
): CampaignClick | null {
  const at = new Date(entry.occuredAt);
  if (Number.isNaN(at.getTime())) return null;
  const url = appUrlOf(entry.fullUri, appOrigins, appBase);
  const values = url && campaignValuesOf(url);
  return values ? { occuredAt: at.toISOString(), fullUri: entry.fullUri, ...values } : null;
}
