/**
 * What the app's own analytics endpoint (`AnalyticsEventsPost`, src/shared/api/analytics.ts) accepts, without zod:
 * the client's sink (src/lib/analytics/server-sink.ts, in the first load) reads the same names and limits.
 *
 * Page views are named by their route's path pattern (`/rollover/:loanId?`, `/r/:repayToken`, `*` for the 404
 * page), never by the address itself, so no token or id of a URL is stored. Events are named by the app's calls of
 * `trackEvent`: a name missing here is refused by the server (400), so a new event is added here first.
 */

/** Every event name the app sends (grep `trackEvent(`): the registration and the loan flow's success (`trackLoanSuccess`). */
export const ANALYTICS_EVENT_NAMES = ['register', 'rtb_success', 'ftb_success'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const isAnalyticsEventName = (name: string): name is AnalyticsEventName =>
  (ANALYTICS_EVENT_NAMES as readonly string[]).includes(name);

export const ANALYTICS_LIMITS = {
  /** Page views and events in one request. */
  itemsPerRequest: 20,
  /** Properties of one event. */
  propsPerItem: 10,
  /** Characters of a property's name (letters, digits, `_`, starting with a letter). */
  propKeyChars: 40,
  /** Characters of a property's text value. */
  propTextChars: 200,
  /** An `occurredAt` further ahead of the server's clock than this is a wrong device clock (1 day). */
  futureMs: 24 * 60 * 60 * 1000,
  /** …or further behind it than this (7 days). */
  pastMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** A property's name: `amount`, `landingPage`, `user_type`. */
export const ANALYTICS_PROP_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
