/**
 * Page views and events for an analytics service (first document §7 "page views and events sent to an analytics
 * service"), gated by the customer's cookie permissions (second document §3 "Cookie permissions").
 *
 * Nothing is sent unless `analyticsPerformance` is granted. There is no third-party script by default: the sink is
 * none until the app sets one, and without consent (or without a sink) events are dropped, never queued, so
 * nothing collected before consent leaks out after it.
 */

/** The customer's cookie permissions (second document §3); strictlyNecessary is always true. */
export interface CookiePermissions {
  strictlyNecessary: boolean;
  analyticsPerformance: boolean;
  functional: boolean;
  fullStoryVideo: boolean;
  advertisingPurposing: boolean;
}

export type AnalyticsProps = Readonly<Record<string, string | number | boolean | null>>;

/** Where granted events go (an analytics provider's adapter). */
export interface AnalyticsSink {
  page(path: string): void;
  event(name: string, props: AnalyticsProps): void;
}

let sink: AnalyticsSink | null = null;
let consent: CookiePermissions | null = null;

/** Sets (or, with null, removes) the sink. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

/** The customer's current permissions; null (not decided yet) grants nothing. */
export function setAnalyticsConsent(next: CookiePermissions | null): void {
  consent = next ? { ...next } : null;
}

/** The sink when analytics is allowed now, else null. */
function grantedSink(): AnalyticsSink | null {
  return consent?.analyticsPerformance === true ? sink : null;
}

/** A sink failure never reaches the page. */
function deliver(send: (target: AnalyticsSink) => void): void {
  const target = grantedSink();
  if (!target) return;
  try {
    send(target);
  } catch (error) {
    console.warn('analytics sink failed', error);
  }
}

export function trackPage(path: string): void {
  deliver((target) => target.page(path));
}

export function trackEvent(name: string, props: AnalyticsProps = {}): void {
  deliver((target) => target.event(name, props));
}
