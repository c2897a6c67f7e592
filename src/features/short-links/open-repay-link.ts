import type { RepayLinkCustomerInfo } from '../../shared/api/links.ts';
import type { MemberDetails, Session } from '../../shared/api/customer-schemas.ts';
import { repayLinkDestination } from '../../shared/repay-link.ts';
import { landingFor } from '../../shared/routes/access.ts';
import { buildPath } from '../../shared/routes/paths.ts';

/**
 * The repay short link flow (first document §4 "Repay link flow"):
 * - a customer already logged in is only navigated: the destination comes from the link's customer info, no new
 *   login. Decision: if the link belongs to someone else (another phone), the logged-in customer is not switched
 *   and goes to their own status landing;
 * - otherwise LoginWithRepayTokenPostByRepayToken, the session is started, then CustomerForLoginRedirectionGet and
 *   the decision table (src/shared/repay-link.ts);
 * - on any failure, home.
 */

export interface RepayLinkDeps {
  loginWithRepayToken(repayToken: string): Promise<Session>;
  getRepayLinkCustomer(repayToken: string): Promise<RepayLinkCustomerInfo>;
  startSession(
    session: { token: string; memberDetails: MemberDetails },
    info: { passwordRequired: boolean },
  ): Promise<void>;
}

export type RepayLinkOutcome =
  | { readonly kind: 'navigated'; readonly to: string }
  | { readonly kind: 'loggedIn'; readonly to: string }
  | { readonly kind: 'failed'; readonly to: string; readonly error: unknown };

/** The last 9 digits: the Spanish number without +34 or spaces. */
const nationalNumber = (phone: string): string => phone.replace(/\D/g, '').slice(-9);

export async function openRepayLink(
  repayToken: string,
  member: MemberDetails | null,
  deps: RepayLinkDeps,
): Promise<RepayLinkOutcome> {
  try {
    if (member !== null) {
      const info = await deps.getRepayLinkCustomer(repayToken);
      const own = nationalNumber(info.phoneNumber) === nationalNumber(member.phone);
      return {
        kind: 'navigated',
        to: own ? repayLinkDestination(info) : landingFor(member.status),
      };
    }
    const session = await deps.loginWithRepayToken(repayToken);
    const { passwordRequired, ...memberDetails } = session.customerDetails;
    await deps.startSession({ token: session.token, memberDetails }, { passwordRequired });
    const info = await deps.getRepayLinkCustomer(repayToken);
    return { kind: 'loggedIn', to: repayLinkDestination(info) };
  } catch (error) {
    return { kind: 'failed', to: buildPath('home'), error };
  }
}
