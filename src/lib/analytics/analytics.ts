/**
 * Page views and events for an analytics service (first document §7 "page views and events sent to an analytics
 * service"), gated by the customer's cookie permissions (second document §3 "Cookie permissions").
 *
 * Nothing is sent unless `analyticsPerformance` is granted. There is no third-party script: the app sets the
 * product's own sink at start (./server-sink.ts, posting to the app's server), and without consent (or without a
 * sink) events are dropped, never queued, so nothing collected before consent leaks out after it; withdrawing consent
 * also drops what the sink still holds.
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
  /** A page view; `path` is the route's path pattern (`/rollover/:loanId?`), never an address with its ids. */
  page(path: string): void;
  event(name: string, props: AnalyticsProps): void;
  /** Consent is gone (withdrawn, or never given): forget whatever is held and not yet sent. */
  discard?(): void;
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
  if (consent?.analyticsPerformance !== true) {
    try {
      sink?.discard?.();
    } catch (error) {
      console.warn('analytics sink failed', error);
    }
  }
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
