/**
 * "Record the register landing page" (first document §4 "Registration"). Decision: when a registration succeeds,
 * the page the new customer lands on (/otp) is recorded together with where the registration started, as
 *   - an analytics event `register` (sent only with the customer's analytics consent), and
 *   - an action `registerLanding` of the client activity log (the support trail of the device).
 * "Where it started" is the entry of the register page: after a login that did not find the number
 * (`customerNotFound`), with a phone handed over by another page (`phone`), or directly (`direct`); plus the
 * campaign of the visit when one was captured. No personal data goes into either record.
 */
import { logActivity } from '../../lib/activity-log/activity-log.ts';
import { trackEvent } from '../../lib/analytics/analytics.ts';

export type RegisterEntry = 'customerNotFound' | 'phone' | 'direct';

export interface RegisterLanding {
  /** The path the customer lands on after registering (without the hint). */
  readonly landingPage: string;
  readonly entry: RegisterEntry;
  /** utm_campaign or campaignid of the visit, when captured. */
  readonly campaign: string | null;
}

export function recordRegisterLanding(landing: RegisterLanding): void {
  trackEvent('register', { landingPage: landing.landingPage, entry: landing.entry, campaign: landing.campaign });
  logActivity('registerLanding', landing);
}
